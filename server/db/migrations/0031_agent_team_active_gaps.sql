CREATE TABLE "agent_team_active_gaps" (
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"direct" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"gap" smallint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_active_gaps_agent_id_day_direct_shard_gap_pk" PRIMARY KEY("agent_id","day","direct","shard","gap")
);
--> statement-breakpoint
CREATE TABLE "member_active_gaps" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"gap" smallint NOT NULL,
	CONSTRAINT "member_active_gaps_member_id_day_pk" PRIMARY KEY("member_id","day"),
	CONSTRAINT "member_active_gaps_gap" CHECK ("member_active_gaps"."gap" between 1 and 93)
);
--> statement-breakpoint
ALTER TABLE "agent_team_active_gaps" ADD CONSTRAINT "agent_team_active_gaps_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_active_gaps" ADD CONSTRAINT "member_active_gaps_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written below
-- The active members of a range of any shape (decision 025): per member, the gap before each
-- day of play (days since its previous day of play, 93 meaning 93 or more, or none; the
-- longest range the overview offers is 93 days, so d - a <= 92 and no range tells 93 from
-- more); per agent, day, direct downline or deeper and shard, the members of its team who
-- played that day by that gap. The members active from a to b, each once, are those of the
-- days d in a..b whose gap is more than d - a: each member counts on its first day of play in
-- the range only.
-- The overview's read: one agent's rows of the direct downline or the deeper levels over the
-- range's days, the gap and the count in the index (an index-only scan, half the rows of the
-- primary key's order, which mixes both).
CREATE INDEX agent_team_active_gaps_read ON agent_team_active_gaps (agent_id, direct, day) INCLUDE (gap, members);
--> statement-breakpoint
CREATE TYPE member_gap_count AS (member_id integer, day date, gap smallint, members integer);
--> statement-breakpoint
CREATE TYPE member_gap_move AS (member_id integer, day date, old_gap smallint, new_gap smallint);
--> statement-breakpoint
-- Adds members' gap counts to every agent above them (member_tree depth >= 1), apart for the
-- direct upline, in the member's shard; rows taken in key order, as agent_team_add.
CREATE FUNCTION agent_team_gaps_add(d member_gap_count[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(d) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO agent_team_active_gaps AS s (agent_id, day, direct, shard, gap, members)
  SELECT t.ancestor_id, x.day, t.depth = 1, (x.member_id % 8)::smallint, x.gap, sum(x.members)
  FROM unnest(d) x JOIN member_tree t ON t.descendant_id = x.member_id AND t.depth >= 1
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.members) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (agent_id, day, direct, shard, gap) DO UPDATE SET members = s.members + EXCLUDED.members;
END $$;
--> statement-breakpoint
-- Members whose days of play changed (a day that now has settled bets, or no longer has): the
-- gaps that can move are those of the changed days and of the next day played after each
-- (within 92 days; a later one has a gap of 93 either way). Each is read again from
-- member_daily_stats (the member's previous day of play within 92 days: one index probe) and
-- compared with the one kept in member_active_gaps, what the member counts for now; what
-- differs moves in both tables. Comparing with the kept gap, not with a state before the
-- statement, keeps it right when one statement fires both the insert and the update trigger.
CREATE FUNCTION member_active_gaps_follow(changed member_day[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moves member_gap_move[];
BEGIN
  IF cardinality(changed) = 0 THEN
    RETURN;
  END IF;
  WITH c AS (
    SELECT DISTINCT x.member_id, x.day FROM unnest(changed) x
  ), days AS (
    SELECT c.member_id, c.day FROM c
    UNION
    SELECT c.member_id, n.day FROM c CROSS JOIN LATERAL (
      SELECT s.day FROM member_daily_stats s
      WHERE s.member_id = c.member_id AND s.day > c.day AND s.day <= c.day + 92 AND s.bet_count > 0
      ORDER BY s.day LIMIT 1) n
  ), fresh AS (
    SELECT k.member_id, k.day, g.gap AS old_gap,
      CASE WHEN s.bet_count > 0 THEN coalesce(k.day - (
        SELECT p.day FROM member_daily_stats p
        WHERE p.member_id = k.member_id AND p.day < k.day AND p.day >= k.day - 92 AND p.bet_count > 0
        ORDER BY p.day DESC LIMIT 1), 93)::smallint END AS new_gap
    FROM days k
    LEFT JOIN member_daily_stats s ON s.member_id = k.member_id AND s.day = k.day
    LEFT JOIN member_active_gaps g ON g.member_id = k.member_id AND g.day = k.day
  )
  SELECT array_agg(ROW(f.member_id, f.day, f.old_gap, f.new_gap)::member_gap_move ORDER BY f.member_id, f.day)
  INTO moves
  FROM fresh f WHERE f.old_gap IS DISTINCT FROM f.new_gap;
  IF moves IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM member_active_gaps g USING unnest(moves) m
  WHERE g.member_id = m.member_id AND g.day = m.day AND m.new_gap IS NULL;
  INSERT INTO member_active_gaps AS g (member_id, day, gap)
  SELECT m.member_id, m.day, m.new_gap FROM unnest(moves) m WHERE m.new_gap IS NOT NULL ORDER BY 1, 2
  ON CONFLICT (member_id, day) DO UPDATE SET gap = EXCLUDED.gap;
  PERFORM agent_team_gaps_add(ARRAY(
    SELECT ROW(m.member_id, m.day, v.gap, v.members)::member_gap_count
    FROM unnest(moves) m CROSS JOIN LATERAL (VALUES (m.old_gap, -1), (m.new_gap, 1)) v(gap, members)
    WHERE v.gap IS NOT NULL));
END $$;
--> statement-breakpoint
-- 0027's triggers on member_daily_stats, now also following the gaps (after the day's sums,
-- so that every statement takes agent_team_daily_stats' rows before agent_team_active_gaps').
CREATE OR REPLACE FUNCTION agent_team_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  played member_day[] := ARRAY(SELECT ROW(n.member_id, n.day, true)::member_day FROM new_stats n WHERE n.bet_count > 0);
BEGIN
  PERFORM agent_team_add(
    ARRAY(SELECT ROW(n.member_id, n.day, 0, 0, (n.bet_count > 0)::int, 0, 0, n.deposits, n.deposit_count,
            n.withdrawals, n.bonuses, n.transfers_in, n.transfers_out, n.bet_count, n.bet_amount, n.valid_bet,
            n.payout)::member_team_delta
          FROM new_stats n)
    || member_active_firsts(played));
  PERFORM member_active_gaps_follow(played);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_team_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flipped member_day[] := ARRAY(SELECT ROW(n.member_id, n.day, n.bet_count > 0)::member_day
    FROM new_stats n JOIN old_stats o ON o.member_id = n.member_id AND o.day = n.day
    WHERE (n.bet_count > 0) <> (o.bet_count > 0));
BEGIN
  PERFORM agent_team_add(
    ARRAY(SELECT ROW(n.member_id, n.day, 0, 0, (n.bet_count > 0)::int - (o.bet_count > 0)::int, 0, 0,
            n.deposits - o.deposits, n.deposit_count - o.deposit_count, n.withdrawals - o.withdrawals,
            n.bonuses - o.bonuses, n.transfers_in - o.transfers_in, n.transfers_out - o.transfers_out,
            n.bet_count - o.bet_count, n.bet_amount - o.bet_amount, n.valid_bet - o.valid_bet,
            n.payout - o.payout)::member_team_delta
          FROM new_stats n JOIN old_stats o ON o.member_id = n.member_id AND o.day = n.day)
    || member_active_firsts(flipped));
  PERFORM member_active_gaps_follow(flipped);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A member moved to another upline takes its team's gaps along, as agent_team_move takes the
-- figures (this trigger fires after that one: names in order).
CREATE FUNCTION agent_team_gaps_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_team_active_gaps AS s (agent_id, day, direct, shard, gap, members)
  SELECT a.ancestor_id, g.day, a.depth = 0 AND g.member_id = NEW.id, (g.member_id % 8)::smallint, g.gap,
    sum(a.sign)
  FROM (
    SELECT -1 AS sign, t.ancestor_id, t.depth FROM member_tree t WHERE t.descendant_id = OLD.parent_id
    UNION ALL
    SELECT 1, t.ancestor_id, t.depth FROM member_tree t WHERE t.descendant_id = NEW.parent_id
  ) a
  CROSS JOIN (
    SELECT g.member_id, g.day, g.gap FROM member_active_gaps g
    JOIN member_tree d ON d.descendant_id = g.member_id AND d.ancestor_id = NEW.id
  ) g
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(a.sign) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (agent_id, day, direct, shard, gap) DO UPDATE SET members = s.members + EXCLUDED.members;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_tree_move_agent_team_gaps AFTER UPDATE OF parent_id ON members
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION agent_team_gaps_move();
--> statement-breakpoint
-- The members' gaps and the agents' counts of them made again from member_daily_stats: the
-- backfill below, and part of agent_team_rebuild() (the repair reconcile points to).
CREATE FUNCTION agent_team_gaps_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM agent_team_active_gaps;
  DELETE FROM member_active_gaps;
  INSERT INTO member_active_gaps (member_id, day, gap)
  SELECT s.member_id, s.day,
    least(coalesce(s.day - lag(s.day) OVER (PARTITION BY s.member_id ORDER BY s.day), 93), 93)::smallint
  FROM member_daily_stats s WHERE s.bet_count > 0;
  INSERT INTO agent_team_active_gaps (agent_id, day, direct, shard, gap, members)
  SELECT t.ancestor_id, g.day, t.depth = 1, (g.member_id % 8)::smallint, g.gap, count(*)
  FROM member_active_gaps g JOIN member_tree t ON t.descendant_id = g.member_id AND t.depth >= 1
  GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_team_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM agent_team_daily_stats;
  DELETE FROM member_active_periods;
  INSERT INTO agent_team_daily_stats (agent_id, day, direct, shard, new_members, first_deposits, active,
    active_week_first, active_month_first, deposits, deposit_count, withdrawals, bonuses, transfers_in,
    transfers_out, bet_count, bet_amount, valid_bet, payout)
  SELECT t.ancestor_id, x.day, t.depth = 1, (x.member_id % 8)::smallint,
    sum(x.new_members), sum(x.first_deposits), sum(x.active), sum(x.active_week_first), sum(x.active_month_first),
    sum(x.deposits), sum(x.deposit_count), sum(x.withdrawals), sum(x.bonuses), sum(x.transfers_in),
    sum(x.transfers_out), sum(x.bet_count), sum(x.bet_amount), sum(x.valid_bet), sum(x.payout)
  FROM member_team_figures(NULL) x JOIN member_tree t ON t.descendant_id = x.member_id AND t.depth >= 1
  GROUP BY 1, 2, 3, 4;
  INSERT INTO member_active_periods (member_id, period, starts, first_day)
  SELECT s.member_id, k.period, k.starts, min(s.day)
  FROM member_daily_stats s
  CROSS JOIN LATERAL (VALUES ('week', s.day - (extract(isodow FROM s.day)::int - 1)),
                             ('month', date_trunc('month', s.day)::date)) k(period, starts)
  WHERE s.bet_count > 0
  GROUP BY 1, 2, 3;
  PERFORM agent_team_gaps_rebuild();
END $$;
--> statement-breakpoint
SELECT agent_team_gaps_rebuild();
