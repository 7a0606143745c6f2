CREATE TABLE "turnover_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"required" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"turnover_at_start" bigint NOT NULL,
	"source" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"closed_by" text,
	CONSTRAINT "turnover_requirements_amounts" CHECK ("turnover_requirements"."required" > 0 and "turnover_requirements"."bonus" >= 0),
	CONSTRAINT "turnover_requirements_closed" CHECK (("turnover_requirements"."closed_at" is null) = ("turnover_requirements"."closed_reason" is null) and ("turnover_requirements"."closed_at" is null) = ("turnover_requirements"."closed_by" is null))
);
--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "turnover_requirements_open" ON "turnover_requirements" USING btree ("member_id") WHERE "turnover_requirements"."closed_at" is null;