ALTER TABLE "product_variations" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "description_localizations" jsonb;