-- Hand-written (docs/decisions/017-pricing.md, amended 2026-11-27): a first-order coupon is checked
-- again under the coupon's row lock. Pricing checked it before the order's transaction, where two
-- orders of one customer sent at once (or a second one while a card order waited for its bank) both
-- saw no earlier order, and both got the first-order discount. Every use of a coupon takes its row
-- lock first, so two orders with the same coupon pass here one after the other, and the second sees
-- the first, committed: any other order of the customer but one whose card was declined (a
-- cancelled order counts, as it does for pricing; a card order still waiting counts, as it may yet
-- be placed) refuses the use, and the whole order with it (`stoa:coupon_refused`).
CREATE OR REPLACE FUNCTION "stoa_redeem_coupon"(p_store int, p_coupon int, p_customer int, p_order int)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  SELECT is_active, max_uses, max_uses_per_customer, used_count, first_order_only INTO c
  FROM coupons WHERE store_id = p_store AND id = p_coupon FOR UPDATE;
  IF NOT FOUND OR NOT c.is_active THEN RETURN false; END IF;
  IF c.max_uses IS NOT NULL AND c.used_count >= c.max_uses THEN RETURN false; END IF;
  IF c.max_uses_per_customer IS NOT NULL AND (
    SELECT count(*) FROM coupon_redemptions r
    WHERE r.store_id = p_store AND r.coupon_id = p_coupon AND r.customer_id = p_customer AND r.returned_at IS NULL
  ) >= c.max_uses_per_customer THEN
    RETURN false;
  END IF;
  IF c.first_order_only AND EXISTS (
    SELECT 1 FROM orders o
    WHERE o.store_id = p_store AND o.customer_id = p_customer AND o.id <> p_order AND o.status <> 'payment_failed'
  ) THEN
    RETURN false;
  END IF;
  UPDATE coupons SET used_count = used_count + 1 WHERE store_id = p_store AND id = p_coupon;
  INSERT INTO coupon_redemptions (store_id, coupon_id, customer_id, order_id)
  VALUES (p_store, p_coupon, p_customer, p_order);
  RETURN true;
END;
$$;
