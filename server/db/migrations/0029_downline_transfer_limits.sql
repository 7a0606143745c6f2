ALTER TABLE "merchants" ADD COLUMN "downline_transfer_max" bigint;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "downline_transfer_daily_max" bigint;--> statement-breakpoint
-- Hand-written below
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_downline_transfer_limits_positive" CHECK (
  ("downline_transfer_max" IS NULL OR "downline_transfer_max" > 0)
  AND ("downline_transfer_daily_max" IS NULL OR "downline_transfer_daily_max" > 0)
);
