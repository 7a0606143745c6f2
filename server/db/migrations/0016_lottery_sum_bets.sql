ALTER TABLE "lottery_bets" DROP CONSTRAINT "lottery_bets_bet_type";--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_bet_type" CHECK ("lottery_bets"."bet_type" in ('POS_DIGIT', 'BIG_SMALL', 'ODD_EVEN', 'SUM_EXACT', 'LO2', 'LO3', 'DE2', 'DE3'));--> statement-breakpoint
-- Every five-digit game takes the exact sum from now on, at the default odds (16.333 on the
-- likeliest sums, rules.ts) and the stake limits of its Big / Small bet.
UPDATE "lottery_games" g SET "bet_types" = g."bet_types" || jsonb_build_array(jsonb_build_object(
	'betType', 'SUM_EXACT',
	'oddsMilli', 16333,
	'minStake', coalesce(bs.r->>'minStake', g."bet_types"->0->>'minStake'),
	'maxStake', coalesce(bs.r->>'maxStake', g."bet_types"->0->>'maxStake')))
FROM (SELECT g2."id", (SELECT r FROM jsonb_array_elements(g2."bet_types") r WHERE r->>'betType' = 'BIG_SMALL' LIMIT 1) AS r
	FROM "lottery_games" g2) bs
WHERE bs."id" = g."id" AND g."kind" = 'D5'
	AND jsonb_array_length(g."bet_types") > 0
	AND NOT g."bet_types" @> '[{"betType":"SUM_EXACT"}]'::jsonb;
