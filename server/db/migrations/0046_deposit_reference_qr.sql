ALTER TABLE "deposit_methods" ADD COLUMN "qr_payload" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reference_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_reference_code" ON "deposits" USING btree ("merchant_code","reference_code");