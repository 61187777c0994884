-- Hand-written: the holds of migration 0012 check their own inputs instead of trusting their
-- callers. A take refuses a quantity that is not positive (it would add stock, passing
-- `stock >= quantity`); a window of no capacity books nothing (its first booking used to be
-- written with `booked = 1` whatever the capacity).
CREATE OR REPLACE FUNCTION "stoa_take_products_stock"(p_store int, p_ids int[], p_quantities int[], p_by_variation boolean[])
RETURNS TABLE (id int, stock int, fits boolean, all_fit boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH demand AS (
    SELECT d.*, set_config('stoa.stock_only', 'on', true) AS stock_only
    FROM unnest(p_ids, p_quantities, p_by_variation) AS d(id, quantity, by_variation)
  ), locked AS (
    SELECT p.id, p.stock, p.variation_count > 0 AS by_variation FROM products p
    WHERE p.store_id = p_store AND p.id = ANY(p_ids) ORDER BY p.id FOR UPDATE
  ), checked AS (
    SELECT d.id, CASE WHEN l.by_variation = d.by_variation THEN l.stock END AS stock,
      coalesce(d.quantity > 0 AND l.by_variation = d.by_variation AND l.stock >= d.quantity, false) AS fits
    FROM demand d LEFT JOIN locked l ON l.id = d.id
  ), taken AS (
    UPDATE products p SET stock = p.stock - d.quantity FROM demand d
    WHERE p.store_id = p_store AND p.id = d.id AND (SELECT bool_and(c.fits) FROM checked c)
    RETURNING p.id
  )
  SELECT c.id, c.stock, c.fits, (SELECT count(*) FROM taken) = (SELECT count(*) FROM demand)
  FROM checked c;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stoa_take_variations_stock"(p_store int, p_ids int[], p_product_ids int[], p_quantities int[])
RETURNS TABLE (id int, stock int, fits boolean, all_fit boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH demand AS (
    SELECT d.*, set_config('stoa.stock_only', 'on', true) AS stock_only
    FROM unnest(p_ids, p_product_ids, p_quantities) AS d(id, product_id, quantity)
  ), locked AS (
    SELECT v.id, v.product_id, v.stock FROM product_variations v
    WHERE v.store_id = p_store AND v.id = ANY(p_ids) ORDER BY v.id FOR UPDATE
  ), checked AS (
    SELECT d.id, CASE WHEN l.product_id = d.product_id THEN l.stock END AS stock,
      coalesce(d.quantity > 0 AND l.product_id = d.product_id AND l.stock >= d.quantity, false) AS fits
    FROM demand d LEFT JOIN locked l ON l.id = d.id
  ), taken AS (
    UPDATE product_variations v SET stock = v.stock - d.quantity FROM demand d
    WHERE v.store_id = p_store AND v.id = d.id AND (SELECT bool_and(c.fits) FROM checked c)
    RETURNING v.id
  )
  SELECT c.id, c.stock, c.fits, (SELECT count(*) FROM taken) = (SELECT count(*) FROM demand)
  FROM checked c;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stoa_book_delivery_window"(p_store int, p_starts timestamptz, p_ends timestamptz, p_order int, p_capacity int)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_capacity IS NULL OR p_capacity < 1 THEN RETURN false; END IF;
  INSERT INTO delivery_window_loads AS w (store_id, starts_at, ends_at, booked)
  VALUES (p_store, p_starts, p_ends, 1)
  ON CONFLICT (store_id, starts_at) DO UPDATE SET booked = w.booked + 1 WHERE w.booked < p_capacity;
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO delivery_bookings (store_id, order_id, starts_at, ends_at) VALUES (p_store, p_order, p_starts, p_ends);
  RETURN true;
END;
$$;
