-- Hand-written (docs/decisions/015-saved-cart.md, amended 2026-11-27): a placed order empties its
-- shopper's saved cart in the transaction that places it. The storefront empties the device's cart
-- when the order is placed and saved the empty cart 700 ms later; a browser that died in between
-- left the ordered lines in the saved cart, and the next device to sign in got them back.
--
-- The carts module owns the statement; placing an order (here, for cash and free orders) and
-- settling a card order (flows/settle-at-once.ts, carts/service.ts) call it. An order written to
-- wait for its card leaves the cart alone: a declined card keeps the shopper's cart on every device.
CREATE FUNCTION "stoa_empty_saved_cart"(p_store int, p_customer int)
RETURNS void LANGUAGE sql AS $$
  DELETE FROM saved_carts WHERE store_id = p_store AND customer_id = p_customer;
$$;
--> statement-breakpoint
-- Migration 0012's function, unchanged but for the saved cart emptied once the order is placed.
CREATE OR REPLACE FUNCTION "stoa_place_order"(
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
  IF o.status = 'placed' THEN
    PERFORM stoa_empty_saved_cart(o.store_id, o.customer_id);
  END IF;
  RETURN QUERY SELECT o.created_at, ids;
END;
$$;
