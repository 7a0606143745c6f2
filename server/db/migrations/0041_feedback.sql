CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_reply" CHECK (("feedback"."reply" is null) = ("feedback"."replied_at" is null))
);
--> statement-breakpoint
CREATE TABLE "feedback_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"min_words" integer NOT NULL,
	"max_words" integer NOT NULL,
	"per_day" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_settings_words" CHECK ("feedback_settings"."min_words" >= 1 and "feedback_settings"."max_words" >= "feedback_settings"."min_words"),
	CONSTRAINT "feedback_settings_per_day" CHECK ("feedback_settings"."per_day" >= 1)
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_settings" ADD CONSTRAINT "feedback_settings_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_member" ON "feedback" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_open" ON "feedback" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "feedback_images_feedback" ON "feedback_images" USING btree ("feedback_id","position");