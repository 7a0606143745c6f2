CREATE TABLE "point_earn_bets" (
	"bet_record_id" integer PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"basis" bigint NOT NULL,
	"rate" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "point_earn_bets_positive" CHECK ("point_earn_bets"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "point_transactions" DROP CONSTRAINT "point_transactions_bet_record_id_bet_records_id_fk";
--> statement-breakpoint
DROP INDEX "point_transactions_earn_bet";--> statement-breakpoint
CREATE INDEX "point_earn_bets_transaction" ON "point_earn_bets" USING btree ("transaction_id");--> statement-breakpoint
-- Each earn written so far was one bet's: its facts move to the new table before the columns go.
INSERT INTO "point_earn_bets" ("bet_record_id", "transaction_id", "basis", "rate", "amount")
SELECT t."bet_record_id", t."id", t."basis", t."rate", p."amount"
FROM "point_transactions" t
JOIN "point_postings" p ON p."transaction_id" = t."id"
JOIN "point_accounts" a ON a."id" = p."account_id" AND a."member_id" IS NOT NULL
WHERE t."type" = 'EARN' AND t."bet_record_id" IS NOT NULL;--> statement-breakpoint
-- An earn's bets are written once and never changed or removed, as its postings (0035).
CREATE TRIGGER point_earn_bets_immutable BEFORE UPDATE OR DELETE ON point_earn_bets
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
ALTER TABLE "point_transactions" DROP COLUMN "bet_record_id";--> statement-breakpoint
ALTER TABLE "point_transactions" DROP COLUMN "basis";--> statement-breakpoint
ALTER TABLE "point_transactions" DROP COLUMN "rate";