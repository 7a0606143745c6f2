CREATE TABLE "point_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"reward_id" integer,
	"names" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"remark" text,
	"address" text,
	"phone" text,
	"point_transaction_id" bigint,
	"promotion_claim_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "point_redemptions_quantity" CHECK ("point_redemptions"."quantity" >= 1),
	CONSTRAINT "point_redemptions_points" CHECK ("point_redemptions"."points" > 0),
	CONSTRAINT "point_redemptions_reward" CHECK (("point_redemptions"."type" = 'conversion') = ("point_redemptions"."reward_id" is null))
);
--> statement-breakpoint
CREATE TABLE "point_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"image_url" text,
	"points" bigint NOT NULL,
	"amount_required" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"turnover" jsonb NOT NULL,
	"stock" integer,
	"member_limit" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"sort" integer DEFAULT 100 NOT NULL,
	"promotion_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "point_rewards_points" CHECK ("point_rewards"."points" > 0),
	CONSTRAINT "point_rewards_amounts" CHECK ("point_rewards"."amount_required" >= 0 and "point_rewards"."value" >= 0),
	CONSTRAINT "point_rewards_value" CHECK (("point_rewards"."kind" = 'physical') = ("point_rewards"."value" = 0) and ("point_rewards"."kind" = 'physical') = ("point_rewards"."promotion_id" is null)),
	CONSTRAINT "point_rewards_stock" CHECK ("point_rewards"."stock" is null or "point_rewards"."stock" >= 0),
	CONSTRAINT "point_rewards_limit" CHECK ("point_rewards"."member_limit" is null or "point_rewards"."member_limit" >= 1)
);
--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_reward_id_point_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."point_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_promotion_claim_id_promotion_claims_id_fk" FOREIGN KEY ("promotion_claim_id") REFERENCES "public"."promotion_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rewards" ADD CONSTRAINT "point_rewards_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rewards" ADD CONSTRAINT "point_rewards_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_redemptions_reward" ON "point_redemptions" USING btree ("reward_id","status");--> statement-breakpoint
CREATE INDEX "point_redemptions_member" ON "point_redemptions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "point_redemptions_open" ON "point_redemptions" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "point_rewards_merchant" ON "point_rewards" USING btree ("merchant_code","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_rewards_promotion" ON "point_rewards" USING btree ("promotion_id");