CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fund_notices" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "fund_notices" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_member" ON "push_subscriptions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "fund_notices_unpushed" ON "fund_notices" USING btree ("id") WHERE pushed_at is null;--> statement-breakpoint
-- Notices written before push existed are not pushed now.
UPDATE "fund_notices" SET "pushed_at" = "created_at";