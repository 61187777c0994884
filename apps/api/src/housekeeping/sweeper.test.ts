import { describe, expect, it } from "vitest";
import { testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { sweepExpired } from "./sweeper.ts";

const STORE = 41;
let next = 9_000_000 + Math.floor(Math.random() * 100_000) * 10;

/** A customer row made directly, backdated as the case needs. */
async function customer(kind: "guest" | "customer", ageDays: number, verified: boolean) {
  const { handle } = await testHarness();
  const id = next++;
  await handle.query(
    `INSERT INTO customers (store_id, id, kind, email, email_verified_at, created_at)
     VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6))`,
    [
      STORE,
      id,
      kind,
      kind === "guest" ? null : `sweep${id}@example.com`,
      verified ? new Date() : null,
      ageDays,
    ],
  );
  return id;
}

async function session(customerId: number, expiresInDays: number, revokedDaysAgo?: number) {
  const { handle } = await testHarness();
  const token = `sweep-${customerId}-${next++}`;
  await handle.query(
    `INSERT INTO sessions (token_hash, store_id, customer_id, kind, expires_at, revoked_at)
     VALUES ($1, $2, $3, 'customer', now() + make_interval(days => $4),
             CASE WHEN $5::int IS NULL THEN NULL ELSE now() - make_interval(days => $5::int) END)`,
    [token, STORE, customerId, expiresInDays, revokedDaysAgo ?? null],
  );
  return token;
}

async function exists(table: string, where: string, params: unknown[]) {
  const { handle } = await testHarness();
  return (await handle.query(`SELECT 1 FROM ${table} WHERE ${where}`, params)).length > 0;
}

describe("the sweeper", () => {
  it("removes what has expired and keeps what still lives", async () => {
    const { handle } = await testHarness();
    const key = `sweep:${next++}`;
    await handle.query(
      `INSERT INTO throttles (key, hits, window_ends_at) VALUES
         ($1, 3, now() - interval '1 second'), ($2, 3, now() + interval '1 hour')`,
      [`${key}:ended`, `${key}:live`],
    );
    const member = await customer("customer", 400, true);
    const endedSession = await session(member, -2);
    const revokedSession = await session(member, 20, 2);
    const liveSession = await session(member, 20);
    await handle.query(
      `INSERT INTO one_time_codes (store_id, purpose, target, code_hash, expires_at) VALUES
         ($1, 'login', $2, 'h', now() - interval '2 days'), ($1, 'login', $3, 'h', now() + interval '5 minutes')`,
      [STORE, `${key}:dead`, `${key}:live`],
    );
    await handle.query(
      `INSERT INTO outbox (store_id, channel, recipient, body, status, created_at) VALUES
         ($1, 'email', $2, 'b', 'sent', now() - interval '8 days'),
         ($1, 'email', $3, 'b', 'pending', now() - interval '8 days'),
         ($1, 'email', $4, 'b', 'sent', now() - interval '1 day')`,
      [STORE, `${key}:old`, `${key}:pending`, `${key}:recent`],
    );
    const oldGuest = await customer("guest", 2, false);
    await handle.query("INSERT INTO wishlist_items (store_id, customer_id, product_id) VALUES ($1, $2, 1)", [
      STORE,
      oldGuest,
    ]);
    await handle.query(
      `INSERT INTO saved_carts (store_id, customer_id, lines) VALUES ($1, $2, '[{"productId": 1, "quantity": 1}]')`,
      [STORE, oldGuest],
    );
    const guestWithSession = await customer("guest", 2, false);
    await session(guestWithSession, 3);
    const newGuest = await customer("guest", 0, false);
    const guestWhoOrdered = await customer("guest", 2, false);
    await handle.query(
      `INSERT INTO orders (store_id, order_number, customer_id, status, payment_status, fulfilment_status,
         delivery_type, currency, total_amount, tax, tax_included, shipping_charge, discount, tip, wallet,
         payable_amount, customer_name, customer_contact, note, out_stock_preference, locale,
         idempotency_key, request_digest, placed_as_guest, item_count)
       VALUES ($1, $2, $3, 'placed', 'cash_due', 'unfulfilled', 'pickup', 'USD', 100, 0, false, 0, 0, 0, 0,
         100, 'Guest', '', '', 'contact_me', 'en', $4, 'digest', true, 1)`,
      [STORE, next++, guestWhoOrdered, `sweep-${guestWhoOrdered}`],
    );
    await handle.query(
      `INSERT INTO staff_sessions (token_hash, store_id, staff_id, expires_at) VALUES
         ($1, $2, 1, now() - interval '2 days'), ($3, $2, 1, now() + interval '1 hour')`,
      [`${key}:staff-ended`, STORE, `${key}:staff-live`],
    );
    const abandoned = await customer("customer", 8, false);
    const abandonedSession = await session(abandoned, 20);
    const recentUnverified = await customer("customer", 2, false);

    const counts = await sweepExpired(handle.db);
    expect(counts.throttles).toBeGreaterThanOrEqual(1);

    expect(await exists("throttles", "key = $1", [`${key}:ended`])).toBe(false);
    expect(await exists("throttles", "key = $1", [`${key}:live`])).toBe(true);
    expect(await exists("sessions", "token_hash = $1", [endedSession])).toBe(false);
    expect(await exists("sessions", "token_hash = $1", [revokedSession])).toBe(false);
    expect(await exists("sessions", "token_hash = $1", [liveSession])).toBe(true);
    expect(await exists("one_time_codes", "target = $1", [`${key}:dead`])).toBe(false);
    expect(await exists("one_time_codes", "target = $1", [`${key}:live`])).toBe(true);
    expect(await exists("outbox", "recipient = $1", [`${key}:old`])).toBe(false);
    expect(await exists("outbox", "recipient = $1", [`${key}:pending`])).toBe(true);
    expect(await exists("outbox", "recipient = $1", [`${key}:recent`])).toBe(true);
    const customerLives = (id: number) => exists("customers", "store_id = $1 AND id = $2", [STORE, id]);
    expect(await customerLives(oldGuest)).toBe(false);
    expect(await exists("wishlist_items", "store_id = $1 AND customer_id = $2", [STORE, oldGuest])).toBe(
      false,
    );
    expect(await exists("saved_carts", "store_id = $1 AND customer_id = $2", [STORE, oldGuest])).toBe(false);
    expect(await customerLives(guestWithSession)).toBe(true);
    expect(await customerLives(newGuest)).toBe(true);
    expect(await customerLives(guestWhoOrdered)).toBe(true);
    expect(await exists("staff_sessions", "token_hash = $1", [`${key}:staff-ended`])).toBe(false);
    expect(await exists("staff_sessions", "token_hash = $1", [`${key}:staff-live`])).toBe(true);
    expect(await customerLives(abandoned)).toBe(false);
    expect(await exists("sessions", "token_hash = $1", [abandonedSession])).toBe(false);
    expect(await customerLives(recentUnverified)).toBe(true);
    expect(await customerLives(member)).toBe(true);
  });

  it("finds what it removes through indexes, never by reading a whole table", async () => {
    const { handle } = await testHarness();
    const findings = await plansOf(() => sweepExpired(handle.db), /^\s*(delete|with)/i);
    expect(findings.length).toBeGreaterThanOrEqual(5);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});
