CREATE TABLE "favorite_games" (
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"match_id" text NOT NULL,
	"league_id" text NOT NULL,
	"league_name" text NOT NULL,
	"game_type" text NOT NULL,
	"vassalage" text NOT NULL,
	"sport" text NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"odds_home" text NOT NULL,
	"odds_draw" text,
	"odds_away" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"game_type" text NOT NULL,
	"vassalage" text NOT NULL,
	"sub_type" text,
	"thumbnail" text NOT NULL,
	"is_game" text DEFAULT 'GAME' NOT NULL,
	"default_play_type" text DEFAULT 'html5' NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"freeplay" boolean DEFAULT false NOT NULL,
	"rooms" jsonb,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recent_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "maintenance_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "maintenance_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_fk" FOREIGN KEY ("merchant_code","game_type","vassalage") REFERENCES "public"."vendors"("merchant_code","game_type","vassalage") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_games_member" ON "favorite_games" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_matches_id" ON "game_matches" USING btree ("merchant_code","match_id");--> statement-breakpoint
CREATE INDEX "game_matches_start" ON "game_matches" USING btree ("merchant_code","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_code" ON "games" USING btree ("merchant_code","code");--> statement-breakpoint
CREATE INDEX "games_code_any" ON "games" USING btree ("code");--> statement-breakpoint
CREATE INDEX "games_lane" ON "games" USING btree ("merchant_code","game_type","vassalage","sort");--> statement-breakpoint
CREATE INDEX "games_lobby" ON "games" USING btree ("merchant_code","game_type","sort","id");--> statement-breakpoint
CREATE INDEX "games_hot" ON "games" USING btree ("merchant_code","is_hot","sort");--> statement-breakpoint
CREATE INDEX "recent_games_member" ON "recent_games" USING btree ("member_id","played_at");--> statement-breakpoint
CREATE INDEX "recent_games_game" ON "recent_games" USING btree ("game_id","played_at");