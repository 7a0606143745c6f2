CREATE TABLE "demo_vendor_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"player_token" text,
	"game" text NOT NULL,
	"game_code" text NOT NULL,
	"server_seed" text,
	"client_seed" text,
	"nonce" integer,
	"bet" bigint NOT NULL,
	"win" bigint,
	"result" jsonb NOT NULL,
	"status" text NOT NULL,
	"settle_after" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "demo_vendor_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"player_token" text,
	"currency" text NOT NULL,
	"decimals" integer NOT NULL,
	"play_balance" bigint,
	"server_seed" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_vendor_rounds" ADD CONSTRAINT "demo_vendor_rounds_session_id_demo_vendor_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."demo_vendor_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_vendor_rounds_session" ON "demo_vendor_rounds" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "demo_vendor_rounds_status" ON "demo_vendor_rounds" USING btree ("status","settle_after");