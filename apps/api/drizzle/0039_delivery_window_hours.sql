ALTER TABLE "delivery_settings" ADD COLUMN "window_opens_at" integer;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD COLUMN "window_closes_at" integer;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD COLUMN "window_days" integer[];