CREATE TABLE "vendor_transaction_totals" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"debits" bigint DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"rollbacks" bigint DEFAULT 0 NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"pruned" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vendor_transactions_created" ON "vendor_transactions" USING btree ("created_at","id");