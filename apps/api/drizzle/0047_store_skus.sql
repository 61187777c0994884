CREATE TABLE "store_skus" (
	"store_id" integer NOT NULL,
	"sku" text NOT NULL,
	CONSTRAINT "store_skus_store_id_sku_pk" PRIMARY KEY("store_id","sku")
);
--> statement-breakpoint
-- One SKU names one thing in a shop: a product or a variation (decision 062). The database keeps
-- every SKU of a shop in store_skus through these triggers, so two saves at once that would give
-- one SKU to a product and a variation meet on its primary key, and one is refused.
INSERT INTO store_skus (store_id, sku)
  SELECT store_id, sku FROM products
  UNION ALL
  SELECT store_id, sku FROM product_variations;
--> statement-breakpoint
CREATE FUNCTION keep_store_skus() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM store_skus WHERE store_id = OLD.store_id AND sku = OLD.sku;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO store_skus (store_id, sku) VALUES (NEW.store_id, NEW.sku);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_keep_store_skus
  AFTER INSERT OR DELETE OR UPDATE OF sku ON products
  FOR EACH ROW EXECUTE FUNCTION keep_store_skus();
--> statement-breakpoint
CREATE TRIGGER product_variations_keep_store_skus
  AFTER INSERT OR DELETE OR UPDATE OF sku ON product_variations
  FOR EACH ROW EXECUTE FUNCTION keep_store_skus();
