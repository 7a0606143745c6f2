ALTER TABLE "referrals" ADD COLUMN "deposit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "valid_bet" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each referral keeps its friend's deposits counted and valid bets over all their days
-- (decision 032): the sums of member_daily_stats, moved by these statement triggers in the
-- transaction that changes the friend's day rows, so the friends list and the rewards job
-- read two columns instead of summing every day of every friend. The referral rows are
-- locked in friend order first, so two statements over the same friends' other days queue
-- instead of deadlocking.
CREATE FUNCTION referral_totals_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM referrals r WHERE r.friend_id IN (SELECT n.member_id FROM new_stats n)
    ORDER BY r.friend_id FOR UPDATE;
  UPDATE referrals r
  SET deposit_count = r.deposit_count + d.deposit_count, valid_bet = r.valid_bet + d.valid_bet
  FROM (SELECT n.member_id, sum(n.deposit_count)::int AS deposit_count, sum(n.valid_bet)::bigint AS valid_bet
        FROM new_stats n GROUP BY 1) d
  WHERE r.friend_id = d.member_id AND (d.deposit_count <> 0 OR d.valid_bet <> 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION referral_totals_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM referrals r WHERE r.friend_id IN (SELECT n.member_id FROM new_stats n)
    ORDER BY r.friend_id FOR UPDATE;
  UPDATE referrals r
  SET deposit_count = r.deposit_count + d.deposit_count, valid_bet = r.valid_bet + d.valid_bet
  FROM (SELECT n.member_id, sum(n.deposit_count - o.deposit_count)::int AS deposit_count,
          sum(n.valid_bet - o.valid_bet)::bigint AS valid_bet
        FROM new_stats n JOIN old_stats o ON o.member_id = n.member_id AND o.day = n.day GROUP BY 1) d
  WHERE r.friend_id = d.member_id AND (d.deposit_count <> 0 OR d.valid_bet <> 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_daily_stats_referral_insert AFTER INSERT ON member_daily_stats
  REFERENCING NEW TABLE AS new_stats
  FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_stats_insert();
--> statement-breakpoint
CREATE TRIGGER member_daily_stats_referral_update AFTER UPDATE ON member_daily_stats
  REFERENCING OLD TABLE AS old_stats NEW TABLE AS new_stats
  FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_stats_update();
--> statement-breakpoint
-- A referral written after the friend played (a code added later) starts from their sums.
CREATE FUNCTION referral_totals_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(sum(s.deposit_count), 0)::int, coalesce(sum(s.valid_bet), 0)::bigint
  INTO NEW.deposit_count, NEW.valid_bet
  FROM member_daily_stats s WHERE s.member_id = NEW.friend_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER referrals_totals_start BEFORE INSERT ON referrals
  FOR EACH ROW EXECUTE FUNCTION referral_totals_start();
--> statement-breakpoint
UPDATE referrals r SET deposit_count = s.deposit_count, valid_bet = s.valid_bet
FROM (SELECT member_id, sum(deposit_count)::int AS deposit_count, sum(valid_bet)::bigint AS valid_bet
      FROM member_daily_stats GROUP BY member_id) s
WHERE s.member_id = r.friend_id;
