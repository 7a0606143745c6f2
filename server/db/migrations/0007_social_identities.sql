CREATE TABLE "social_flows" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"member_id" integer,
	"handoff_hash" text,
	"handoff_expires_at" timestamp with time zone,
	"handoff_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"member_id" integer NOT NULL,
	"email" text,
	"display_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_flows" ADD CONSTRAINT "social_flows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_flows_expires" ON "social_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_subject" ON "social_identities" USING btree ("merchant_code","provider","subject");--> statement-breakpoint
CREATE INDEX "social_identities_member" ON "social_identities" USING btree ("member_id");