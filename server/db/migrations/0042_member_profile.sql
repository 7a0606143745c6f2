CREATE TABLE "member_profiles" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"permanent_address" text,
	"current_address" text,
	"place_of_birth" text,
	"nationality" text,
	"occupation" text,
	"source_of_income" text,
	"reopened" text[] DEFAULT '{}' NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_field_rules" (
	"merchant_code" text NOT NULL,
	"field" text NOT NULL,
	"enabled" boolean NOT NULL,
	"required" boolean NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL,
	"accepted_pattern" text NOT NULL,
	"pattern_id" text NOT NULL,
	"locked" boolean NOT NULL,
	CONSTRAINT "profile_field_rules_merchant_code_field_pk" PRIMARY KEY("merchant_code","field")
);
--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_field_rules" ADD CONSTRAINT "profile_field_rules_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;