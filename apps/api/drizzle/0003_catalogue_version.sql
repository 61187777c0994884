ALTER TABLE "stores" ADD COLUMN "catalogue_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: every statement that changes a store's catalogue raises the store's catalogue_version
-- once (statement triggers, so a bulk import costs one update, not one per row). API processes key
-- their cached catalogue answers by it (apps/api/src/http/answer-cache.ts).
CREATE FUNCTION "stores_bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stores" SET "catalogue_version" = "catalogue_version" + 1
  WHERE "id" IN (SELECT DISTINCT "store_id" FROM changed_rows);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_insert_catalogue_version" AFTER INSERT ON "categories"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "categories_update_catalogue_version" AFTER UPDATE ON "categories"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "categories_delete_catalogue_version" AFTER DELETE ON "categories"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "products_insert_catalogue_version" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "products_update_catalogue_version" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "products_delete_catalogue_version" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_insert_catalogue_version" AFTER INSERT ON "product_categories"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_update_catalogue_version" AFTER UPDATE ON "product_categories"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_delete_catalogue_version" AFTER DELETE ON "product_categories"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_variations_insert_catalogue_version" AFTER INSERT ON "product_variations"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_variations_update_catalogue_version" AFTER UPDATE ON "product_variations"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_variations_delete_catalogue_version" AFTER DELETE ON "product_variations"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "tags_insert_catalogue_version" AFTER INSERT ON "tags"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "tags_update_catalogue_version" AFTER UPDATE ON "tags"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "tags_delete_catalogue_version" AFTER DELETE ON "tags"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_tags_insert_catalogue_version" AFTER INSERT ON "product_tags"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_tags_update_catalogue_version" AFTER UPDATE ON "product_tags"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_tags_delete_catalogue_version" AFTER DELETE ON "product_tags"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "collections_insert_catalogue_version" AFTER INSERT ON "collections"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "collections_update_catalogue_version" AFTER UPDATE ON "collections"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "collections_delete_catalogue_version" AFTER DELETE ON "collections"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "collection_products_insert_catalogue_version" AFTER INSERT ON "collection_products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "collection_products_update_catalogue_version" AFTER UPDATE ON "collection_products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "collection_products_delete_catalogue_version" AFTER DELETE ON "collection_products"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "store_images_insert_catalogue_version" AFTER INSERT ON "store_images"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "store_images_update_catalogue_version" AFTER UPDATE ON "store_images"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "store_images_delete_catalogue_version" AFTER DELETE ON "store_images"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_catalogue_version"();
