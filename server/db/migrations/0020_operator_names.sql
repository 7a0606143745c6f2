ALTER TABLE "customer_service" ADD COLUMN "titles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_methods" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;