// The staff's order list at a shop's scale: the bench store is topped up to `BENCH_STAFF_ORDERS`
// orders of a year of trading, written straight to the database (placing 100,000 orders through the
// API would take longer than the whole bench), and one owner's session is opened for the loads.
import { createHash, randomBytes } from "node:crypto";
import {
  csvLine,
  csvMoney,
  type StaffOrderFilter,
  type StaffProductListBody,
  type StaffSalesReportBody,
  type StaffStockListBody,
} from "@stoa/contract";
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";

/** The shoppers the generated orders belong to: kept apart from the checkout's bench shoppers. */
const BUYERS = 2_000;
const FIRST_NAMES = ["Maya", "Omar", "Lena", "Yusuf", "Noa", "Karim", "Sara", "Daniel", "Huda", "Eitan"];
const LAST_NAMES = ["Haddad", "Cohen", "Nasser", "Levi", "Khoury", "Mizrahi", "Saleh", "Peretz"];
/** Rows per statement: keeps each insert's parameters and PGlite's memory small. */
const BATCH = 20_000;

export type StaffOrderLoad = {
  token: string;
  total: number;
  /** Filters a shop's staff use: a status tab, a payment state, a delivery type, a week, a page deep. */
  lists: Array<{ filter: Partial<StaffOrderFilter>; page: number }>;
  /** Searches: an order number, part of a shopper's name, an email. */
  searches: Array<Partial<StaffOrderFilter>>;
  /** Sales reports: the last 30 days and the whole year before today. */
  reports: StaffSalesReportBody[];
  /** The console's product search (its stock page): name words common and rare, a SKU, low, sold out. */
  products: StaffStockListBody[];
  /**
   * The console's products list (issue 33): newest first, a category, low stock, off sale, a SKU,
   * a name word within a category, a page deep.
   */
  productList: Array<{ filter: Partial<StaffProductListBody>; page: number }>;
  /**
   * A products CSV of 1,000 of the store's products (sku, English name, price, stock), every other
   * price up by 0.01: what a dry run of an import reads, compares and answers (decision 064).
   */
  importCsv: string;
};

/** Rows of the bench's import file. */
const IMPORT_ROWS = 1_000;

/** The file a member would upload after editing an export: half its rows change a price. */
async function importCsvOf(handle: DatabaseHandle, storeId: number): Promise<string> {
  const rows = await handle.query<{ sku: string; name: string; price: number; stock: number }>(
    `SELECT sku, coalesce(name_localizations->>'en', '') AS name, price, stock
     FROM products WHERE store_id = $1 AND variation_count = 0 ORDER BY md5(id::text) LIMIT $2`,
    [storeId, IMPORT_ROWS],
  );
  const lines = rows.map((row, i) =>
    csvLine([row.sku, row.name, csvMoney(row.price + (i % 2)), String(row.stock)]),
  );
  return csvLine(["sku", "name_en", "price", "stock"]) + lines.join("");
}

async function orderCount(handle: DatabaseHandle, storeId: number): Promise<number> {
  const rows = await handle.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM orders WHERE store_id = $1",
    [storeId],
  );
  return rows[0]?.n ?? 0;
}

async function ensureBuyers(handle: DatabaseHandle, storeId: number): Promise<number[]> {
  const emails = Array.from({ length: BUYERS }, (_, i) => `bench-buyer-${i}@stoa.test`);
  await handle.query(
    `INSERT INTO customers (store_id, kind, email, email_verified_at, first_name, last_name)
     SELECT $1, 'customer', e, now(), ($3::text[])[1 + (n % $4)], ($5::text[])[1 + (n % $6)]
     FROM unnest($2::text[]) WITH ORDINALITY AS x(e, n)
     WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.store_id = $1 AND c.email = e)`,
    [storeId, emails, FIRST_NAMES, FIRST_NAMES.length, LAST_NAMES, LAST_NAMES.length],
  );
  const rows = await handle.query<{ id: number }>(
    "SELECT id FROM customers WHERE store_id = $1 AND email = ANY($2::text[]) ORDER BY id",
    [storeId, emails],
  );
  return rows.map((r) => r.id);
}

