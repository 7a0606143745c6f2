-- The most one bet line may win. Games that exist get the default: 1,000,000 major units of their brand's currency.
ALTER TABLE "lottery_games" ADD COLUMN "max_payout" bigint;--> statement-breakpoint
UPDATE "lottery_games" SET "max_payout" = (1000000 * power(10::numeric, "merchants"."currency_decimals"))::bigint FROM "merchants" WHERE "merchants"."code" = "lottery_games"."merchant_code";--> statement-breakpoint
ALTER TABLE "lottery_games" ALTER COLUMN "max_payout" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_max_payout" CHECK ("lottery_games"."max_payout" > 0);
