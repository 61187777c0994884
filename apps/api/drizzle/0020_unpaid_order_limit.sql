ALTER TABLE "stores" ADD COLUMN "unpaid_order_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_customer_open_unpaid_idx" ON "orders" USING btree ("store_id","customer_id") WHERE status = 'pending_payment' OR (payment_status = 'cash_due' AND status NOT IN ('delivered', 'cancelled'));
--> statement-breakpoint
-- Hand-written (docs/decisions/033-open-unpaid-orders.md): one shopper may have only so many
-- orders open and unpaid at once (the store's `unpaid_order_limit`). Such an order holds stock, a
-- coupon use and a delivery window until the shop moves it on, and a guest's confirmation goes to
-- whatever address was typed: without a limit a script could hold a shop's whole stock, or send
-- its mail to strangers, by placing order after order.
--
-- An order is open and unpaid while its cash is due and it is neither delivered nor cancelled, or
-- while it waits for its card. Written once here: the count below and the placing call use it,
-- and PostgreSQL inlines it, so the count matches the partial index `orders_customer_open_unpaid_idx`
-- (whose predicate is the same expression; a test explains the count to prove it).
CREATE FUNCTION "stoa_open_unpaid"(p_status text, p_payment_status text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status = 'pending_payment' OR (p_payment_status = 'cash_due' AND p_status NOT IN ('delivered', 'cancelled'))
$$;
--> statement-breakpoint
-- How many of a shopper's orders are open and unpaid, counted up to `p_up_to`: the caller only
-- asks whether there are more than the limit, so a shopper's long history is never read whole.
-- A table function in SQL that is not volatile is inlined into the statement that calls it, which
-- reads the partial index (and keeps its plan, in PL/pgSQL).
CREATE FUNCTION "stoa_open_unpaid_orders"(p_store int, p_customer int, p_up_to int)
RETURNS TABLE (n int) LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM (
    SELECT FROM orders o
    WHERE o.store_id = p_store AND o.customer_id = p_customer AND stoa_open_unpaid(o.status, o.payment_status)
    LIMIT p_up_to
  ) AS open_unpaid
$$;
--> statement-breakpoint
-- Migration 0017's function, unchanged but for the limit: once the order's key is known to be new
-- and if the order is itself open and unpaid (a free order is neither), the shopper's row is
-- locked and their open unpaid orders counted, this one with them; more than the store allows
-- refuses the order (`stoa:unpaid_order_limit`) before anything is taken. The signature is
-- the same, so API processes still running the release before this one keep placing orders.
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
  unpaid_limit int;
BEGIN
  o := jsonb_populate_record(NULL::orders, p_order || jsonb_build_object('created_at', now(), 'updated_at', now()));
  INSERT INTO orders SELECT o.* ON CONFLICT (store_id, customer_id, idempotency_key) DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  -- Only now, once the key is known to be new: a repeat of the order that reached the limit
  -- answers that order rather than a refusal. The shopper's row lock makes their creates wait for
  -- each other here, so each counts the orders of those before it, committed; it is taken before
  -- any other lock of the call and by nothing else that places or releases orders, so no two
  -- writers wait for each other in a circle. The limit is read in the same statement.
  IF stoa_open_unpaid(o.status, o.payment_status) THEN
    SELECT s.unpaid_order_limit INTO unpaid_limit
    FROM customers c JOIN stores s ON s.id = c.store_id
    WHERE c.store_id = o.store_id AND c.id = o.customer_id
    FOR NO KEY UPDATE OF c;
    IF (SELECT n FROM stoa_open_unpaid_orders(o.store_id, o.customer_id, unpaid_limit + 1)) > unpaid_limit THEN
      RAISE EXCEPTION 'stoa:unpaid_order_limit';
    END IF;
  END IF;
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
