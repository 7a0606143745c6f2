CREATE TABLE "lottery_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"issue_id" bigint NOT NULL,
	"numero" text NOT NULL,
	"bet_type" text NOT NULL,
	"selection" jsonb NOT NULL,
	"selection_text" text NOT NULL,
	"stake" bigint NOT NULL,
	"units" integer NOT NULL,
	"amount" bigint NOT NULL,
	"odds_milli" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"bet_time" timestamp with time zone NOT NULL,
	"settled_time" timestamp with time zone,
	CONSTRAINT "lottery_bets_status" CHECK ("lottery_bets"."status" in ('PENDING', 'WON', 'LOST', 'VOID')),
	CONSTRAINT "lottery_bets_bet_type" CHECK ("lottery_bets"."bet_type" in ('POS_DIGIT', 'BIG_SMALL', 'ODD_EVEN', 'LO2', 'LO3', 'DE2', 'DE3')),
	CONSTRAINT "lottery_bets_amounts" CHECK ("lottery_bets"."stake" > 0 and "lottery_bets"."units" > 0 and "lottery_bets"."amount" = "lottery_bets"."stake" * "lottery_bets"."units" and "lottery_bets"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"prize_mode" text NOT NULL,
	"kind" text NOT NULL,
	"group_code" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"bet_types" jsonb NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lottery_games_prize_mode" CHECK ("lottery_games"."prize_mode" in ('LOTT', 'ZY', 'ELOTT', 'SEA')),
	CONSTRAINT "lottery_games_kind" CHECK ("lottery_games"."kind" in ('D5', 'VN_NORTH', 'VN_SOUTH')),
	CONSTRAINT "lottery_games_code_shape" CHECK ("lottery_games"."code" ~ '^[A-Z0-9_]{1,24}$')
);
--> statement-breakpoint
CREATE TABLE "lottery_issues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"game_id" integer NOT NULL,
	"numero" text NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"commitment" text NOT NULL,
	"seed" text NOT NULL,
	"result" jsonb,
	"drawn_at" timestamp with time zone,
	CONSTRAINT "lottery_issues_status" CHECK ("lottery_issues"."status" in ('OPEN', 'DRAWN', 'VOID')),
	CONSTRAINT "lottery_issues_times" CHECK ("lottery_issues"."open_at" < "lottery_issues"."close_at"),
	CONSTRAINT "lottery_issues_drawn" CHECK (("lottery_issues"."status" = 'DRAWN') = ("lottery_issues"."result" is not null))
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_game_id_lottery_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_issue_id_lottery_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."lottery_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD CONSTRAINT "lottery_issues_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD CONSTRAINT "lottery_issues_game_id_lottery_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_issue" ON "lottery_bets" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "lottery_bets_member" ON "lottery_bets" USING btree ("member_id","bet_time");--> statement-breakpoint
CREATE INDEX "lottery_bets_order" ON "lottery_bets" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_games_code" ON "lottery_games" USING btree ("merchant_code","code");--> statement-breakpoint
CREATE INDEX "lottery_games_lobby" ON "lottery_games" USING btree ("merchant_code","enabled","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_issues_numero" ON "lottery_issues" USING btree ("game_id","numero");--> statement-breakpoint
CREATE INDEX "lottery_issues_close" ON "lottery_issues" USING btree ("game_id","close_at");--> statement-breakpoint
CREATE INDEX "lottery_issues_due" ON "lottery_issues" USING btree ("close_at") WHERE "lottery_issues"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "lottery_issues_results" ON "lottery_issues" USING btree ("merchant_code","close_at") WHERE "lottery_issues"."status" = 'DRAWN';--> statement-breakpoint
-- Room on each page for settlement to update a bet in place (HOT: no index is touched).
ALTER TABLE "lottery_bets" SET (fillfactor = 70);