ALTER TABLE "orders" ADD COLUMN "card_unanswered_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (docs/decisions/040-what-a-guest-holds.md): a card order whose provider gave no
-- answer (an outage, a lost answer) was answered "we are checking with your bank" and is settled by
-- the sweeper or by the shopper's own retry of the same request. After an outage a shopper who tried
-- again with a new request met the unpaid-order limit for up to an hour with orders they were told
-- had not gone through: such an order no longer counts as open and unpaid. It still holds its stock
-- until it is settled, and only the provider's silence, never the shopper, marks it so. The count
-- still reads the partial index of open unpaid orders, and filters its few rows.
CREATE OR REPLACE FUNCTION "stoa_open_unpaid_orders"(p_store int, p_customer int, p_up_to int)
RETURNS TABLE (n int) LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM (
    SELECT FROM orders o
    WHERE o.store_id = p_store AND o.customer_id = p_customer AND stoa_open_unpaid(o.status, o.payment_status)
      AND o.card_unanswered_at IS NULL
    LIMIT p_up_to
  ) AS open_unpaid
$$;
