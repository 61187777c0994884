ALTER TABLE "orders" ADD COLUMN "pickup_address" text;--> statement-breakpoint
-- Hand-written: pickup orders placed before the address was frozen on the order take it from their
-- point (or from the shop's only point, when the shopper had none to choose), in the language the
-- order was placed in, as the name was; so every pickup order says where to collect it.
UPDATE "orders" AS o
SET
  "pickup_option_id" = p."id",
  "pickup_address" = COALESCE(
    NULLIF(p."address_localizations" ->> o."locale", ''),
    NULLIF(p."address_localizations" ->> 'en', ''),
    ''
  )
FROM "pickup_points" AS p
WHERE o."delivery_type" = 'pickup'
  AND o."pickup_address" IS NULL
  AND p."store_id" = o."store_id"
  AND (
    p."id" = o."pickup_option_id"
    OR (
      o."pickup_option_id" IS NULL
      AND (SELECT count(*) FROM "pickup_points" AS points WHERE points."store_id" = o."store_id") = 1
    )
  );
