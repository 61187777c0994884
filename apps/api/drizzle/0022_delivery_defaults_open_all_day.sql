ALTER TABLE "delivery_settings" ALTER COLUMN "opens_at" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "delivery_settings" ALTER COLUMN "closes_at" SET DEFAULT 1440;