CREATE TABLE "agent_team_daily_stats" (
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"direct" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"active_week_first" integer DEFAULT 0 NOT NULL,
	"active_month_first" integer DEFAULT 0 NOT NULL,
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
	CONSTRAINT "agent_team_daily_stats_agent_id_day_direct_shard_pk" PRIMARY KEY("agent_id","day","direct","shard")
);
--> statement-breakpoint
CREATE TABLE "member_active_periods" (
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"starts" date NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "member_active_periods_member_id_period_starts_pk" PRIMARY KEY("member_id","period","starts"),
	CONSTRAINT "member_active_periods_period" CHECK ("member_active_periods"."period" in ('week', 'month'))
);
--> statement-breakpoint
ALTER TABLE "agent_team_daily_stats" ADD CONSTRAINT "agent_team_daily_stats_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_active_periods" ADD CONSTRAINT "member_active_periods_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written below
-- The agents' team figures per day (decision 025), kept from member_daily_stats and members.
-- A member's figures in the shape they are added to its agents with: per member and day,
-- the counts (joined, first deposit, played, first day of play in the week and in the
-- month) and member_daily_stats' sums.
CREATE TYPE member_team_delta AS (
  member_id integer, day date,
  new_members integer, first_deposits integer, active integer, active_week_first integer, active_month_first integer,
  deposits bigint, deposit_count integer, withdrawals bigint, bonuses bigint, transfers_in bigint, transfers_out bigint,
  bet_count integer, bet_amount bigint, valid_bet bigint, payout bigint
);
--> statement-breakpoint
CREATE TYPE member_day AS (member_id integer, day date, played boolean);
--> statement-breakpoint
-- Adds members' changes to every agent above them (member_tree depth >= 1: the member's own
-- figures are not its team's), apart for the direct upline, in the member's shard; the rows
-- are taken in key order so that statements touching several shards lock them alike.
CREATE FUNCTION agent_team_add(d member_team_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(d) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO agent_team_daily_stats AS s (agent_id, day, direct, shard, new_members, first_deposits, active,
    active_week_first, active_month_first, deposits, deposit_count, withdrawals, bonuses, transfers_in,
    transfers_out, bet_count, bet_amount, valid_bet, payout)
  SELECT t.ancestor_id, x.day, t.depth = 1, (x.member_id % 8)::smallint,
    sum(x.new_members), sum(x.first_deposits), sum(x.active), sum(x.active_week_first), sum(x.active_month_first),
    sum(x.deposits), sum(x.deposit_count), sum(x.withdrawals), sum(x.bonuses), sum(x.transfers_in),
    sum(x.transfers_out), sum(x.bet_count), sum(x.bet_amount), sum(x.valid_bet), sum(x.payout)
  FROM unnest(d) x JOIN member_tree t ON t.descendant_id = x.member_id AND t.depth >= 1
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (agent_id, day, direct, shard) DO UPDATE SET
    new_members = s.new_members + EXCLUDED.new_members,
    first_deposits = s.first_deposits + EXCLUDED.first_deposits,
    active = s.active + EXCLUDED.active,
    active_week_first = s.active_week_first + EXCLUDED.active_week_first,
    active_month_first = s.active_month_first + EXCLUDED.active_month_first,
    deposits = s.deposits + EXCLUDED.deposits,
    deposit_count = s.deposit_count + EXCLUDED.deposit_count,
    withdrawals = s.withdrawals + EXCLUDED.withdrawals,
    bonuses = s.bonuses + EXCLUDED.bonuses,
    transfers_in = s.transfers_in + EXCLUDED.transfers_in,
    transfers_out = s.transfers_out + EXCLUDED.transfers_out,
    bet_count = s.bet_count + EXCLUDED.bet_count,
    bet_amount = s.bet_amount + EXCLUDED.bet_amount,
    valid_bet = s.valid_bet + EXCLUDED.valid_bet,
    payout = s.payout + EXCLUDED.payout;
END $$;
--> statement-breakpoint
-- The members' whole figures as the triggers add them up (all members when ids is null):
-- what the backfill writes, what a moved team takes along, and what reconcile counts.
CREATE FUNCTION member_team_figures(ids integer[]) RETURNS SETOF member_team_delta LANGUAGE sql STABLE AS $$
  SELECT s.member_id, s.day, 0, 0, (s.bet_count > 0)::int, 0, 0, s.deposits, s.deposit_count, s.withdrawals,
    s.bonuses, s.transfers_in, s.transfers_out, s.bet_count, s.bet_amount, s.valid_bet, s.payout
  FROM member_daily_stats s WHERE ids IS NULL OR s.member_id = ANY (ids)
  UNION ALL
  SELECT m.id, (m.created_at AT TIME ZONE z.time_zone)::date, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  FROM members m JOIN merchants z ON z.code = m.merchant_code WHERE ids IS NULL OR m.id = ANY (ids)
  UNION ALL
  SELECT m.id, (m.first_deposit_at AT TIME ZONE z.time_zone)::date, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  FROM members m JOIN merchants z ON z.code = m.merchant_code
  WHERE m.first_deposit_at IS NOT NULL AND (ids IS NULL OR m.id = ANY (ids))
  UNION ALL
  SELECT f.member_id, f.first_day, 0, 0, 0, (f.period = 'week')::int, (f.period = 'month')::int,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  FROM (
    SELECT s.member_id, k.period, min(s.day) AS first_day
    FROM member_daily_stats s
    CROSS JOIN LATERAL (VALUES ('week', s.day - (extract(isodow FROM s.day)::int - 1)),
                               ('month', date_trunc('month', s.day)::date)) k(period, starts)
    WHERE s.bet_count > 0 AND (ids IS NULL OR s.member_id = ANY (ids))
    GROUP BY s.member_id, k.period, k.starts
  ) f
$$;
--> statement-breakpoint
-- Members whose days of play changed (`played`: the day now has settled bets, or no longer
-- has): their first day of play in each week and month touched, kept in
-- member_active_periods, becomes the earlier of the kept one and the days now played, or,
-- when the kept first day itself is no longer played, is read again from member_daily_stats
-- (<= 31 rows of the member's own). What moved is returned as changes to the agents'
-- first-day counts (-1 on the old first day, +1 on the new one).
CREATE FUNCTION member_active_firsts(changed member_day[]) RETURNS member_team_delta[] LANGUAGE plpgsql AS $$
DECLARE
  firsts member_team_delta[];
BEGIN
  IF cardinality(changed) = 0 THEN
    RETURN '{}';
  END IF;
  WITH p AS (
    SELECT c.member_id, k.period, k.starts, k.ends,
      min(c.day) FILTER (WHERE c.played) AS first_played,
      array_agg(c.day) FILTER (WHERE NOT c.played) AS stopped
    FROM unnest(changed) c
    CROSS JOIN LATERAL (VALUES
      ('week', c.day - (extract(isodow FROM c.day)::int - 1), c.day - (extract(isodow FROM c.day)::int - 1) + 7),
      ('month', date_trunc('month', c.day)::date, (date_trunc('month', c.day) + interval '1 month')::date)
    ) k(period, starts, ends)
    GROUP BY 1, 2, 3, 4
  ), now_first AS (
    SELECT p.member_id, p.period, p.starts, a.first_day AS old_first,
      CASE WHEN a.first_day = ANY (p.stopped) THEN
        (SELECT min(s.day) FROM member_daily_stats s
         WHERE s.member_id = p.member_id AND s.day >= p.starts AND s.day < p.ends AND s.bet_count > 0)
      ELSE least(a.first_day, p.first_played) END AS new_first
    FROM p LEFT JOIN member_active_periods a
      ON a.member_id = p.member_id AND a.period = p.period AND a.starts = p.starts
  ), moved AS (
    SELECT * FROM now_first WHERE old_first IS DISTINCT FROM new_first
  ), gone AS (
    DELETE FROM member_active_periods a USING moved m
    WHERE a.member_id = m.member_id AND a.period = m.period AND a.starts = m.starts AND m.new_first IS NULL
  ), kept AS (
    INSERT INTO member_active_periods AS a (member_id, period, starts, first_day)
    SELECT member_id, period, starts, new_first FROM moved WHERE new_first IS NOT NULL
    ON CONFLICT (member_id, period, starts) DO UPDATE SET first_day = EXCLUDED.first_day
  )
  SELECT array_agg(ROW(m.member_id, v.day, 0, 0, 0,
      CASE WHEN m.period = 'week' THEN v.sign ELSE 0 END, CASE WHEN m.period = 'month' THEN v.sign ELSE 0 END,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::member_team_delta)
  INTO firsts
  FROM moved m
  CROSS JOIN LATERAL (VALUES (m.old_first, -1), (m.new_first, 1)) v(day, sign)
  WHERE v.day IS NOT NULL;
  RETURN coalesce(firsts, '{}');
END $$;
--> statement-breakpoint
-- A member's new day of figures, added to its agents in the statement that writes it.
CREATE FUNCTION agent_team_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_team_add(
    ARRAY(SELECT ROW(n.member_id, n.day, 0, 0, (n.bet_count > 0)::int, 0, 0, n.deposits, n.deposit_count,
            n.withdrawals, n.bonuses, n.transfers_in, n.transfers_out, n.bet_count, n.bet_amount, n.valid_bet,
            n.payout)::member_team_delta
          FROM new_stats n)
    || member_active_firsts(ARRAY(SELECT ROW(n.member_id, n.day, true)::member_day
          FROM new_stats n WHERE n.bet_count > 0)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_daily_stats_agent_team_insert AFTER INSERT ON member_daily_stats
  REFERENCING NEW TABLE AS new_stats
  FOR EACH STATEMENT EXECUTE FUNCTION agent_team_stats_insert();
--> statement-breakpoint
-- A member's day changed: what it counts now less what it counted before.
CREATE FUNCTION agent_team_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_team_add(
    ARRAY(SELECT ROW(n.member_id, n.day, 0, 0, (n.bet_count > 0)::int - (o.bet_count > 0)::int, 0, 0,
            n.deposits - o.deposits, n.deposit_count - o.deposit_count, n.withdrawals - o.withdrawals,
            n.bonuses - o.bonuses, n.transfers_in - o.transfers_in, n.transfers_out - o.transfers_out,
            n.bet_count - o.bet_count, n.bet_amount - o.bet_amount, n.valid_bet - o.valid_bet,
            n.payout - o.payout)::member_team_delta
          FROM new_stats n JOIN old_stats o ON o.member_id = n.member_id AND o.day = n.day)
    || member_active_firsts(ARRAY(SELECT ROW(n.member_id, n.day, n.bet_count > 0)::member_day
          FROM new_stats n JOIN old_stats o ON o.member_id = n.member_id AND o.day = n.day
          WHERE (n.bet_count > 0) <> (o.bet_count > 0))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_daily_stats_agent_team_update AFTER UPDATE ON member_daily_stats
  REFERENCING OLD TABLE AS old_stats NEW TABLE AS new_stats
  FOR EACH STATEMENT EXECUTE FUNCTION agent_team_stats_update();
--> statement-breakpoint
-- New members count for their agents on the day they joined (and their first deposit, if
-- they come with one). A statement trigger fires after the row triggers that link the new
-- members into member_tree.
CREATE FUNCTION agent_team_members_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_team_add(ARRAY(
    SELECT ROW(n.id, (n.created_at AT TIME ZONE z.time_zone)::date, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::member_team_delta
    FROM new_members n JOIN merchants z ON z.code = n.merchant_code
    UNION ALL
    SELECT ROW(n.id, (n.first_deposit_at AT TIME ZONE z.time_zone)::date, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::member_team_delta
    FROM new_members n JOIN merchants z ON z.code = n.merchant_code
    WHERE n.first_deposit_at IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_agent_team_insert AFTER INSERT ON members
  REFERENCING NEW TABLE AS new_members
  FOR EACH STATEMENT EXECUTE FUNCTION agent_team_members_insert();
--> statement-breakpoint
-- A member's first deposit (or the day it joined) set or changed: moved from the old day to the new.
CREATE FUNCTION agent_team_members_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_team_add(ARRAY(
    SELECT ROW(n.id, v.day, v.joined, v.deposited, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::member_team_delta
    FROM new_members n
    JOIN old_members o ON o.id = n.id
    JOIN merchants z ON z.code = n.merchant_code
    CROSS JOIN LATERAL (VALUES
      ((o.created_at AT TIME ZONE z.time_zone)::date, -1, 0),
      ((n.created_at AT TIME ZONE z.time_zone)::date, 1, 0),
      ((o.first_deposit_at AT TIME ZONE z.time_zone)::date, 0, -1),
      ((n.first_deposit_at AT TIME ZONE z.time_zone)::date, 0, 1)
    ) v(day, joined, deposited)
    WHERE (o.created_at IS DISTINCT FROM n.created_at OR o.first_deposit_at IS DISTINCT FROM n.first_deposit_at)
      AND v.day IS NOT NULL
      AND ((v.joined <> 0 AND o.created_at IS DISTINCT FROM n.created_at)
        OR (v.deposited <> 0 AND o.first_deposit_at IS DISTINCT FROM n.first_deposit_at))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_agent_team_update AFTER UPDATE ON members
  REFERENCING OLD TABLE AS old_members NEW TABLE AS new_members
  FOR EACH STATEMENT EXECUTE FUNCTION agent_team_members_update();
--> statement-breakpoint
-- A member moved to another upline takes its team's figures along: taken from every agent
-- above the old upline and added to every agent above the new one (member_tree_move, 0022,
-- moves the tree rows; the team below the member is the same before and after).
CREATE FUNCTION agent_team_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_team_daily_stats AS s (agent_id, day, direct, shard, new_members, first_deposits, active,
    active_week_first, active_month_first, deposits, deposit_count, withdrawals, bonuses, transfers_in,
    transfers_out, bet_count, bet_amount, valid_bet, payout)
  SELECT a.ancestor_id, x.day, a.depth = 0 AND x.member_id = NEW.id, (x.member_id % 8)::smallint,
    sum(a.sign * x.new_members), sum(a.sign * x.first_deposits), sum(a.sign * x.active),
    sum(a.sign * x.active_week_first), sum(a.sign * x.active_month_first),
    sum(a.sign * x.deposits), sum(a.sign * x.deposit_count), sum(a.sign * x.withdrawals), sum(a.sign * x.bonuses),
    sum(a.sign * x.transfers_in), sum(a.sign * x.transfers_out), sum(a.sign * x.bet_count),
    sum(a.sign * x.bet_amount), sum(a.sign * x.valid_bet), sum(a.sign * x.payout)
  FROM (
    SELECT -1 AS sign, t.ancestor_id, t.depth FROM member_tree t WHERE t.descendant_id = OLD.parent_id
    UNION ALL
    SELECT 1, t.ancestor_id, t.depth FROM member_tree t WHERE t.descendant_id = NEW.parent_id
  ) a
  CROSS JOIN member_team_figures(ARRAY(SELECT descendant_id FROM member_tree WHERE ancestor_id = NEW.id)) x
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (agent_id, day, direct, shard) DO UPDATE SET
    new_members = s.new_members + EXCLUDED.new_members,
    first_deposits = s.first_deposits + EXCLUDED.first_deposits,
    active = s.active + EXCLUDED.active,
    active_week_first = s.active_week_first + EXCLUDED.active_week_first,
    active_month_first = s.active_month_first + EXCLUDED.active_month_first,
    deposits = s.deposits + EXCLUDED.deposits,
    deposit_count = s.deposit_count + EXCLUDED.deposit_count,
    withdrawals = s.withdrawals + EXCLUDED.withdrawals,
    bonuses = s.bonuses + EXCLUDED.bonuses,
    transfers_in = s.transfers_in + EXCLUDED.transfers_in,
    transfers_out = s.transfers_out + EXCLUDED.transfers_out,
    bet_count = s.bet_count + EXCLUDED.bet_count,
    bet_amount = s.bet_amount + EXCLUDED.bet_amount,
    valid_bet = s.valid_bet + EXCLUDED.valid_bet,
    payout = s.payout + EXCLUDED.payout;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_tree_move_agent_team AFTER UPDATE OF parent_id ON members
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION agent_team_move();
--> statement-breakpoint
-- The agents' figures and the members' first days of play made again from member_daily_stats
-- and members: the backfill below, and the repair when they drift (reconcile names it).
CREATE FUNCTION agent_team_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
SELECT agent_team_rebuild();
