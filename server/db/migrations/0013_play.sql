CREATE TABLE "game_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"account_type_id" integer NOT NULL,
	"vendor_account_type_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"game_code" text NOT NULL,
	"ref_tx_id" text,
	"amount" bigint NOT NULL,
	"request_hash" text,
	"answer" jsonb,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_transactions_amount" CHECK ("vendor_transactions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bet_records" ADD COLUMN "game_code" text;--> statement-breakpoint
ALTER TABLE "bet_records" ADD COLUMN "vassalage" text;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_member" ON "game_sessions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_sessions_expiry" ON "game_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transactions_tx" ON "vendor_transactions" USING btree ("vendor_id","tx_id");--> statement-breakpoint
CREATE INDEX "vendor_transactions_brand" ON "vendor_transactions" USING btree ("merchant_code","kind");--> statement-breakpoint
CREATE INDEX "vendor_transactions_round" ON "vendor_transactions" USING btree ("vendor_id","round_id");--> statement-breakpoint
CREATE INDEX "vendor_transactions_session" ON "vendor_transactions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "bet_records_wins" ON "bet_records" USING btree ("merchant_code","settled_time") WHERE "bet_records"."status" = 'SETTLED' and "bet_records"."payout" > "bet_records"."bet_amount";