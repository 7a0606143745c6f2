ALTER TABLE "banks" ADD COLUMN "logo" "bytea";--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "logo_sha256" text;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_logo_with_hash" CHECK (("banks"."logo" is null) = ("banks"."logo_sha256" is null));