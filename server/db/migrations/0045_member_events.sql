CREATE TABLE "member_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_events_member" ON "member_events" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_events_created" ON "member_events" USING btree ("created_at");--> statement-breakpoint
-- The live channel (server/live): these triggers write a member's events in the transaction
-- that made the change, and NOTIFY `portal_live` with each (delivered at commit, to every
-- instance listening). One statement makes one event per member, whatever its row count.
CREATE FUNCTION member_events_notify_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  WITH ins AS (
    INSERT INTO member_events (merchant_code, member_id, kind, data)
    SELECT DISTINCT a.merchant_code, a.member_id, 'balance', '{}'::jsonb
    FROM new_accounts a JOIN old_accounts o ON o.id = a.id
    WHERE a.member_id IS NOT NULL AND a.balance <> o.balance
    RETURNING id, merchant_code, member_id, kind, data)
  SELECT count(pg_notify('portal_live', json_build_object('id', id, 'b', merchant_code, 'm', member_id, 'k', kind, 'd', data)::text))
  INTO n FROM ins;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_live AFTER UPDATE ON ledger_accounts
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION member_events_notify_balance();
--> statement-breakpoint
CREATE FUNCTION member_events_notify_notice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  WITH ins AS (
    INSERT INTO member_events (merchant_code, member_id, kind, data)
    SELECT m.merchant_code, f.member_id, 'notice', jsonb_build_object(
      'id', f.id, 'kind', f.kind, 'amount', f.amount::text, 'reason', left(f.reason, 1000),
      'unread', (SELECT count(*) FROM fund_notices u WHERE u.member_id = f.member_id AND u.read_at IS NULL))
    FROM new_notices f JOIN members m ON m.id = f.member_id
    ORDER BY f.id
    RETURNING id, merchant_code, member_id, kind, data)
  SELECT count(pg_notify('portal_live', json_build_object('id', id, 'b', merchant_code, 'm', member_id, 'k', kind, 'd', data)::text))
  INTO n FROM ins;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fund_notices_live AFTER INSERT ON fund_notices
  REFERENCING NEW TABLE AS new_notices
  FOR EACH STATEMENT EXECUTE FUNCTION member_events_notify_notice();
--> statement-breakpoint
-- Read or removed notices: the member's other tabs take the new unread count.
CREATE FUNCTION member_events_notify_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  WITH ins AS (
    INSERT INTO member_events (merchant_code, member_id, kind, data)
    SELECT m.merchant_code, c.member_id, 'inbox', jsonb_build_object(
      'unread', (SELECT count(*) FROM fund_notices u WHERE u.member_id = c.member_id AND u.read_at IS NULL))
    FROM (SELECT DISTINCT member_id FROM changed_notices) c JOIN members m ON m.id = c.member_id
    RETURNING id, merchant_code, member_id, kind, data)
  SELECT count(pg_notify('portal_live', json_build_object('id', id, 'b', merchant_code, 'm', member_id, 'k', kind, 'd', data)::text))
  INTO n FROM ins;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Marking read (not the push sweep's pushed_at): the same event for the members concerned.
CREATE FUNCTION member_events_notify_inbox_read() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  WITH ins AS (
    INSERT INTO member_events (merchant_code, member_id, kind, data)
    SELECT m.merchant_code, c.member_id, 'inbox', jsonb_build_object(
      'unread', (SELECT count(*) FROM fund_notices u WHERE u.member_id = c.member_id AND u.read_at IS NULL))
    FROM (SELECT DISTINCT f.member_id FROM new_notices f JOIN old_notices o ON o.id = f.id
          WHERE o.read_at IS DISTINCT FROM f.read_at) c
    JOIN members m ON m.id = c.member_id
    RETURNING id, merchant_code, member_id, kind, data)
  SELECT count(pg_notify('portal_live', json_build_object('id', id, 'b', merchant_code, 'm', member_id, 'k', kind, 'd', data)::text))
  INTO n FROM ins;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fund_notices_live_read AFTER UPDATE ON fund_notices
  REFERENCING OLD TABLE AS old_notices NEW TABLE AS new_notices
  FOR EACH STATEMENT EXECUTE FUNCTION member_events_notify_inbox_read();
--> statement-breakpoint
CREATE TRIGGER fund_notices_live_delete AFTER DELETE ON fund_notices
  REFERENCING OLD TABLE AS changed_notices
  FOR EACH STATEMENT EXECUTE FUNCTION member_events_notify_inbox();
--> statement-breakpoint
CREATE FUNCTION member_events_notify_lottery() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  WITH ins AS (
    INSERT INTO member_events (merchant_code, member_id, kind, data)
    SELECT b.merchant_code, b.member_id, 'lottery', jsonb_build_object(
      'settled', count(*), 'won', count(*) FILTER (WHERE b.status = 'WON'),
      'payout', sum(b.payout)::text)
    FROM new_bets b JOIN old_bets o ON o.id = b.id
    WHERE o.status = 'PENDING' AND b.status <> 'PENDING'
    GROUP BY b.merchant_code, b.member_id
    RETURNING id, merchant_code, member_id, kind, data)
  SELECT count(pg_notify('portal_live', json_build_object('id', id, 'b', merchant_code, 'm', member_id, 'k', kind, 'd', data)::text))
  INTO n FROM ins;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lottery_bets_live AFTER UPDATE ON lottery_bets
  REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION member_events_notify_lottery();
--> statement-breakpoint
CREATE FUNCTION member_events_notify_announcement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  WITH ins AS (
    INSERT INTO member_events (merchant_code, member_id, kind, data)
    SELECT DISTINCT a.merchant_code, NULL::integer, 'announcement', '{}'::jsonb FROM new_announcements a
    RETURNING id, merchant_code, member_id, kind, data)
  SELECT count(pg_notify('portal_live', json_build_object('id', id, 'b', merchant_code, 'm', member_id, 'k', kind, 'd', data)::text))
  INTO n FROM ins;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER announcements_live AFTER INSERT ON announcements
  REFERENCING NEW TABLE AS new_announcements
  FOR EACH STATEMENT EXECUTE FUNCTION member_events_notify_announcement();
--> statement-breakpoint
-- A session that ends (logout, a password change, the operator) closes its streams at once;
-- nothing is kept, a stream that misses it finds the session ended at its next check.
CREATE FUNCTION member_events_notify_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_live', json_build_object('end', NEW.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_live_end AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION member_events_notify_session_end();
