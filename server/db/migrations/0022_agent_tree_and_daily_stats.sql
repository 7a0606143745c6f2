CREATE TABLE "member_daily_stats" (
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"day" date NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"transfers_in" bigint DEFAULT 0 NOT NULL,
	"transfers_out" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_daily_stats_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "member_tree" (
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "first_deposit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_daily_stats" ADD CONSTRAINT "member_daily_stats_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_descendant_id_members_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_daily_stats_day" ON "member_daily_stats" USING btree ("merchant_code","day");--> statement-breakpoint
CREATE INDEX "member_tree_descendant" ON "member_tree" USING btree ("descendant_id");--> statement-breakpoint
-- The downline tree: each new member is linked to itself and to every ancestor of its upline.
CREATE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_tree (ancestor_id, descendant_id, depth)
  SELECT NEW.id, NEW.id, 0
  UNION ALL
  SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM member_tree t WHERE t.descendant_id = NEW.parent_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_tree_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_insert();
--> statement-breakpoint
-- A member moved to another upline takes its whole team along; never under its own team.
CREATE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM member_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.parent_id
  ) THEN
    RAISE EXCEPTION 'member % cannot move under its own team', NEW.id;
  END IF;
  DELETE FROM member_tree d
  USING member_tree sub
  WHERE sub.ancestor_id = NEW.id AND d.descendant_id = sub.descendant_id
    AND d.depth > sub.depth;
  INSERT INTO member_tree (ancestor_id, descendant_id, depth)
  SELECT anc.ancestor_id, sub.descendant_id, anc.depth + sub.depth + 1
  FROM member_tree anc, member_tree sub
  WHERE anc.descendant_id = NEW.parent_id AND sub.ancestor_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_tree_move AFTER UPDATE OF parent_id ON members
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION member_tree_move();
--> statement-breakpoint
-- Money moved into or out of a member's wallets, added to the member's day in the brand's
-- time zone, in the statement that posts it. Moves between a member's own wallets are not
-- counted, nor are game stakes and payouts (the bets' own trigger counts those).
CREATE FUNCTION member_stats_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_daily_stats AS s
    (member_id, merchant_code, day, deposits, deposit_count, withdrawals, bonuses, transfers_in, transfers_out)
  SELECT a.member_id, a.merchant_code, (p.created_at AT TIME ZONE m.time_zone)::date,
    coalesce(sum(p.amount) FILTER (WHERE t.type = 'DEPOSIT'), 0),
    count(DISTINCT p.transaction_id) FILTER (WHERE t.type = 'DEPOSIT' AND p.amount > 0),
    coalesce(-sum(p.amount) FILTER (WHERE t.type IN ('WITHDRAWAL', 'WITHDRAWAL_RETURN')), 0),
    coalesce(sum(p.amount) FILTER (WHERE t.type = 'BONUS'), 0),
    coalesce(sum(p.amount) FILTER (WHERE t.type IN ('UPLINE_TRANSFER', 'DOWNLINE_TRANSFER') AND p.amount > 0), 0),
    coalesce(-sum(p.amount) FILTER (WHERE t.type IN ('UPLINE_TRANSFER', 'DOWNLINE_TRANSFER') AND p.amount < 0), 0)
  FROM new_postings p
  JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id IS NOT NULL
  JOIN ledger_transactions t ON t.id = p.transaction_id
  JOIN merchants m ON m.code = a.merchant_code
  WHERE t.type IN ('DEPOSIT', 'WITHDRAWAL', 'WITHDRAWAL_RETURN', 'BONUS', 'UPLINE_TRANSFER', 'DOWNLINE_TRANSFER')
  GROUP BY 1, 2, 3
  ON CONFLICT (member_id, day) DO UPDATE SET
    deposits = s.deposits + EXCLUDED.deposits,
    deposit_count = s.deposit_count + EXCLUDED.deposit_count,
    withdrawals = s.withdrawals + EXCLUDED.withdrawals,
    bonuses = s.bonuses + EXCLUDED.bonuses,
    transfers_in = s.transfers_in + EXCLUDED.transfers_in,
    transfers_out = s.transfers_out + EXCLUDED.transfers_out;
  UPDATE members mb SET first_deposit_at = f.at
  FROM (
    SELECT a.member_id, min(p.created_at) AS at
    FROM new_postings p
    JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id IS NOT NULL
    JOIN ledger_transactions t ON t.id = p.transaction_id AND t.type = 'DEPOSIT'
    WHERE p.amount > 0
    GROUP BY a.member_id
  ) f
  WHERE mb.id = f.member_id AND mb.first_deposit_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_member_stats AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION member_stats_postings();
--> statement-breakpoint
-- A bet counts on the day it was settled: each written or changed bet adds what it counts
-- now and takes back what it counted before (a settled bet later cancelled counts nothing).
CREATE FUNCTION member_stats_bets_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_daily_stats AS s
    (member_id, merchant_code, day, bet_count, bet_amount, valid_bet, payout)
  SELECT b.member_id, b.merchant_code, (b.settled_time AT TIME ZONE m.time_zone)::date,
    count(*), sum(b.bet_amount), sum(b.valid_bet), sum(b.payout)
  FROM new_bets b JOIN merchants m ON m.code = b.merchant_code
  WHERE b.status = 'SETTLED' AND b.settled_time IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (member_id, day) DO UPDATE SET
    bet_count = s.bet_count + EXCLUDED.bet_count,
    bet_amount = s.bet_amount + EXCLUDED.bet_amount,
    valid_bet = s.valid_bet + EXCLUDED.valid_bet,
    payout = s.payout + EXCLUDED.payout;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bet_records_member_stats_insert AFTER INSERT ON bet_records
  REFERENCING NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION member_stats_bets_insert();
--> statement-breakpoint
CREATE FUNCTION member_stats_bets_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_daily_stats AS s
    (member_id, merchant_code, day, bet_count, bet_amount, valid_bet, payout)
  SELECT d.member_id, d.merchant_code, (d.settled_time AT TIME ZONE m.time_zone)::date,
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
  ON CONFLICT (member_id, day) DO UPDATE SET
    bet_count = s.bet_count + EXCLUDED.bet_count,
    bet_amount = s.bet_amount + EXCLUDED.bet_amount,
    valid_bet = s.valid_bet + EXCLUDED.valid_bet,
    payout = s.payout + EXCLUDED.payout;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bet_records_member_stats_update AFTER UPDATE ON bet_records
  REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION member_stats_bets_update();
--> statement-breakpoint
-- What already exists: the tree from the members' uplines, the figures from the ledger and the bets.
INSERT INTO member_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE up AS (
  SELECT id AS descendant_id, id AS ancestor_id, parent_id, 0 AS depth FROM members
  UNION ALL
  SELECT up.descendant_id, m.id, m.parent_id, up.depth + 1
  FROM up JOIN members m ON m.id = up.parent_id
)
SELECT ancestor_id, descendant_id, depth FROM up;
--> statement-breakpoint
INSERT INTO member_daily_stats
  (member_id, merchant_code, day, deposits, deposit_count, withdrawals, bonuses, transfers_in, transfers_out)
SELECT a.member_id, a.merchant_code, (p.created_at AT TIME ZONE m.time_zone)::date,
  coalesce(sum(p.amount) FILTER (WHERE t.type = 'DEPOSIT'), 0),
  count(DISTINCT p.transaction_id) FILTER (WHERE t.type = 'DEPOSIT' AND p.amount > 0),
  coalesce(-sum(p.amount) FILTER (WHERE t.type IN ('WITHDRAWAL', 'WITHDRAWAL_RETURN')), 0),
  coalesce(sum(p.amount) FILTER (WHERE t.type = 'BONUS'), 0),
  coalesce(sum(p.amount) FILTER (WHERE t.type IN ('UPLINE_TRANSFER', 'DOWNLINE_TRANSFER') AND p.amount > 0), 0),
  coalesce(-sum(p.amount) FILTER (WHERE t.type IN ('UPLINE_TRANSFER', 'DOWNLINE_TRANSFER') AND p.amount < 0), 0)
FROM ledger_postings p
JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id IS NOT NULL
JOIN ledger_transactions t ON t.id = p.transaction_id
JOIN merchants m ON m.code = a.merchant_code
WHERE t.type IN ('DEPOSIT', 'WITHDRAWAL', 'WITHDRAWAL_RETURN', 'BONUS', 'UPLINE_TRANSFER', 'DOWNLINE_TRANSFER')
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO member_daily_stats AS s (member_id, merchant_code, day, bet_count, bet_amount, valid_bet, payout)
SELECT b.member_id, b.merchant_code, (b.settled_time AT TIME ZONE m.time_zone)::date,
  count(*), sum(b.bet_amount), sum(b.valid_bet), sum(b.payout)
FROM bet_records b JOIN merchants m ON m.code = b.merchant_code
WHERE b.status = 'SETTLED' AND b.settled_time IS NOT NULL
GROUP BY 1, 2, 3
ON CONFLICT (member_id, day) DO UPDATE SET
  bet_count = s.bet_count + EXCLUDED.bet_count,
  bet_amount = s.bet_amount + EXCLUDED.bet_amount,
  valid_bet = s.valid_bet + EXCLUDED.valid_bet,
  payout = s.payout + EXCLUDED.payout;
--> statement-breakpoint
UPDATE members mb SET first_deposit_at = f.at
FROM (
  SELECT a.member_id, min(p.created_at) AS at
  FROM ledger_postings p
  JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id IS NOT NULL
  JOIN ledger_transactions t ON t.id = p.transaction_id AND t.type = 'DEPOSIT'
  WHERE p.amount > 0
  GROUP BY a.member_id
) f
WHERE mb.id = f.member_id;
