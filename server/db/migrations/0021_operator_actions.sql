CREATE TABLE "operator_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"operator" text NOT NULL,
	"action" text NOT NULL,
	"words" jsonb NOT NULL,
	"target" text,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operator_actions_brand" ON "operator_actions" USING btree ("merchant_code","id");