CREATE TABLE "member_daily_game_stats" (
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"day" date NOT NULL,
	"product_type" text NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_daily_game_stats_member_id_day_product_type_pk" PRIMARY KEY("member_id","day","product_type")
);
--> statement-breakpoint
CREATE TABLE "member_rebate_rates" (
	"member_id" integer NOT NULL,
	"product_type" text NOT NULL,
	"rate" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_rebate_rates_member_id_product_type_pk" PRIMARY KEY("member_id","product_type"),
	CONSTRAINT "member_rebate_rates_rate" CHECK ("member_rebate_rates"."rate" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "member_daily_game_stats" ADD CONSTRAINT "member_daily_game_stats_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rebate_rates" ADD CONSTRAINT "member_rebate_rates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The members' settled bets per day and game type, kept as member_daily_stats is (0022): a
-- bet counts on the day it was settled; each written or changed bet adds what it counts now
-- and takes back what it counted before. Triggers of their own, beside 0022's.
CREATE FUNCTION member_game_stats_bets_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_daily_game_stats AS s
    (member_id, merchant_code, day, product_type, bet_count, bet_amount, valid_bet, payout)
  SELECT b.member_id, b.merchant_code, (b.settled_time AT TIME ZONE m.time_zone)::date, b.product_type,
    count(*), sum(b.bet_amount), sum(b.valid_bet), sum(b.payout)
  FROM new_bets b JOIN merchants m ON m.code = b.merchant_code
  WHERE b.status = 'SETTLED' AND b.settled_time IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (member_id, day, product_type) DO UPDATE SET
    bet_count = s.bet_count + EXCLUDED.bet_count,
    bet_amount = s.bet_amount + EXCLUDED.bet_amount,
    valid_bet = s.valid_bet + EXCLUDED.valid_bet,
    payout = s.payout + EXCLUDED.payout;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bet_records_member_game_stats_insert AFTER INSERT ON bet_records
  REFERENCING NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION member_game_stats_bets_insert();
--> statement-breakpoint
CREATE FUNCTION member_game_stats_bets_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_daily_game_stats AS s
    (member_id, merchant_code, day, product_type, bet_count, bet_amount, valid_bet, payout)
  SELECT d.member_id, d.merchant_code, (d.settled_time AT TIME ZONE m.time_zone)::date, d.product_type,
    sum(d.sign), sum(d.sign * d.bet_amount), sum(d.sign * d.valid_bet), sum(d.sign * d.payout)
  FROM (
    SELECT 1 AS sign, n.member_id, n.merchant_code, n.settled_time, n.product_type, n.bet_amount, n.valid_bet, n.payout
    FROM new_bets n WHERE n.status = 'SETTLED' AND n.settled_time IS NOT NULL
    UNION ALL
    SELECT -1, o.member_id, o.merchant_code, o.settled_time, o.product_type, o.bet_amount, o.valid_bet, o.payout
    FROM old_bets o WHERE o.status = 'SETTLED' AND o.settled_time IS NOT NULL
  ) d JOIN merchants m ON m.code = d.merchant_code
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.bet_amount) <> 0 OR sum(d.sign * d.valid_bet) <> 0
      OR sum(d.sign * d.payout) <> 0
  ON CONFLICT (member_id, day, product_type) DO UPDATE SET
    bet_count = s.bet_count + EXCLUDED.bet_count,
    bet_amount = s.bet_amount + EXCLUDED.bet_amount,
    valid_bet = s.valid_bet + EXCLUDED.valid_bet,
    payout = s.payout + EXCLUDED.payout;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bet_records_member_game_stats_update AFTER UPDATE ON bet_records
  REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION member_game_stats_bets_update();
--> statement-breakpoint
-- The bets already settled.
INSERT INTO member_daily_game_stats (member_id, merchant_code, day, product_type, bet_count, bet_amount, valid_bet, payout)
SELECT b.member_id, b.merchant_code, (b.settled_time AT TIME ZONE m.time_zone)::date, b.product_type,
  count(*), sum(b.bet_amount), sum(b.valid_bet), sum(b.payout)
FROM bet_records b JOIN merchants m ON m.code = b.merchant_code
WHERE b.status = 'SETTLED' AND b.settled_time IS NOT NULL
GROUP BY 1, 2, 3, 4;
