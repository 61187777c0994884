-- Staff block and erase customers (decision 060), and list and search them: newest first per kind,
-- and by part of a name, email or phone through trigrams.
ALTER TABLE "customers" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customers_store_kind_idx" ON "customers" USING btree ("store_id","kind","id");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);
