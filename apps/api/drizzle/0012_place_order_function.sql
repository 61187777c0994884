-- Hand-written (docs/decisions/020-order-create-path.md): placing an order writes the order and
-- takes everything it holds in one call, so that the rows many orders share (a popular product's
-- stock, a delivery window's count) stay locked only while the database itself works, never while
-- a round trip to the API and back is under way. Each step is one conditional statement, as it was
-- in the API; a step that cannot be taken raises `stoa:…` and the whole call is undone.
--
-- The steps lock rows in the order every other writer of them does (cancel, a declined card):
-- products, variations, the coupon, the wallet, the delivery window last, as it is the row most
-- orders share.

-- Takes each product's quantity off its stock, all or none: locks the rows in id order, checks
-- every row (a product sold by variation is taken from its total, the figure listings show), and
-- only then takes. `stock` is null for a row of no product of the store or one sold otherwise than
-- asked. Says to the catalogue-version trigger that it changes stock only (migration 0011).
CREATE FUNCTION "stoa_take_products_stock"(p_store int, p_ids int[], p_quantities int[], p_by_variation boolean[])
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
      coalesce(l.by_variation = d.by_variation AND l.stock >= d.quantity, false) AS fits
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
-- The same for variations: `p_product_ids` names each variation's product, which must be its own.
CREATE FUNCTION "stoa_take_variations_stock"(p_store int, p_ids int[], p_product_ids int[], p_quantities int[])
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
      coalesce(l.product_id = d.product_id AND l.stock >= d.quantity, false) AS fits
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
-- Uses a coupon for an order while it is on and has a use left, in all and for the customer. The
-- coupon row is locked first; the count of the customer's uses is read after the lock, so it sees
-- every order that held the lock before.
CREATE FUNCTION "stoa_redeem_coupon"(p_store int, p_coupon int, p_customer int, p_order int)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  SELECT is_active, max_uses, max_uses_per_customer, used_count INTO c
  FROM coupons WHERE store_id = p_store AND id = p_coupon FOR UPDATE;
  IF NOT FOUND OR NOT c.is_active THEN RETURN false; END IF;
  IF c.max_uses IS NOT NULL AND c.used_count >= c.max_uses THEN RETURN false; END IF;
  IF c.max_uses_per_customer IS NOT NULL AND (
    SELECT count(*) FROM coupon_redemptions r
    WHERE r.store_id = p_store AND r.coupon_id = p_coupon AND r.customer_id = p_customer AND r.returned_at IS NULL
  ) >= c.max_uses_per_customer THEN
    RETURN false;
  END IF;
  UPDATE coupons SET used_count = used_count + 1 WHERE store_id = p_store AND id = p_coupon;
  INSERT INTO coupon_redemptions (store_id, coupon_id, customer_id, order_id)
  VALUES (p_store, p_coupon, p_customer, p_order);
  RETURN true;
END;
$$;
--> statement-breakpoint
-- Spends wallet credit for an order while the balance covers it, and records the entry.
CREATE FUNCTION "stoa_debit_wallet"(p_store int, p_customer int, p_amount int, p_order int)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_balances SET balance = balance - p_amount, updated_at = now()
  WHERE store_id = p_store AND customer_id = p_customer AND balance >= p_amount;
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO wallet_entries (store_id, customer_id, amount, order_id, reason)
  VALUES (p_store, p_customer, -p_amount, p_order, 'order');
  RETURN true;
END;
$$;
--> statement-breakpoint
-- Books a delivery window for an order while it is below capacity: the window's count is created
-- with its first booking and raised under its row lock after that.
CREATE FUNCTION "stoa_book_delivery_window"(p_store int, p_starts timestamptz, p_ends timestamptz, p_order int, p_capacity int)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO delivery_window_loads AS w (store_id, starts_at, ends_at, booked)
  VALUES (p_store, p_starts, p_ends, 1)
  ON CONFLICT (store_id, starts_at) DO UPDATE SET booked = w.booked + 1 WHERE w.booked < p_capacity;
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO delivery_bookings (store_id, order_id, starts_at, ends_at) VALUES (p_store, p_order, p_starts, p_ends);
  RETURN true;
END;
$$;
--> statement-breakpoint
-- Writes a new order (its row, frozen lines, first timeline step and messages, as JSON of their
-- columns) and takes what it holds. No row back when the shopper already has an order with the
-- idempotency key (nothing is written or taken then); else the order's time and its lines' ids.
-- Refusals: `stoa:out_of_stock` (DETAIL: the products' and variations' rows as the takes found
-- them), `stoa:coupon_refused`, `stoa:wallet_short`, `stoa:window_full`.
CREATE FUNCTION "stoa_place_order"(
  p_order jsonb, p_lines jsonb, p_messages jsonb, p_actor text, p_actor_id int,
  p_product_ids int[], p_product_quantities int[], p_product_by_variation boolean[],
  p_variation_ids int[], p_variation_product_ids int[], p_variation_quantities int[],
  p_coupon int, p_wallet int,
  p_window_starts timestamptz, p_window_ends timestamptz, p_window_capacity int
)
RETURNS TABLE (created_at timestamptz, line_ids int[]) LANGUAGE plpgsql AS $$
DECLARE
  o orders;
  ids int[];
  found_products jsonb;
  found_variations jsonb := '[]';
  all_taken boolean;
BEGIN
  o := jsonb_populate_record(NULL::orders, p_order || jsonb_build_object('created_at', now(), 'updated_at', now()));
  INSERT INTO orders SELECT o.* ON CONFLICT (store_id, customer_id, idempotency_key) DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  -- A record's `.*` calls what makes the record once per column: the lines are made in a subquery
  -- that is kept apart (OFFSET 0), so each line takes one id.
  WITH written AS (
    INSERT INTO order_lines
    SELECT (made.line).* FROM (
      SELECT jsonb_populate_record(NULL::order_lines, l.line || jsonb_build_object(
        'id', nextval('order_lines_id_seq'::regclass),
        'store_id', o.store_id, 'order_id', o.id, 'position', l.n - 1)) AS line
      FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS l(line, n)
      OFFSET 0
    ) AS made
    RETURNING order_lines.id, order_lines.position
  )
  SELECT array_agg(w.id ORDER BY w.position) INTO ids FROM written w;
  INSERT INTO order_events (store_id, order_id, status, payment_status, fulfilment_status, actor, actor_id)
  VALUES (o.store_id, o.id, o.status, o.payment_status, o.fulfilment_status, p_actor, p_actor_id);
  INSERT INTO outbox (store_id, channel, recipient, subject, body)
  SELECT o.store_id, m->>'channel', m->>'recipient', m->>'subject', m->>'body'
  FROM jsonb_array_elements(p_messages) AS m;

  SELECT coalesce(jsonb_agg(to_jsonb(t) - 'all_fit'), '[]'), coalesce(bool_and(t.all_fit), true)
  INTO found_products, all_taken
  FROM stoa_take_products_stock(o.store_id, p_product_ids, p_product_quantities, p_product_by_variation) t;
  IF all_taken AND cardinality(p_variation_ids) > 0 THEN
    SELECT coalesce(jsonb_agg(to_jsonb(t) - 'all_fit'), '[]'), coalesce(bool_and(t.all_fit), true)
    INTO found_variations, all_taken
    FROM stoa_take_variations_stock(o.store_id, p_variation_ids, p_variation_product_ids, p_variation_quantities) t;
  END IF;
  IF NOT all_taken THEN
    RAISE EXCEPTION 'stoa:out_of_stock'
      USING DETAIL = jsonb_build_object('products', found_products, 'variations', found_variations)::text;
  END IF;
  IF p_coupon IS NOT NULL AND NOT stoa_redeem_coupon(o.store_id, p_coupon, o.customer_id, o.id) THEN
    RAISE EXCEPTION 'stoa:coupon_refused';
  END IF;
  IF p_wallet > 0 AND NOT stoa_debit_wallet(o.store_id, o.customer_id, p_wallet, o.id) THEN
    RAISE EXCEPTION 'stoa:wallet_short';
  END IF;
  IF p_window_starts IS NOT NULL
    AND NOT stoa_book_delivery_window(o.store_id, p_window_starts, p_window_ends, o.id, p_window_capacity) THEN
    RAISE EXCEPTION 'stoa:window_full';
  END IF;
  RETURN QUERY SELECT o.created_at, ids;
END;
$$;
