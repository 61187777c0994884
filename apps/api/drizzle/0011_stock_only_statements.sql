-- Hand-written (docs/decisions/020-order-create-path.md): what makes taking stock for an order cost
-- what a stock change should cost.
--
-- 1. The statements that take and give back stock (apps/api/src/catalogue/stock.ts) say that they
--    change nothing but stock, by setting `stoa.stock_only` for the rest of their own statement.
--    The catalogue-version trigger then skips its comparison of whole rows (jsonb of every column of
--    the old and the new row, the dearest part of a stock statement) and only looks whether a
--    product sold out or came back, which changes what "in stock only" listings hold. The trigger
--    clears the flag, so no later statement of the transaction inherits it. Any other UPDATE is
--    compared as before.
CREATE OR REPLACE FUNCTION "stores_bump_catalogue_version_unless_only_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The trigger's argument: 'sold_out_changes_listings' when listings filter on the table's stock.
  sold_out_matters boolean := TG_NARGS > 0 AND TG_ARGV[0] = 'sold_out_changes_listings';
BEGIN
  IF coalesce(current_setting('stoa.stock_only', true), '') = 'on' THEN
    PERFORM set_config('stoa.stock_only', '', true);
    IF sold_out_matters THEN
      UPDATE "stores" SET "catalogue_version" = "catalogue_version" + 1
      WHERE "id" IN (
        SELECT n."store_id" FROM new_rows n
        JOIN old_rows o ON o."store_id" = n."store_id" AND o."id" = n."id"
        WHERE (o."stock" > 0) <> (n."stock" > 0)
      );
    END IF;
    RETURN NULL;
  END IF;
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
-- 2. Room on every page for a row's next version, so that a stock change is written in place (a
--    heap-only update: stock is in no index) instead of as a new row in every one of the table's
--    indexes, three of them GIN. Products rows are about 2 kB, three to a page: 70 % leaves room
--    for one more. Pages written from now on keep the room; a database from before gets it as its
--    pages are rewritten (VACUUM FULL products, product_variations does it at once).
ALTER TABLE "products" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "product_variations" SET (fillfactor = 80);
