ALTER TABLE "products" ADD COLUMN "category_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(name_localizations->>'en', '') || ' ' || coalesce(name_localizations->>'ar', '') || ' ' || coalesce(name_localizations->>'he', '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(name_localizations->>'en', '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(brand_localizations->>'en', '') || ' ' || coalesce(brand_localizations->>'ar', '') || ' ' || coalesce(brand_localizations->>'he', '')), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(description_localizations->>'en', '') || ' ' || coalesce(description_localizations->>'ar', '') || ' ' || coalesce(description_localizations->>'he', '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(description_localizations->>'en', '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_category_ids_idx" ON "products" USING gin ("category_ids");--> statement-breakpoint
-- products.category_ids mirrors product_categories (see the column's comment in schema.ts). Hand-written:
-- drizzle-kit does not model triggers. Statement-level with transition tables, so a bulk insert of
-- links rewrites each product once, not once per link.
CREATE FUNCTION "products_copy_category_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
  SET category_ids = coalesce(
    (SELECT array_agg(pc.category_id ORDER BY pc.category_id) FROM product_categories pc
     WHERE pc.store_id = p.store_id AND pc.product_id = p.id), '{}')
  FROM (SELECT DISTINCT store_id, product_id FROM changed_links) c
  WHERE p.store_id = c.store_id AND p.id = c.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_categories_inserted" AFTER INSERT ON "product_categories"
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_category_ids"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_deleted" AFTER DELETE ON "product_categories"
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_category_ids"();
--> statement-breakpoint
-- An update can move a link between products: both the old and the new product are refreshed.
CREATE TRIGGER "product_categories_updated_from" AFTER UPDATE ON "product_categories"
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_category_ids"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_updated_to" AFTER UPDATE ON "product_categories"
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_category_ids"();
--> statement-breakpoint
UPDATE products p
SET category_ids = (SELECT array_agg(pc.category_id ORDER BY pc.category_id) FROM product_categories pc
  WHERE pc.store_id = p.store_id AND pc.product_id = p.id)
WHERE EXISTS (SELECT 1 FROM product_categories pc WHERE pc.store_id = p.store_id AND pc.product_id = p.id);
