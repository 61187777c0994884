ALTER TABLE "product_changes" ADD COLUMN "words" text[];--> statement-breakpoint
-- Hand-written (docs/decisions/069-product-level-cache-invalidation.md, issue 38): a change of a
-- product's words carries the words themselves, so that a kept one-word keyword search is dropped
-- only when one of them could match it (contract `wordsCouldMatch`), not by every rename in the
-- shop. The two functions of migration 0054 again, with `words`.
CREATE OR REPLACE FUNCTION "stoa_record_product_changes"(changed jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed IS NULL OR jsonb_array_length(changed) = 0 THEN
    RETURN;
  END IF;
  WITH "rows" AS (
    SELECT e.i, (r->>'s')::int AS store_id, (r->>'p')::int AS product_id, (r->>'a')::int AS aspects, r->'c' AS categories,
      CASE WHEN jsonb_typeof(r->'m') = 'array' THEN r->'m' END AS prices,
      CASE WHEN jsonb_typeof(r->'w') = 'array' THEN r->'w' END AS words
    FROM jsonb_array_elements(changed) WITH ORDINALITY AS e(r, i)
  ), per_product AS (
    SELECT store_id, product_id, bit_or(aspects) AS aspects,
      coalesce(array_agg(DISTINCT c::int ORDER BY c::int) FILTER (WHERE c IS NOT NULL), '{}') AS category_ids,
      (array_agg(prices) FILTER (WHERE prices IS NOT NULL))[1] AS prices,
      -- A product named twice in one statement (a new key) may have changed any word.
      CASE WHEN count(DISTINCT i) = 1 THEN (array_agg(words))[1] END AS words
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
  INSERT INTO "product_changes" ("store_id", "seq", "product_id", "category_ids", "aspects", "prices", "words")
  SELECT pp.store_id, n.seq, pp.product_id, pp.category_ids, pp.aspects,
    CASE WHEN pp.prices IS NOT NULL THEN ARRAY(SELECT jsonb_array_elements_text(pp.prices)::int) END,
    CASE WHEN pp.words IS NOT NULL THEN ARRAY(SELECT jsonb_array_elements_text(pp.words)) END
  FROM per_product pp JOIN numbered n ON n."id" = pp.store_id;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stoa_products_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT jsonb_agg(jsonb_build_object('s', x.store_id, 'p', x.id, 'c', x.categories, 'a', x.aspects, 'm', x.prices,
        -- New words: the lexemes gained, lost or moved between name, brand and description (with
        -- their weights, in the order they stand: what a one-word search finds and ranks by); at
        -- most 64 of them, and none known after a new sku or barcode, which a keyword matches too.
        'w', CASE WHEN x.aspects & 4 <> 0 AND NOT x.code_changed THEN (
          SELECT CASE WHEN count(*) <= 64 THEN coalesce(jsonb_agg(DISTINCT d.lexeme), '[]'::jsonb) END
          FROM ((SELECT lexeme, weights FROM unnest(x.old_vector) EXCEPT SELECT lexeme, weights FROM unnest(x.new_vector))
                UNION
                (SELECT lexeme, weights FROM unnest(x.new_vector) EXCEPT SELECT lexeme, weights FROM unnest(x.old_vector))) d
        ) END))
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
            <> to_jsonb(n) - '{stock,updated_at,search_vector,low_stock_threshold}'::text[] AS shown,
          o."search_vector" AS old_vector, n."search_vector" AS new_vector,
          o."sku" IS DISTINCT FROM n."sku" OR o."barcode" IS DISTINCT FROM n."barcode" AS code_changed
        FROM new_rows n JOIN old_rows o ON o."store_id" = n."store_id" AND o."id" = n."id"
        UNION ALL
        -- A row given another key (store or id) leaves its old place and joins its new one.
        SELECT o."store_id", o."id", to_jsonb(o."category_ids"), NULL::jsonb, 7, true, NULL::tsvector, NULL::tsvector, true
        FROM old_rows o
        WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."store_id" = o."store_id" AND n."id" = o."id")
        UNION ALL
        SELECT n."store_id", n."id", to_jsonb(n."category_ids"), NULL::jsonb, 7, true, NULL::tsvector, NULL::tsvector, true
        FROM new_rows n
        WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o."store_id" = n."store_id" AND o."id" = n."id")
      ) x
      WHERE x.aspects <> 0 OR x.shown;
  END IF;
  PERFORM "stoa_record_product_changes"(changed);
  RETURN NULL;
END;
$$;
