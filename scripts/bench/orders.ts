// The checkout side of the bench: products that carts are drawn from (restocked so orders succeed),
// sessions to order with, carts, and the stock check that proves no order oversold.
import { setTimeout as sleep } from "node:timers/promises";
import type { CheckoutRequestInput, DeliveryWindowRef } from "@stoa/contract";
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";
import { send } from "./measure.ts";
import type { RunningServer } from "./servers.ts";

/**
 * What each product and variation of the pool holds before a run: far more than a run sells (a
 * 10 s create load at 500 orders/s takes about 30,000 units over the pool), so every order finds
 * its stock and the figures are those of orders placed, not refused.
 */
export const POOL_STOCK = 1_000_000;
/**
 * Open unpaid orders one bench shopper may have: far more than the cash orders a run leaves each
 * session with (tens), so orders are placed, not refused for the shop's limit (decision 033).
 */
export const SHOPPER_UNPAID_ORDERS = 1_000_000;
/**
 * Units and value (minor units) the unpaid orders of one bench order or shopper may hold: the
 * largest a column takes, so the run's carts are never refused for the shop's holds (decision 040).
 */
export const SHOPPER_UNPAID_HOLDS = 2_147_483_647;
/** Guest sessions made through the API, each from its own address (guest sessions are throttled per address). */
export const GUEST_COUNT = 100;
/** Carts drawn per target: enough that repeats do not make one cart's rows hot. */
const CART_COUNT = 2_000;
const MAX_LINES = 8;
const MAX_QUANTITY = 3;
/** One line in this many is a product sold by variation, when the catalogue has any. */
const VARIATION_LINE_EVERY = 6;

export type OrderPool = {
  /** Products sold as they are: physical, available, without variations. */
  plain: number[];
  /** Products sold by variation, with their offered variations. */
  byVariation: { productId: number; variationIds: number[] }[];
  /** The shop's pickup point when it has exactly one (checkout then needs no choice), else the first. */
  pickupPointId: number | null;
};

/** What the checkout targets send: many sessions, and carts for calculate and for create. */
export type Checkout = {
  /** Bearer tokens of customers and guests. */
  sessions: string[];
  calculateBodies: CheckoutRequestInput[];
  createBodies: CheckoutRequestInput[];
};

/**
 * Sessions and carts once the API runs: the bench's signed-in customers and guests made through the
 * API, taking turns; carts priced for delivery in windows that stay bookable through the run.
 */
export async function checkoutWorkload(
  api: RunningServer,
  pool: OrderPool,
  customerTokens: string[],
): Promise<Checkout> {
  const guests = await guestSessions(api);
  const sessions: string[] = [];
  for (let i = 0; i < Math.max(guests.length, customerTokens.length); i++) {
    const customer = customerTokens[i];
    const guest = guests[i];
    if (customer) sessions.push(customer);
    if (guest) sessions.push(guest);
  }
  const times = { delivery: await bookableWindows(api), pickup: await bookableWindows(api, "pickup") };
  return {
    sessions,
    calculateBodies: checkoutBodies(pool, times, 1),
    createBodies: checkoutBodies(pool, times, 2),
  };
}

/**
 * The pool of products carts are drawn from: `size` products sold as they are, spread over the
 * catalogue (the generated catalogue carries no variations or add-ons), plus the store's products
 * sold by variation. Every product and variation of the pool is restocked to POOL_STOCK (a
 * product's stock is the total of its variations, decision 016). Stock-only writes leave the
 * catalogue version alone, except for a product that was sold out, which the same decision makes a
 * catalogue change.
 *
 * Delivery windows of the bench store take POOL_STOCK orders each instead of the demo's handful,
 * so that delivery orders are not refused for a full window after the first few seconds, and its
 * shoppers may leave SHOPPER_UNPAID_ORDERS orders unpaid, holding up to SHOPPER_UNPAID_HOLDS, instead
 * of a shop's few.
 */
