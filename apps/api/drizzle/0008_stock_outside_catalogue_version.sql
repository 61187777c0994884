-- Hand-written (docs/decisions/016-stock-outside-the-catalogue-cache.md): stock taken or given back by
-- orders no longer raises the store's catalogue_version, so a sale keeps the store's cached catalogue
-- answers; the API reads the stock of a cached answer again before serving it
-- (apps/api/src/catalogue/live-stock.ts). An UPDATE of products or product_variations raises the
-- version, as before, for the rows where anything besides `stock` changed; `updated_at` (shown by no
-- answer) and `search_vector` (computed from the compared columns, and the largest value of the row)
-- are left out of the comparison. For products also where stock crossed zero: "in stock only"
-- listings filter on products.stock > 0, so a sell-out or a restock changes what they list.
-- Still one statement trigger per table, so a bulk import costs one comparison of its rows, not a
-- trigger call per row; rows whose stock did not change take the short path (no comparison).
CREATE FUNCTION "stores_bump_catalogue_version_unless_only_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The trigger's argument: 'sold_out_changes_listings' when listings filter on the table's stock.
  sold_out_matters boolean := TG_NARGS > 0 AND TG_ARGV[0] = 'sold_out_changes_listings';
BEGIN
  UPDATE "stores" SET "catalogue_version" = "catalogue_version" + 1
  WHERE "id" IN (
    SELECT n."store_id"
    FROM new_rows n
    LEFT JOIN old_rows o ON o."store_id" = n."store_id" AND o."id" = n."id"
    WHERE CASE
      WHEN o."id" IS NULL OR o."stock" = n."stock" THEN true
      WHEN sold_out_matters AND (o."stock" > 0) <> (n."stock" > 0) THEN true
      ELSE to_jsonb(o) - '{stock,updated_at,search_vector}'::text[]
        <> to_jsonb(n) - '{stock,updated_at,search_vector}'::text[]
    END
    UNION
    -- A row given another key (store or id) leaves the catalogue of its old store too.
    SELECT o."store_id"
    FROM old_rows o
    WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."store_id" = o."store_id" AND n."id" = o."id")
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_update_catalogue_version" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_update_catalogue_version" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "stores_bump_catalogue_version_unless_only_stock"('sold_out_changes_listings');
--> statement-breakpoint
DROP TRIGGER "product_variations_update_catalogue_version" ON "product_variations";
--> statement-breakpoint
CREATE TRIGGER "product_variations_update_catalogue_version" AFTER UPDATE ON "product_variations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "stores_bump_catalogue_version_unless_only_stock"();
