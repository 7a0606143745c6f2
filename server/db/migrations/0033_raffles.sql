CREATE TABLE "raffle_draws" (
	"promotion_id" integer NOT NULL,
	"period" text NOT NULL,
	"last_day" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"commitment" text NOT NULL,
	"seed" text NOT NULL,
	"total_tickets" integer,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffle_draws_promotion_id_period_pk" PRIMARY KEY("promotion_id","period")
);
--> statement-breakpoint
CREATE TABLE "raffle_entries" (
	"promotion_id" integer NOT NULL,
	"period" text NOT NULL,
	"member_id" integer NOT NULL,
	"tickets" integer,
	"first_ticket" integer,
	"rank" integer,
	"winning_ticket" integer,
	"prize" bigint,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"ticket_valid_bets" bigint NOT NULL,
	"prizes" jsonb NOT NULL,
	"draw_delay_minutes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raffle_draws_due" ON "raffle_draws" USING btree ("drawn_at","draw_at");--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_entries_once" ON "raffle_entries" USING btree ("promotion_id","period","member_id");