CREATE TABLE "point_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"member_id" integer,
	"balance" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_accounts_non_negative" CHECK ("point_accounts"."allow_negative" or "point_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"enabled" boolean NOT NULL,
	"rates" jsonb NOT NULL,
	"conversions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_postings_non_zero" CHECK ("point_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "point_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"type" text NOT NULL,
	"member_id" integer,
	"reference" text,
	"memo" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"bet_record_id" integer,
	"basis" bigint,
	"rate" integer,
	"config_id" integer
);
--> statement-breakpoint
ALTER TABLE "point_accounts" ADD CONSTRAINT "point_accounts_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_accounts" ADD CONSTRAINT "point_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_configs" ADD CONSTRAINT "point_configs_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_transaction_id_point_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."point_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_account_id_point_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."point_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_bet_record_id_bet_records_id_fk" FOREIGN KEY ("bet_record_id") REFERENCES "public"."bet_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_config_id_point_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."point_configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_accounts_code" ON "point_accounts" USING btree ("merchant_code","code");--> statement-breakpoint
CREATE INDEX "point_accounts_member" ON "point_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_configs_brand_from" ON "point_configs" USING btree ("merchant_code","valid_from");--> statement-breakpoint
CREATE INDEX "point_postings_account" ON "point_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "point_postings_transaction" ON "point_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "point_transactions_member" ON "point_transactions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_earn_bet" ON "point_transactions" USING btree ("bet_record_id") WHERE "point_transactions"."type" = 'EARN';--> statement-breakpoint
-- Points movements are written once and never changed or removed, as money's (0006).
CREATE TRIGGER point_transactions_immutable BEFORE UPDATE OR DELETE ON point_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER point_postings_immutable BEFORE UPDATE OR DELETE ON point_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
