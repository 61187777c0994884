-- Hand-written (docs/decisions/020-order-create-path.md, amended 2026-11-25): two costs of taking
-- stock for an order that a CPU profile of PostgreSQL under the order bench showed, a third of
-- the database's own work on an order between them.
--
-- 1. The catalogue-version trigger's stock-only branch raised the version with an UPDATE joined to
--    the statement's old and new rows. An UPDATE with a join carries every joined row whole, in
--    case it has to recheck a row that another transaction changed meanwhile, and a whole products
--    row is built again from its TOASTed values (names, descriptions, search vector): each line of
--    each order read those back from the TOAST table only to drop them. The branch now finds the
--    stores whose products sold out or came back with a plain SELECT of the two columns it
--    compares, and raises those stores' versions only when there are any, which an order almost
--    never does. Other updates take the same path as before.
CREATE OR REPLACE FUNCTION "stores_bump_catalogue_version_unless_only_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The trigger's argument: 'sold_out_changes_listings' when listings filter on the table's stock.
  sold_out_matters boolean := TG_NARGS > 0 AND TG_ARGV[0] = 'sold_out_changes_listings';
  crossed int[];
BEGIN
  IF coalesce(current_setting('stoa.stock_only', true), '') = 'on' THEN
    PERFORM set_config('stoa.stock_only', '', true);
    IF sold_out_matters THEN
      SELECT array_agg(DISTINCT n."store_id") INTO crossed
      FROM new_rows n
      JOIN old_rows o ON o."store_id" = n."store_id" AND o."id" = n."id"
      WHERE (o."stock" > 0) <> (n."stock" > 0);
      IF crossed IS NOT NULL THEN
        UPDATE "stores" SET "catalogue_version" = "catalogue_version" + 1 WHERE "id" = ANY(crossed);
      END IF;
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
-- 2. The takes' one statement was planned again on every call. PL/pgSQL keeps a statement's plan,
--    but for a statement with parameters it compares, after five calls, the plan made for any
--    arguments with the plans made for each call's own, and a plan for "an array of some length"
--    never looks as cheap as one for the cart's three lines: every order paid a new plan of the
--    whole statement, its joins, lock and update. The plan for any arguments reads each row by its
--    key whatever the cart (the ids are what it is asked for), so the takes always use it.
ALTER FUNCTION "stoa_take_products_stock"(int, int[], int[], boolean[]) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION "stoa_take_variations_stock"(int, int[], int[], int[]) SET plan_cache_mode = force_generic_plan;