/**
 * Adds `count` orders spread over the last 365 days: most delivered, some cancelled, the newest still
 * moving (placed, confirmed, preparing, shipped, ready). Undelivered ones are card-paid, so none
 * counts against a shopper's open unpaid orders. Numbers come from the store's counter, as placed
 * orders' do, so later creates never meet one.
 */
async function addOrders(handle: DatabaseHandle, storeId: number, count: number): Promise<void> {
  const buyers = await ensureBuyers(handle, storeId);
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    const rows = await handle.query<{ last: number }>(
      `INSERT INTO order_counters (store_id, last_number) VALUES ($1, 1000 + $2)
       ON CONFLICT (store_id) DO UPDATE SET last_number = order_counters.last_number + $2
       RETURNING last_number AS last`,
      [storeId, n],
    );
    const first = (rows[0]?.last ?? 0) - n + 1;
    await handle.query(
      `INSERT INTO orders (store_id, order_number, customer_id, status, payment_status, fulfilment_status,
         delivery_type, currency, total_amount, tax, tax_included, shipping_charge, discount, tip, wallet,
         payable_amount, payment_gateway, customer_name, customer_contact, note, out_stock_preference,
         locale, idempotency_key, request_digest, item_count, created_at, updated_at)
       SELECT $1, $2 + g, b.id,
         s.status, s.payment, s.fulfilment,
         (ARRAY['delivery','pickup','post','delivery','pickup'])[1 + g % 5],
         st.currency, 1500 + (g * 37) % 20000, 0, false, 0, 0, 0, 0, 1500 + (g * 37) % 20000,
         CASE WHEN s.payment = 'cash_collected' THEN NULL ELSE 'test-card' END,
         b.first_name || ' ' || b.last_name, b.email, '', 'refund', 'en',
         'bench-order-' || ($2 + g), 'bench', 1 + g % 6, at, at
       FROM generate_series(0, $3 - 1) AS g
       JOIN LATERAL (SELECT ($4::int[])[1 + g % cardinality($4::int[])] AS id) pick ON true
       JOIN customers b ON b.store_id = $1 AND b.id = pick.id
       JOIN stores st ON st.id = $1
       CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (($3 - g) * 31536000.0 / $3)) AS at) t
       CROSS JOIN LATERAL (
         SELECT * FROM (VALUES
           ('delivered', 'captured', 'delivered'),
           ('delivered', 'cash_collected', 'delivered'),
           ('cancelled', 'voided', 'cancelled'),
           ('placed', 'authorized', 'unfulfilled'),
           ('confirmed', 'authorized', 'unfulfilled'),
           ('preparing', 'authorized', 'unfulfilled'),
           ('shipped', 'captured', 'shipped')
         ) v(status, payment, fulfilment)
         -- The last day's orders still move; the year before is settled.
         OFFSET CASE WHEN at > now() - interval '1 day' THEN 3 + g % 4 ELSE (g % 10) / 4 END LIMIT 1
       ) s`,
      [storeId, first - 1, n, buyers],
    );
  }
}

/**
 * Gives the generated orders that have none one to three lines of the store's first 500 products
 * (a shop's best sellers), so the report's top products read lines as a trading shop's would.
 */
async function addOrderLines(handle: DatabaseHandle, storeId: number): Promise<void> {
  await handle.query(
    `WITH picks AS (SELECT array_agg(id ORDER BY id) AS ids FROM (
       SELECT id FROM products WHERE store_id = $1 ORDER BY id LIMIT 500) p)
     INSERT INTO order_lines (store_id, order_id, product_id, name, sku, unit_price, quantity, line_total, tax, position)
     SELECT o.store_id, o.id, pr.id, coalesce(pr.name_localizations->>'en', pr.sku), pr.sku, 500, 1 + (o.id + k) % 3,
       500 * (1 + (o.id + k) % 3), 0, k
     FROM orders o
     CROSS JOIN picks
     CROSS JOIN LATERAL generate_series(0, o.id % 3) AS k
     JOIN products pr ON pr.store_id = o.store_id
       AND pr.id = picks.ids[1 + ((o.id * 7 + k * 13) % cardinality(picks.ids))]
     WHERE o.store_id = $1 AND o.request_digest = 'bench'
       AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.store_id = o.store_id AND l.order_id = o.id)`,
    [storeId],
  );
}

