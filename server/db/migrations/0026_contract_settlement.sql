CREATE TABLE "contract_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" text NOT NULL,
	"agent_id" integer NOT NULL,
	"unit" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"measure" bigint NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"rate" integer,
	"won_stakes" bigint,
	"lost_stakes" bigint,
	"pay" bigint NOT NULL,
	"downline_pay" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"shortfall" bigint DEFAULT 0 NOT NULL,
	"transaction_id" integer,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_settlements" (
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"payments" integer NOT NULL,
	"paid" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_settlements_merchant_code_kind_unit_period_start_pk" PRIMARY KEY("merchant_code","kind","unit","period_start")
);
--> statement-breakpoint
CREATE TABLE "member_hourly_stats" (
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_hourly_stats_member_id_hour_pk" PRIMARY KEY("member_id","hour")
);
--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_settlements" ADD CONSTRAINT "contract_settlements_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_hourly_stats" ADD CONSTRAINT "member_hourly_stats_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_payments_once" ON "contract_payments" USING btree ("contract_id","period_start");--> statement-breakpoint
CREATE INDEX "contract_payments_agent" ON "contract_payments" USING btree ("agent_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "member_hourly_stats_hour" ON "member_hourly_stats" USING btree ("merchant_code","hour");--> statement-breakpoint
CREATE INDEX "bet_records_settled" ON "bet_records" USING btree ("merchant_code","settled_time") WHERE "bet_records"."status" = 'SETTLED';--> statement-breakpoint
-- Hand-written below
-- A bet counts in the hour it settled, in the brand's time zone (a half-hour zone's hours
-- start at :30); the same sums as member_daily_stats, kept the same way (migration 0022).
CREATE FUNCTION member_hourly_stats_bets_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_hourly_stats AS s (member_id, merchant_code, hour, bet_count, bet_amount, valid_bet, payout)
  SELECT b.member_id, b.merchant_code, date_trunc('hour', b.settled_time, m.time_zone),
    count(*), sum(b.bet_amount), sum(b.valid_bet), sum(b.payout)
  FROM new_bets b JOIN merchants m ON m.code = b.merchant_code
  WHERE b.status = 'SETTLED' AND b.settled_time IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (member_id, hour) DO UPDATE SET
    bet_count = s.bet_count + EXCLUDED.bet_count,
    bet_amount = s.bet_amount + EXCLUDED.bet_amount,
    valid_bet = s.valid_bet + EXCLUDED.valid_bet,
    payout = s.payout + EXCLUDED.payout;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bet_records_member_hourly_stats_insert AFTER INSERT ON bet_records
  REFERENCING NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION member_hourly_stats_bets_insert();
--> statement-breakpoint
CREATE FUNCTION member_hourly_stats_bets_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_hourly_stats AS s (member_id, merchant_code, hour, bet_count, bet_amount, valid_bet, payout)
  SELECT d.member_id, d.merchant_code, date_trunc('hour', d.settled_time, m.time_zone),
    sum(d.sign), sum(d.sign * d.bet_amount), sum(d.sign * d.valid_bet), sum(d.sign * d.payout)
  FROM (
    SELECT 1 AS sign, n.member_id, n.merchant_code, n.settled_time, n.bet_amount, n.valid_bet, n.payout
    FROM new_bets n WHERE n.status = 'SETTLED' AND n.settled_time IS NOT NULL
    UNION ALL
    SELECT -1, o.member_id, o.merchant_code, o.settled_time, o.bet_amount, o.valid_bet, o.payout
    FROM old_bets o WHERE o.status = 'SETTLED' AND o.settled_time IS NOT NULL
  ) d JOIN merchants m ON m.code = d.merchant_code
  GROUP BY 1, 2, 3
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.bet_amount) <> 0 OR sum(d.sign * d.valid_bet) <> 0
      OR sum(d.sign * d.payout) <> 0
  ON CONFLICT (member_id, hour) DO UPDATE SET
    bet_count = s.bet_count + EXCLUDED.bet_count,
    bet_amount = s.bet_amount + EXCLUDED.bet_amount,
    valid_bet = s.valid_bet + EXCLUDED.valid_bet,
    payout = s.payout + EXCLUDED.payout;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bet_records_member_hourly_stats_update AFTER UPDATE ON bet_records
  REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION member_hourly_stats_bets_update();
--> statement-breakpoint
INSERT INTO member_hourly_stats (member_id, merchant_code, hour, bet_count, bet_amount, valid_bet, payout)
SELECT b.member_id, b.merchant_code, date_trunc('hour', b.settled_time, m.time_zone),
  count(*), sum(b.bet_amount), sum(b.valid_bet), sum(b.payout)
FROM bet_records b JOIN merchants m ON m.code = b.merchant_code
WHERE b.status = 'SETTLED' AND b.settled_time IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A contract replaced by a newer accepted one ends when that one was accepted.
UPDATE agent_contracts c SET ends_at = coalesce(
  (SELECT min(n.answered_at) FROM agent_contracts n
   WHERE n.kind = c.kind AND n.downline_id = c.downline_id AND n.answered_at > c.answered_at
     AND n.status IN ('accepted', 'terminated', 'replaced')),
  c.answered_at)
WHERE c.status = 'replaced' AND c.answered_at IS NOT NULL AND c.ends_at IS NULL;
