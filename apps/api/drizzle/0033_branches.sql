ALTER TABLE "stores" ADD COLUMN "branch_group" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "branch_location" jsonb;--> statement-breakpoint
CREATE INDEX "stores_branch_group_idx" ON "stores" USING btree ("branch_group") WHERE "stores"."branch_group" IS NOT NULL;