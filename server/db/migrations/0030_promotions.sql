CREATE TABLE "deposit_promotions" (
	"deposit_id" integer PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint,
	"base" bigint,
	"deposit_id" integer,
	"remark" text,
	"images" jsonb,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"claimed_at" timestamp with time zone,
	"transaction_id" bigint
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"template" text NOT NULL,
	"category" text NOT NULL,
	"claim_mode" text NOT NULL,
	"frequency" text NOT NULL,
	"rule" jsonb NOT NULL,
	"eligibility" jsonb NOT NULL,
	"turnover" jsonb NOT NULL,
	"code" text,
	"code_uses" integer,
	"titles" jsonb NOT NULL,
	"contents" jsonb NOT NULL,
	"image_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"sort" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_promotions" ADD CONSTRAINT "deposit_promotions_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_promotions" ADD CONSTRAINT "deposit_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_once" ON "promotion_claims" USING btree ("promotion_id","member_id","period");--> statement-breakpoint
CREATE INDEX "promotion_claims_member" ON "promotion_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_claims_waiting" ON "promotion_claims" USING btree ("merchant_code","status","promotion_id") WHERE status IN ('applying', 'issued');--> statement-breakpoint
CREATE INDEX "promotions_merchant" ON "promotions" USING btree ("merchant_code","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code" ON "promotions" USING btree ("merchant_code","code") WHERE code IS NOT NULL;