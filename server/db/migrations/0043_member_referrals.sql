CREATE TABLE "referral_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"reward_amount" bigint DEFAULT 0 NOT NULL,
	"turnover" bigint DEFAULT 0 NOT NULL,
	"share_bp" integer DEFAULT 0 NOT NULL,
	"turnover_tenths" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "referral_settings_amounts" CHECK ("referral_settings"."reward_amount" >= 0 and "referral_settings"."turnover" >= 0),
	CONSTRAINT "referral_settings_share" CHECK ("referral_settings"."share_bp" between 0 and 500),
	CONSTRAINT "referral_settings_turnover" CHECK ("referral_settings"."turnover_tenths" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"code" text NOT NULL,
	"friend_ip" text NOT NULL,
	"friend_device" text,
	"flag" text,
	"review" text NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"reward_amount" bigint,
	"rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."friend_id")
);
--> statement-breakpoint
ALTER TABLE "referral_settings" ADD CONSTRAINT "referral_settings_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_members_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_members_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend" ON "referrals" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer" ON "referrals" USING btree ("referrer_id","id");--> statement-breakpoint
CREATE INDEX "referrals_unpaid" ON "referrals" USING btree ("merchant_code","id") WHERE "referrals"."rewarded_at" is null and "referrals"."review" in ('ok', 'approved');--> statement-breakpoint
CREATE INDEX "referrals_held" ON "referrals" USING btree ("merchant_code","id") WHERE "referrals"."review" = 'held';