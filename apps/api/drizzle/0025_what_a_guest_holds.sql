ALTER TABLE "outbox" ADD COLUMN "unverified_recipient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "unpaid_units_per_order" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "unpaid_value_per_order" integer DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "unpaid_units_per_shopper" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "unpaid_value_per_shopper" integer DEFAULT 200000 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "unconfirmed_release_minutes" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_unpaid_holds_check" CHECK ("stores"."unpaid_units_per_order" >= 0 AND "stores"."unpaid_value_per_order" >= 0 AND "stores"."unpaid_units_per_shopper" >= 0 AND "stores"."unpaid_value_per_shopper" >= 0);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_unconfirmed_release_minutes_check" CHECK ("stores"."unconfirmed_release_minutes" > 0);--> statement-breakpoint
-- Hand-written (docs/decisions/040-what-a-guest-holds.md): what a shopper's open orders with cash
-- due hold together, in units and in the goods' value. A table function in SQL that is not volatile
-- is inlined into the statement that calls it, so it reads the partial index of open unpaid orders
-- (whose predicate it repeats); a test explains it to prove it.
CREATE FUNCTION "stoa_cash_due_held"(p_store int, p_customer int)
RETURNS TABLE (units bigint, value bigint) LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(o.item_count), 0)::bigint, coalesce(sum(o.total_amount), 0)::bigint
  FROM orders o
  WHERE o.store_id = p_store AND o.customer_id = p_customer
    AND stoa_open_unpaid(o.status, o.payment_status) AND o.payment_status = 'cash_due'
$$;
--> statement-breakpoint
-- What orders paid on collection or delivery may hold. One cash order took every unit of several
-- products, and a guest session is free: the store's limits on the units and the goods' value of
-- one such order, and of one shopper's open ones together, are checked by the call that places the
-- order, under the same lock of the shopper's row as `unpaid_order_limit` (migration 0020), so two
-- creates of one shopper in any processes are judged one after the other. Card orders are paid
-- when placed and are not limited by it. A refusal names the limits it met in its DETAIL, so the
-- API's message can say them. The signature is migration 0020's, for the processes of the release
-- before.
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
  s stores;
  held_units bigint;
  held_value bigint;
BEGIN
  o := jsonb_populate_record(NULL::orders, p_order || jsonb_build_object('created_at', now(), 'updated_at', now()));
  INSERT INTO orders SELECT o.* ON CONFLICT (store_id, customer_id, idempotency_key) DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  -- Only now, once the key is known to be new: a repeat of an order answers that order rather
  -- than a refusal. The shopper's row lock makes their creates wait for each other here, so each
  -- counts the orders of those before it, committed; it is taken before any other lock of the call
  -- and by nothing else that places or releases orders, so no two writers wait for each other in
  -- a circle. The limits are read in the same statement.
  IF stoa_open_unpaid(o.status, o.payment_status) THEN
    SELECT st.* INTO s
    FROM customers c JOIN stores st ON st.id = c.store_id
    WHERE c.store_id = o.store_id AND c.id = o.customer_id
    FOR NO KEY UPDATE OF c;
    IF (SELECT n FROM stoa_open_unpaid_orders(o.store_id, o.customer_id, s.unpaid_order_limit + 1)) > s.unpaid_order_limit THEN
      RAISE EXCEPTION 'stoa:unpaid_order_limit';
    END IF;
    IF o.payment_status = 'cash_due' THEN
      IF o.item_count > s.unpaid_units_per_order OR o.total_amount > s.unpaid_value_per_order THEN
        RAISE EXCEPTION 'stoa:unpaid_order_too_large' USING DETAIL = jsonb_build_object(
          'units', s.unpaid_units_per_order, 'value', s.unpaid_value_per_order)::text;
      END IF;
      SELECT h.units, h.value INTO held_units, held_value FROM stoa_cash_due_held(o.store_id, o.customer_id) h;
      IF held_units > s.unpaid_units_per_shopper OR held_value > s.unpaid_value_per_shopper THEN
        RAISE EXCEPTION 'stoa:unpaid_holds_too_large' USING DETAIL = jsonb_build_object(
          'units', s.unpaid_units_per_shopper, 'value', s.unpaid_value_per_shopper)::text;
      END IF;
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
  INSERT INTO outbox (store_id, channel, recipient, subject, body, unverified_recipient)
  SELECT o.store_id, m->>'channel', m->>'recipient', m->>'subject', m->>'body',
    coalesce((m->>'unverifiedRecipient')::boolean, false)
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
--> statement-breakpoint
-- A message to an address nobody proved (an order confirmation to an email typed at checkout) is
-- kept only while that address has had fewer than five such messages in the last hour, from any
-- shop of the deployment; past that the row is not written and the order it belongs to goes on.
-- The address's lock (one advisory lock per address, to the end of the transaction) makes
-- concurrent writers count one after the other. The count reads the recipient index.
CREATE FUNCTION "stoa_unverified_recipient_allowance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.unverified_recipient THEN RETURN NEW; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('outbox:unverified:' || NEW.recipient, 0));
  IF (SELECT count(*) FROM (
        SELECT FROM outbox m
        WHERE m.recipient = NEW.recipient AND m.unverified_recipient
          AND m.created_at > now() - interval '1 hour'
        LIMIT 5) AS recent) >= 5 THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_unverified_recipient_allowance" BEFORE INSERT ON "outbox"
FOR EACH ROW EXECUTE FUNCTION "stoa_unverified_recipient_allowance"();