export async function prepareOrderPool(
  handle: DatabaseHandle,
  storeId: number,
  size: number,
): Promise<OrderPool> {
  const plain = await handle.query<{ id: number }>(
    `SELECT id FROM products
     WHERE store_id = $1 AND is_available AND NOT is_digital AND variation_count = 0
     ORDER BY md5(id::text) LIMIT $2`,
    [storeId, size],
  );
  const variations = await handle.query<{ product_id: number; ids: number[] }>(
    `SELECT v.product_id, array_agg(v.id ORDER BY v.id) AS ids
     FROM product_variations v JOIN products p ON p.store_id = v.store_id AND p.id = v.product_id
     WHERE v.store_id = $1 AND v.is_available AND p.is_available AND NOT p.is_digital
     GROUP BY v.product_id ORDER BY v.product_id`,
    [storeId],
  );
  const byVariation = variations.map((r) => ({ productId: r.product_id, variationIds: r.ids }));
  await handle.query(
    `UPDATE product_variations SET stock = $3
     WHERE store_id = $1 AND product_id IN (SELECT unnest($2::int[])) AND stock <> $3`,
    [storeId, byVariation.map((p) => p.productId), POOL_STOCK],
  );
  await handle.query(
    `UPDATE products p SET stock = t.total
     FROM (SELECT product_id, sum(stock)::int AS total FROM product_variations
           WHERE store_id = $1 AND product_id IN (SELECT unnest($2::int[])) GROUP BY product_id) t
     WHERE p.store_id = $1 AND p.id = t.product_id AND p.stock <> t.total`,
    [storeId, byVariation.map((p) => p.productId)],
  );
  await handle.query(
    "UPDATE products SET stock = $3 WHERE store_id = $1 AND id IN (SELECT unnest($2::int[])) AND stock <> $3",
    [storeId, plain.map((r) => r.id), POOL_STOCK],
  );
  await handle.query("UPDATE delivery_settings SET capacity = $2 WHERE store_id = $1 AND capacity < $2", [
    storeId,
    POOL_STOCK,
  ]);
  // Every create counts its shopper's open unpaid orders. The bench customers are kept from run to
  // run, and so are their cash orders: the cash of earlier runs' orders is taken as collected, as
  // a shop would have done, so a create counts what this run left open (a shop's few, in
  // production), not every order since the data was made.
  await handle.query("UPDATE stores SET unpaid_order_limit = $2 WHERE id = $1 AND unpaid_order_limit < $2", [
    storeId,
    SHOPPER_UNPAID_ORDERS,
  ]);
  await handle.query(
    `UPDATE stores SET unpaid_units_per_order = $2, unpaid_value_per_order = $2,
       unpaid_units_per_shopper = $2, unpaid_value_per_shopper = $2
     WHERE id = $1 AND unpaid_value_per_shopper < $2`,
    [storeId, SHOPPER_UNPAID_HOLDS],
  );
  await handle.query(
    `UPDATE orders SET payment_status = 'cash_collected', updated_at = now()
     WHERE store_id = $1 AND payment_status = 'cash_due' AND status NOT IN ('delivered', 'cancelled')`,
    [storeId],
  );
  // Guest sessions meet a per-address ceiling; the bench makes its guests from its own addresses and
  // starts each run with their counts cleared, as it does for sign-ins.
  await handle.query("DELETE FROM throttles WHERE key LIKE 'guest:ip:10.%'");
  const pickup = await handle.query<{ id: number }>(
    "SELECT id FROM pickup_points WHERE store_id = $1 ORDER BY id LIMIT 1",
    [storeId],
  );
  return { plain: plain.map((r) => r.id), byVariation, pickupPointId: pickup[0]?.id ?? null };
}

const API_HEADERS = { "store-domain": "localhost", "content-type": "application/json" };

