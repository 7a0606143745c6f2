CREATE TABLE "member_vip" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"rank" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"evaluated_period" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_vip_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"from_rank" integer NOT NULL,
	"to_rank" integer NOT NULL,
	"reason" text NOT NULL,
	"period" text,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "vip_evaluations" (
	"merchant_code" text NOT NULL,
	"period" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vip_evaluations_merchant_code_period_pk" PRIMARY KEY("merchant_code","period")
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"rank" integer NOT NULL,
	"names" jsonb NOT NULL,
	"badge_url" text,
	"monthly_turnover" bigint DEFAULT 0 NOT NULL,
	"monthly_deposit" bigint DEFAULT 0 NOT NULL,
	"total_turnover" bigint DEFAULT 0 NOT NULL,
	"total_deposit" bigint DEFAULT 0 NOT NULL,
	"keep_turnover" bigint DEFAULT 0 NOT NULL,
	"level_up_bonus" bigint DEFAULT 0 NOT NULL,
	"birthday_bonus" bigint DEFAULT 0 NOT NULL,
	"bonus_turnover_tenths" integer DEFAULT 0 NOT NULL,
	"rebate_extra_bp" integer DEFAULT 0 NOT NULL,
	"withdraw_daily_count" integer,
	"withdraw_daily_max" bigint,
	"vip_service" boolean DEFAULT false NOT NULL,
	"benefits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_vip" ADD CONSTRAINT "member_vip_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_vip_changes" ADD CONSTRAINT "member_vip_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_vip_changes_member" ON "member_vip_changes" USING btree ("member_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_rank" ON "vip_levels" USING btree ("merchant_code","rank");--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "club_label";