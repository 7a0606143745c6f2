ALTER TABLE "merchants" ADD COLUMN "share_image_url" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;