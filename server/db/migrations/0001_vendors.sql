CREATE TABLE "vendors" (
	"merchant_code" text NOT NULL,
	"account_type_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendors_merchant_code_game_type_vassalage_pk" PRIMARY KEY("merchant_code","game_type","vassalage")
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;