/** Guest sessions through `api/auth/login/session`, one per address (10.200.x.y). */
export async function guestSessions(api: RunningServer, count = GUEST_COUNT): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < count; i++) {
    const ip = `10.200.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const { status, text } = await send(
      api.origin,
      "POST",
      "/api/auth/login/session",
      { ...API_HEADERS, "x-forwarded-for": ip },
      "{}",
    );
    if (status !== 200) throw new Error(`guest session → ${status} ${text.slice(0, 200)}`);
    const token = (JSON.parse(text) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`guest session without a token: ${text.slice(0, 200)}`);
    sessions.push(token);
  }
  return sessions;
}

/**
 * Windows closer than this are left out: one whose booking cut-off passed during the run would
 * refuse its orders, and the run would measure refusals.
 */
const WINDOW_MARGIN_MS = 4 * 60 * 60 * 1000;

/**
 * The delivery windows (or pickup times) of the bench store that stay bookable for a run, soonest
 * first; none when it does not book windows.
 */
export async function bookableWindows(
  api: RunningServer,
  type: "delivery" | "pickup" = "delivery",
): Promise<DeliveryWindowRef[]> {
  const { status, text } = await send(
    api.origin,
    "POST",
    "/api/storeDeliverySchedule/query/storeCustomer",
    API_HEADERS,
    JSON.stringify({ delivery_type: type }),
  );
  if (status !== 200) throw new Error(`delivery schedule → ${status} ${text.slice(0, 200)}`);
  const schedule = JSON.parse(text) as {
    data: { days: { windows: { start: string; end: string; available: boolean }[] }[] };
  };
  return schedule.data.days
    .flatMap((day) => day.windows)
    .filter((w) => w.available && Date.parse(w.start) > Date.now() + WINDOW_MARGIN_MS)
    .map(({ start, end }) => ({ start, end }));
}

/** Deterministic pseudo-random numbers (mulberry32): the same carts every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ADDRESS = {
  street_address: "12 Orchard Street",
  country: "United States",
  city: "Springfield",
  state: "IL",
  zip: "62701",
};

/**
 * Checkout bodies: 1–8 lines of 1–3 units, one line in six a product sold by variation, half for
 * delivery to an address in a bookable window and half for pickup at one of the shop's pickup
 * times (a pickup for as soon as possible is refused while the grocery is closed, and runs go at
 * any hour), cash either way. Lines of one cart name different products, as a cart merges repeats
 * into one line.
 */
export function checkoutBodies(
  pool: OrderPool,
  { delivery: windows, pickup: pickupTimes }: { delivery: DeliveryWindowRef[]; pickup: DeliveryWindowRef[] },
  seed: number,
  count = CART_COUNT,
): CheckoutRequestInput[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const bodies: CheckoutRequestInput[] = [];
  for (let i = 0; i < count; i++) {
    const lineCount = 1 + Math.floor(next() * MAX_LINES);
    const seen = new Set<string>();
    const products: CheckoutRequestInput["products"] = [];
    while (products.length < lineCount) {
      const quantity = 1 + Math.floor(next() * MAX_QUANTITY);
      if (pool.byVariation.length > 0 && next() < 1 / VARIATION_LINE_EVERY) {
        const { productId, variationIds } = pick(pool.byVariation);
        const variationId = pick(variationIds);
        if (seen.has(`v${variationId}`)) continue;
        seen.add(`v${variationId}`);
        products.push({ productId, variationId, quantity });
      } else {
        const productId = pick(pool.plain);
        if (seen.has(`p${productId}`)) continue;
        seen.add(`p${productId}`);
        products.push({ productId, quantity });
      }
    }
    const delivery = windows.length > 0 && i % 2 === 0;
    bodies.push(
      delivery
        ? {
            products,
            delivery_type: "delivery",
            shipping_address: { customerName: `Bench Shopper ${i}`, address: ADDRESS },
            delivery_time: pick(windows),
            payment_gateway: "cash",
            customer_name: `Bench Shopper ${i}`,
            customer_contact: `bench-${i}@stoa.test`,
          }
        : {
            products,
            delivery_type: "pickup",
            pickupOption: pool.pickupPointId,
            // By turns rather than by the seeded draw, so the carts stay those of earlier runs.
            delivery_time: pickupTimes[i % pickupTimes.length] ?? null,
            payment_gateway: "cash",
            customer_name: `Bench Shopper ${i}`,
            customer_contact: `bench-${i}@stoa.test`,
          },
    );
  }
  return bodies;
}

/** Stock of every product and variation of the pool, by `p<id>` and `v<id>`. */
export type StockSnapshot = { levels: Map<string, number>; lastOrderId: number };

export async function stockSnapshot(
  db: DatabaseHandle,
  storeId: number,
  pool: OrderPool,
): Promise<StockSnapshot> {
  const productIds = [...pool.plain, ...pool.byVariation.map((p) => p.productId)];
  const products = await db.query<{ id: number; stock: number }>(
    "SELECT id, stock FROM products WHERE store_id = $1 AND id IN (SELECT unnest($2::int[]))",
    [storeId, productIds],
  );
  const variations = await db.query<{ id: number; stock: number }>(
    "SELECT id, stock FROM product_variations WHERE store_id = $1 AND product_id IN (SELECT unnest($2::int[]))",
    [storeId, pool.byVariation.map((p) => p.productId)],
  );
  const last = await db.query<{ id: number | null }>("SELECT max(id) AS id FROM orders WHERE store_id = $1", [
    storeId,
  ]);
  const levels = new Map<string, number>();
  for (const r of products) levels.set(`p${r.id}`, r.stock);
  for (const r of variations) levels.set(`v${r.id}`, r.stock);
  return { levels, lastOrderId: last[0]?.id ?? 0 };
}

/**
 * The snapshot once no order is still being written: requests cut off at the end of a load are
 * still served for a moment after it.
 */
export async function settledSnapshot(
  db: DatabaseHandle,
  storeId: number,
  pool: OrderPool,
): Promise<StockSnapshot> {
  let last = await stockSnapshot(db, storeId, pool);
  for (let i = 0; i < 100; i++) {
    await sleep(300);
    const now = await stockSnapshot(db, storeId, pool);
    if (now.lastOrderId === last.lastOrderId && sameLevels(now.levels, last.levels)) return now;
    last = now;
  }
  throw new Error("orders were still being written 30 s after the load ended");
}

function sameLevels(a: Map<string, number>, b: Map<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

export type StockCheck = {
  orders: number;
  units: number;
  /** Products and variations whose stock taken differs from the quantities ordered. */
  mismatches: string[];
  /** Products and variations of the store below zero. */
  negative: number;
};

/**
 * After a load: every order placed since `before` (the warm-up, preflight and drain included), the
 * units its lines ordered per product and per variation, and the stock each lost. Placed means not
 * cancelled and not failed.
 */
export async function checkStock(
  db: DatabaseHandle,
  storeId: number,
  pool: OrderPool,
  before: StockSnapshot,
): Promise<StockCheck> {
  const after = await settledSnapshot(db, storeId, pool);
  // A product loses what all its lines ordered; a variation what its own lines ordered.
  const ordered = await db.query<{ key: string; units: number }>(
    `WITH placed AS (
       SELECT l.product_id, l.variation_id, l.quantity
       FROM order_lines l JOIN orders o ON o.store_id = l.store_id AND o.id = l.order_id
       WHERE o.store_id = $1 AND o.id > $2 AND o.status NOT IN ('cancelled', 'payment_failed'))
     SELECT 'p' || product_id AS key, sum(quantity)::int AS units FROM placed GROUP BY product_id
     UNION ALL
     SELECT 'v' || variation_id, sum(quantity)::int FROM placed WHERE variation_id IS NOT NULL GROUP BY variation_id`,
    [storeId, before.lastOrderId],
  );
  const counted = await db.query<{ orders: number }>(
    `SELECT count(*)::int AS orders FROM orders
     WHERE store_id = $1 AND id > $2 AND status NOT IN ('cancelled', 'payment_failed')`,
    [storeId, before.lastOrderId],
  );
  const expected = new Map(ordered.map((r) => [r.key, r.units]));
  let units = 0;
  for (const [key, n] of expected) if (key.startsWith("p")) units += n;
  const mismatches: string[] = [];
  for (const [key, was] of before.levels) {
    const taken = was - (after.levels.get(key) ?? was);
    const asked = expected.get(key) ?? 0;
    if (taken !== asked) mismatches.push(`${key}: stock took ${taken}, orders hold ${asked}`);
  }
  for (const key of expected.keys())
    if (!before.levels.has(key)) mismatches.push(`${key}: ordered, but not a product of the pool`);
  const negative = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM products WHERE store_id = $1 AND stock < 0)
          + (SELECT count(*) FROM product_variations WHERE store_id = $1 AND stock < 0) AS n`,
    [storeId],
  );
  return { orders: counted[0]?.orders ?? 0, units, mismatches, negative: Number(negative[0]?.n ?? 0) };
}
