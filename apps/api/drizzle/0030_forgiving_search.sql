CREATE TABLE "search_words" (
	"store_id" integer NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_store_id_word_pk" PRIMARY KEY("store_id","word")
);
--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): the shop's vocabulary follows its products
-- (decision 045). search_text holds every name and brand in every language, lower-cased, then the
-- sku and the barcode; its space-separated tokens other than those two are the shop's words (the
-- API splits a token such as "5w-30" into words itself). Inserts are handled per statement, so an
-- import of many products adds each word once; updates per row and only when search_text changed,
-- so stock and price updates never reach this code.
CREATE FUNCTION "search_words_of_inserted_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("store_id", "word")
  SELECT DISTINCT added."store_id", token
  FROM added_products AS added, regexp_split_to_table(added."search_text", '\s+') AS token
  WHERE token <> '' AND token <> lower(added."sku") AND token <> lower(added."barcode")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_inserted" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS added_products FOR EACH STATEMENT
  EXECUTE FUNCTION "search_words_of_inserted_products"();
--> statement-breakpoint
CREATE FUNCTION "search_words_of_renamed_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("store_id", "word")
  SELECT DISTINCT NEW."store_id", token
  FROM regexp_split_to_table(NEW."search_text", '\s+') AS token
  WHERE token <> '' AND token <> lower(NEW."sku") AND token <> lower(NEW."barcode")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_renamed" AFTER UPDATE OF "search_text" ON "products"
  FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text")
  EXECUTE FUNCTION "search_words_of_renamed_product"();
--> statement-breakpoint
INSERT INTO "search_words" ("store_id", "word")
SELECT DISTINCT p."store_id", token
FROM "products" AS p, regexp_split_to_table(p."search_text", '\s+') AS token
WHERE token <> '' AND token <> lower(p."sku") AND token <> lower(p."barcode")
ON CONFLICT DO NOTHING;
