CREATE TABLE "mission_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"mission_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"period" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"streak_day" integer,
	"points" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"score" integer NOT NULL,
	"point_transaction_id" bigint,
	"promotion_claim_id" integer,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"goal" text,
	"frequency" text NOT NULL,
	"rule" jsonb NOT NULL,
	"reward_kind" text NOT NULL,
	"turnover" jsonb NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"eligibility" jsonb NOT NULL,
	"titles" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"image_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"sort" integer DEFAULT 100 NOT NULL,
	"promotion_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_promotion_claim_id_promotion_claims_id_fk" FOREIGN KEY ("promotion_claim_id") REFERENCES "public"."promotion_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_claims_once" ON "mission_claims" USING btree ("mission_id","member_id","period","step");--> statement-breakpoint
CREATE INDEX "mission_claims_board" ON "mission_claims" USING btree ("merchant_code","claimed_at");--> statement-breakpoint
CREATE INDEX "mission_claims_member" ON "mission_claims" USING btree ("member_id","claimed_at");--> statement-breakpoint
CREATE INDEX "missions_merchant" ON "missions" USING btree ("merchant_code","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "missions_promotion" ON "missions" USING btree ("promotion_id");