CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer,
	"username" text,
	"event" text NOT NULL,
	"ip" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"username" text NOT NULL,
	"account" text NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" text NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"parent_id" integer,
	"affiliate_code" text,
	"to_upline" boolean DEFAULT false NOT NULL,
	"mobile" text,
	"country_dialing_code" text,
	"email" text,
	"payee_name" text,
	"payment_password_hash" text,
	"contacts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"language" text DEFAULT 'km' NOT NULL,
	"club_label" text,
	"member_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"avatar" text,
	"status" text DEFAULT 'active' NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"register_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"login_type" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_member" ON "audit_events" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "audit_event" ON "audit_events" USING btree ("event");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username" ON "members" USING btree ("merchant_code","username");--> statement-breakpoint
CREATE UNIQUE INDEX "members_affiliate_code" ON "members" USING btree ("merchant_code","affiliate_code");--> statement-breakpoint
CREATE INDEX "members_parent" ON "members" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_member" ON "sessions" USING btree ("member_id");