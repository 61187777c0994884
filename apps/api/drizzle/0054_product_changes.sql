CREATE TABLE "product_changes" (
	"store_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"category_ids" integer[] NOT NULL,
	"aspects" smallint NOT NULL,
	"prices" integer[],
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_changes_store_id_seq_product_id_pk" PRIMARY KEY("store_id","seq","product_id")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "product_changes_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "vocabulary_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_changes_changed_at_idx" ON "product_changes" USING btree ("changed_at");--> statement-breakpoint
-- Hand-written (docs/decisions/069-product-level-cache-invalidation.md): a change to one product
-- no longer raises the store's catalogue_version, which drops every cached answer and shared page
-- of the store. The statement is written to product_changes instead, under the store's next
-- product_changes_seq, with the product's categories before and after and what kind of listing the
-- change can move (PRODUCT_CHANGE in apps/api/src/catalogue/product-changes.ts):
--   1 LISTED  which listings hold the product or in what order, whatever they ask (availability,
--             dine-in, categories, tags, creation time, sales volume, selling out or coming
--             back) — and a product added or removed;
--   2 PRICE   its price or sale price (price sorts and filters, the on-sale shelf), with the
--             effective price before and after and whether it was and is on sale (`prices`);
--   4 TEXT    its words (names, descriptions, brand, remarks, sku, barcode: keyword searches,
--             the name sort, the brand, remark, sku and barcode filters);
--   0         only what answers show of it (pictures, options, add-ons, variations...).
-- Raising the number locks the store row, as raising catalogue_version did, so the numbers follow
-- commit order and a reader never misses a change committed under a lower one. A statement that
-- changes more than 200 of a store's products (an import) raises catalogue_version instead: every
-- answer is dropped at once, cheaper than reading thousands of changes in every process.
CREATE FUNCTION "stoa_record_product_changes"(changed jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed IS NULL OR jsonb_array_length(changed) = 0 THEN
    RETURN;
  END IF;
  WITH "rows" AS (
    SELECT (r->>'s')::int AS store_id, (r->>'p')::int AS product_id, (r->>'a')::int AS aspects, r->'c' AS categories,
      CASE WHEN jsonb_typeof(r->'m') = 'array' THEN r->'m' END AS prices
    FROM jsonb_array_elements(changed) r
  ), per_product AS (
    SELECT store_id, product_id, bit_or(aspects) AS aspects,
      coalesce(array_agg(DISTINCT c::int ORDER BY c::int) FILTER (WHERE c IS NOT NULL), '{}') AS category_ids,
      (array_agg(prices) FILTER (WHERE prices IS NOT NULL))[1] AS prices
    FROM "rows" LEFT JOIN LATERAL jsonb_array_elements_text(categories) c ON true
    GROUP BY store_id, product_id
  ), per_store AS (
    SELECT store_id, count(*) AS products FROM per_product GROUP BY store_id
  ), imported AS (
    UPDATE "stores" s SET "catalogue_version" = s."catalogue_version" + 1
    FROM per_store p WHERE s."id" = p.store_id AND p.products > 200
    RETURNING s."id"
  ), numbered AS (
    UPDATE "stores" s SET "product_changes_seq" = s."product_changes_seq" + 1
    FROM per_store p WHERE s."id" = p.store_id AND p.products <= 200
    RETURNING s."id", s."product_changes_seq" AS seq
  )
  INSERT INTO "product_changes" ("store_id", "seq", "product_id", "category_ids", "aspects", "prices")
  SELECT pp.store_id, n.seq, pp.product_id, pp.category_ids, pp.aspects,
    CASE WHEN pp.prices IS NOT NULL THEN ARRAY(SELECT jsonb_array_elements_text(pp.prices)::int) END
  FROM per_product pp JOIN numbered n ON n."id" = pp.store_id;
END;
$$;
--> statement-breakpoint
-- Products: a row added or removed moves every listing it is in (7: LISTED, PRICE, TEXT); an
-- update is compared column by column. Statements
-- that only take or give back stock (`stoa.stock_only`, migration 0011) skip the comparison and
-- note only the products that sold out or came back ("in stock only" listings).
CREATE FUNCTION "stoa_products_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('s', n."store_id", 'p', n."id", 'c', to_jsonb(n."category_ids"), 'a', 7))
      INTO changed FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('s', o."store_id", 'p', o."id", 'c', to_jsonb(o."category_ids"), 'a', 7))
      INTO changed FROM old_rows o;
  ELSIF coalesce(current_setting('stoa.stock_only', true), '') = 'on' THEN
    PERFORM set_config('stoa.stock_only', '', true);
    SELECT jsonb_agg(jsonb_build_object('s', n."store_id", 'p', n."id", 'c', to_jsonb(n."category_ids"), 'a', 1))
      INTO changed
      FROM new_rows n JOIN old_rows o ON o."store_id" = n."store_id" AND o."id" = n."id"
      WHERE (o."stock" > 0) <> (n."stock" > 0);
  ELSE
    SELECT jsonb_agg(jsonb_build_object('s', x.store_id, 'p', x.id, 'c', x.categories, 'a', x.aspects, 'm', x.prices))
      INTO changed
      FROM (
        SELECT n."store_id", n."id", to_jsonb(o."category_ids" || n."category_ids") AS categories,
          -- A new price says what it was and is, and whether the product was and is on sale: a
          -- listing filtered by a price band or by sale moves only when the product crosses it.
          CASE WHEN o."price" IS DISTINCT FROM n."price" OR o."sale_price" IS DISTINCT FROM n."sale_price"
          THEN jsonb_build_array(o."effective_price", n."effective_price",
            CASE WHEN o."sale_price" < o."price" THEN 1 ELSE 0 END,
            CASE WHEN n."sale_price" < n."price" THEN 1 ELSE 0 END) END AS prices,
          CASE WHEN o."is_available" IS DISTINCT FROM n."is_available" OR o."dine_in" IS DISTINCT FROM n."dine_in"
            OR o."category_ids" IS DISTINCT FROM n."category_ids"
            OR o."created_at" IS DISTINCT FROM n."created_at"
            OR o."sales_volume" IS DISTINCT FROM n."sales_volume"
            OR (o."stock" > 0) <> (n."stock" > 0)
          THEN 1 ELSE 0 END
          | CASE WHEN o."price" IS DISTINCT FROM n."price" OR o."sale_price" IS DISTINCT FROM n."sale_price"
          THEN 2 ELSE 0 END
          | CASE WHEN o."name_localizations" IS DISTINCT FROM n."name_localizations"
            OR o."description_localizations" IS DISTINCT FROM n."description_localizations"
            OR o."brand_localizations" IS DISTINCT FROM n."brand_localizations"
            OR o."remarks_localizations" IS DISTINCT FROM n."remarks_localizations"
            OR o."search_text" IS DISTINCT FROM n."search_text"
            OR o."sku" IS DISTINCT FROM n."sku" OR o."barcode" IS DISTINCT FROM n."barcode"
          THEN 4 ELSE 0 END AS aspects,
          to_jsonb(o) - '{stock,updated_at,search_vector,low_stock_threshold}'::text[]
            <> to_jsonb(n) - '{stock,updated_at,search_vector,low_stock_threshold}'::text[] AS shown
        FROM new_rows n JOIN old_rows o ON o."store_id" = n."store_id" AND o."id" = n."id"
        UNION ALL
        -- A row given another key (store or id) leaves its old place and joins its new one.
        SELECT o."store_id", o."id", to_jsonb(o."category_ids"), NULL::jsonb, 7, true FROM old_rows o
        WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."store_id" = o."store_id" AND n."id" = o."id")
        UNION ALL
        SELECT n."store_id", n."id", to_jsonb(n."category_ids"), NULL::jsonb, 7, true FROM new_rows n
        WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o."store_id" = n."store_id" AND o."id" = n."id")
      ) x
      WHERE x.aspects <> 0 OR x.shown;
  END IF;
  PERFORM "stoa_record_product_changes"(changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Variations: shown on their product's page and cart, never listed by themselves (0). Stock-only
-- statements change nothing an answer keeps (cached answers read stock again, decision 016).
CREATE FUNCTION "stoa_product_variations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('s', n."store_id", 'p', n."product_id", 'c', '[]'::jsonb, 'a', 0))
      INTO changed FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('s', o."store_id", 'p', o."product_id", 'c', '[]'::jsonb, 'a', 0))
      INTO changed FROM old_rows o;
  ELSIF coalesce(current_setting('stoa.stock_only', true), '') = 'on' THEN
    PERFORM set_config('stoa.stock_only', '', true);
  ELSE
    SELECT jsonb_agg(jsonb_build_object('s', x.store_id, 'p', x.product_id, 'c', '[]'::jsonb, 'a', 0))
      INTO changed
      FROM (
        SELECT n."store_id", n."product_id" FROM new_rows n
        LEFT JOIN old_rows o ON o."store_id" = n."store_id" AND o."id" = n."id"
        WHERE o."id" IS NULL
          OR to_jsonb(o) - '{stock,updated_at}'::text[] <> to_jsonb(n) - '{stock,updated_at}'::text[]
          OR o."product_id" <> n."product_id"
        UNION ALL
        SELECT o."store_id", o."product_id" FROM old_rows o
        LEFT JOIN new_rows n ON n."store_id" = o."store_id" AND n."id" = o."id"
        WHERE n."id" IS NULL OR o."product_id" <> n."product_id"
      ) x;
  END IF;
  PERFORM "stoa_record_product_changes"(changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Tags: a tag filter lists by them and tag counts count them (LISTED), in the product's current categories.
CREATE FUNCTION "stoa_product_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  -- Each statement names only the transition tables its trigger has (an INSERT has no old rows).
  IF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('s', t."store_id", 'p', t."product_id",
        'c', coalesce(to_jsonb(p."category_ids"), '[]'::jsonb), 'a', 1))
      INTO changed
      FROM (SELECT DISTINCT "store_id", "product_id" FROM old_rows) t
      LEFT JOIN "products" p ON p."store_id" = t."store_id" AND p."id" = t."product_id";
  ELSIF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('s', t."store_id", 'p', t."product_id",
        'c', coalesce(to_jsonb(p."category_ids"), '[]'::jsonb), 'a', 1))
      INTO changed
      FROM (SELECT DISTINCT "store_id", "product_id" FROM new_rows) t
      LEFT JOIN "products" p ON p."store_id" = t."store_id" AND p."id" = t."product_id";
  ELSE
    SELECT jsonb_agg(jsonb_build_object('s', t."store_id", 'p', t."product_id",
        'c', coalesce(to_jsonb(p."category_ids"), '[]'::jsonb), 'a', 1))
      INTO changed
      FROM (SELECT "store_id", "product_id" FROM new_rows UNION SELECT "store_id", "product_id" FROM old_rows) t
      LEFT JOIN "products" p ON p."store_id" = t."store_id" AND p."id" = t."product_id";
  END IF;
  PERFORM "stoa_record_product_changes"(changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_insert_catalogue_version" ON "products";
--> statement-breakpoint
DROP TRIGGER "products_update_catalogue_version" ON "products";
--> statement-breakpoint
DROP TRIGGER "products_delete_catalogue_version" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_insert_changes" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_products_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_update_changes" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_products_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_delete_changes" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_products_changed"();
--> statement-breakpoint
DROP TRIGGER "product_variations_insert_catalogue_version" ON "product_variations";
--> statement-breakpoint
DROP TRIGGER "product_variations_update_catalogue_version" ON "product_variations";
--> statement-breakpoint
DROP TRIGGER "product_variations_delete_catalogue_version" ON "product_variations";
--> statement-breakpoint
CREATE TRIGGER "product_variations_insert_changes" AFTER INSERT ON "product_variations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_product_variations_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_variations_update_changes" AFTER UPDATE ON "product_variations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_product_variations_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_variations_delete_changes" AFTER DELETE ON "product_variations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_product_variations_changed"();
--> statement-breakpoint
DROP TRIGGER "product_tags_insert_catalogue_version" ON "product_tags";
--> statement-breakpoint
DROP TRIGGER "product_tags_update_catalogue_version" ON "product_tags";
--> statement-breakpoint
DROP TRIGGER "product_tags_delete_catalogue_version" ON "product_tags";
--> statement-breakpoint
CREATE TRIGGER "product_tags_insert_changes" AFTER INSERT ON "product_tags"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_product_tags_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_tags_update_changes" AFTER UPDATE ON "product_tags"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_product_tags_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_tags_delete_changes" AFTER DELETE ON "product_tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stoa_product_tags_changed"();
--> statement-breakpoint
-- Product links to categories are copied into products.category_ids (migration 0001), whose
-- update the products trigger notes with the categories before and after.
DROP TRIGGER "product_categories_insert_catalogue_version" ON "product_categories";
--> statement-breakpoint
DROP TRIGGER "product_categories_update_catalogue_version" ON "product_categories";
--> statement-breakpoint
DROP TRIGGER "product_categories_delete_catalogue_version" ON "product_categories";
--> statement-breakpoint
DROP FUNCTION "stores_bump_catalogue_version_unless_only_stock"();
--> statement-breakpoint
-- The shop's vocabulary is read once per vocabulary_version (catalogue/search-words.ts): raised only
-- when a word joins, which a price edit never does.
CREATE FUNCTION "stores_bump_vocabulary_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stores" SET "vocabulary_version" = "vocabulary_version" + 1
  WHERE "id" IN (SELECT DISTINCT "store_id" FROM new_words);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "search_words_insert_vocabulary_version" AFTER INSERT ON "search_words"
  REFERENCING NEW TABLE AS new_words FOR EACH STATEMENT EXECUTE FUNCTION "stores_bump_vocabulary_version"();