/** An owner's session of the bench store, written as signing in writes one (hashed token). */
export async function ownerToken(handle: DatabaseHandle, storeId: number): Promise<string> {
  const rows = await handle.query<{ id: number }>(
    "SELECT id FROM staff_members WHERE store_id = $1 AND role = 'owner' AND disabled_at IS NULL ORDER BY id LIMIT 1",
    [storeId],
  );
  const staffId = rows[0]?.id;
  if (staffId === undefined) throw new Error(`store ${storeId} has no owner to list its orders`);
  const token = randomBytes(32).toString("base64url");
  await handle.query(
    `INSERT INTO staff_sessions (token_hash, store_id, staff_id, expires_at)
     VALUES ($1, $2, $3, now() + interval '1 day')`,
    [createHash("sha256").update(token).digest("hex"), storeId, staffId],
  );
  return token;
}

export async function prepareStaffOrders(
  handle: DatabaseHandle,
  storeId: number,
  target: number,
  log: (line: string) => void,
): Promise<StaffOrderLoad> {
  const existing = await orderCount(handle, storeId);
  if (existing < target) {
    log(`generating ${target - existing} orders in store ${storeId} (has ${existing})`);
    const started = Date.now();
    await addOrders(handle, storeId, target - existing);
    await handle.query("VACUUM ANALYZE orders");
    log(`generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const lines = await handle.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM order_lines WHERE store_id = $1",
    [storeId],
  );
  if ((lines[0]?.n ?? 0) < (await orderCount(handle, storeId))) {
    log("giving the generated orders their lines");
    await addOrderLines(handle, storeId);
    await handle.query("VACUUM ANALYZE order_lines");
  }
  const total = await orderCount(handle, storeId);
  const rows = await handle.query<{ number: number; name: string; email: string }>(
    `SELECT order_number AS number, split_part(customer_name, ' ', 2) AS name, customer_contact AS email
     FROM orders WHERE store_id = $1 ORDER BY md5(id::text) LIMIT 8`,
    [storeId],
  );
  const products = await handle.query<{ sku: string; word: string }>(
    `SELECT sku, split_part(regexp_replace(lower(search_text), '[^a-z ]', ' ', 'g'), ' ', 1) AS word
     FROM products WHERE store_id = $1 AND sku <> '' ORDER BY md5(id::text) LIMIT 4`,
    [storeId],
  );
  const [shelf] = await handle.query<{ id: number }>(
    `SELECT category_ids[1] AS id FROM products
     WHERE store_id = $1 AND cardinality(category_ids) > 0 ORDER BY id LIMIT 1`,
    [storeId],
  );
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  return {
    token: await ownerToken(handle, storeId),
    total,
    importCsv: await importCsvOf(handle, storeId),
    lists: [
      { filter: {}, page: 1 },
      { filter: { status: "placed" }, page: 1 },
      { filter: { status: "delivered" }, page: 1 },
      { filter: { paymentStatus: "authorized" }, page: 1 },
      { filter: { deliveryType: "pickup" }, page: 1 },
      { filter: { from: weekAgo, to: today }, page: 1 },
      { filter: { status: "cancelled", deliveryType: "delivery" }, page: 1 },
      { filter: {}, page: 50 },
    ],
    products: [
      { q: "", filter: "all" },
      { q: "", filter: "low" },
      { q: "", filter: "soldOut" },
      ...products.flatMap((row) => [
        { q: row.sku, filter: "all" as const },
        { q: row.word, filter: "all" as const },
      ]),
    ],
    productList: [
      { filter: {}, page: 1 },
      { filter: { categoryId: shelf?.id ?? null }, page: 1 },
      { filter: { stock: "low" }, page: 1 },
      { filter: { availability: "unavailable" }, page: 1 },
      ...products.flatMap((row) => [
        { filter: { q: row.sku }, page: 1 },
        { filter: { q: row.word, categoryId: shelf?.id ?? null }, page: 1 },
      ]),
      { filter: {}, page: 50 },
    ],
    reports: [
      { period: "last30Days" },
      { from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10), to: today },
    ],
    searches: rows.flatMap((row, i) => [
      { q: String(row.number) },
      { q: i % 2 === 0 ? row.name.toLowerCase() : (row.email.split("@")[0] ?? "") },
    ]),
  };
}
