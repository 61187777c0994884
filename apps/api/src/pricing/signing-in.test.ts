import type { CheckoutRequestInput } from "@stoa/contract";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../auth/crypto.ts";
import { authenticate, revokeSession, sessionLookupSelect, signedInBy } from "../auth/sessions.ts";
import { sessions } from "../auth/tables.ts";
import { customers } from "../customers/tables.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import {
  addPickupPoint,
  type CheckoutStore,
  createCheckoutStore,
  setBalance,
  shopper,
} from "../test/checkout-store.ts";
import { call, testHarness } from "../test/harness.ts";

/*
 * Calculate and create sign their caller in with the checkout's reads, in one round trip
 * (pricing/checkout-reads.ts): every refusal `authenticate` gives, they give alike.
 */

let db: Database;
let shop: CheckoutStore;
let other: CheckoutStore;

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  shop = await createCheckoutStore(db, "signing-in");
  other = await createCheckoutStore(db, "signing-in-other");
  await addPickupPoint(db, shop.store.id, "counter");
});

const cart = (over: Partial<CheckoutRequestInput> = {}): CheckoutRequestInput => ({
  products: [{ productId: shop.ids.plain, quantity: 1 }],
  delivery_type: "pickup",
  payment_gateway: "cash",
  ...over,
});

const endpoints = [
  { name: "calculate", path: "/api/storeOrder/calculate" },
  { name: "create", path: "/api/storeOrder/create" },
] as const;

function ask(path: string, token: string | undefined, domain = shop.domain, body = cart()) {
  const headers = path.endsWith("/create") ? { "idempotency-key": crypto.randomUUID() } : undefined;
  return call("POST", path, { domain, token, body, headers });
}

describe.each(endpoints)("$name signs its caller in with its reads", ({ path }) => {
  it("answers a customer and a guest", async () => {
    const customer = await shopper(db, shop.store);
    const guest = await shopper(db, shop.store, "guest");
    for (const token of [customer.token, guest.token]) {
      const answer = await ask(path, token);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
  });

  it("refuses a missing token (401), an unknown one, an ended or expired session (104)", async () => {
    expect((await ask(path, undefined)).status).toBe(401);
    expect((await ask(path, "not-a-session-token")).json.code).toBe("104");
    const ended = await shopper(db, shop.store);
    const [session] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(ended.token)));
    if (!session) throw new Error("the shopper has a session");
    await revokeSession(db, session);
    expect((await ask(path, ended.token)).json.code).toBe("104");
    const expired = await shopper(db, shop.store);
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, sha256(expired.token)));
    expect((await ask(path, expired.token)).json.code).toBe("104");
  });

  it("refuses another store's token (403) and an unverified email (409)", async () => {
    const elsewhere = await shopper(db, other.store);
    expect((await ask(path, elsewhere.token)).status).toBe(403);
    const unverified = await shopper(db, shop.store);
    await db.update(customers).set({ emailVerifiedAt: null }).where(eq(customers.id, unverified.id));
    expect((await ask(path, unverified.token)).status).toBe(409);
  });
});

describe("the wallet read with the session", () => {
  it("is the signed-in customer's, and never a guest's", async () => {
    const customer = await shopper(db, shop.store);
    const guest = await shopper(db, shop.store, "guest");
    await setBalance(db, shop.store.id, customer.id, 250);
    // A guest's row could only come from a mistake; it is still never spent.
    await setBalance(db, shop.store.id, guest.id, 250);
    const body = cart({ use_wallet: true });
    const mine = await ask("/api/storeOrder/calculate", customer.token, shop.domain, body);
    expect(mine.json.data.totals.wallet).toBe(250);
    const guests = await ask("/api/storeOrder/calculate", guest.token, shop.domain, body);
    expect(guests.json.data.totals.wallet).toBe(0);
  });
});

describe("an account read as JSON with other reads", () => {
  it("is the account `authenticate` reads, column for column", async () => {
    const customer = await shopper(db, shop.store);
    const tokenHash = sha256(customer.token);
    const ctx = { caller: { bearerToken: customer.token }, store: shop.store } as unknown as RequestContext;
    const read = await authenticate(db, ctx);
    const found = await db.execute(
      sql.raw(`SELECT found FROM (${sessionLookupSelect(`'${tokenHash}'`)}) lookup`),
    );
    // PGlite answers an object with rows, pg a result object too; either way the rows are `rows`.
    const rows = (found as unknown as { rows: { found: unknown }[] }).rows;
    const signed = signedInBy(rows[0]?.found as Parameters<typeof signedInBy>[0], {
      tokenHash,
      storeId: shop.store.id,
    });
    expect(signed).toEqual(read);
    expect(signed.customer.createdAt).toBeInstanceOf(Date);
    expect(signed.session.expiresAt.getTime()).toBe(read.session.expiresAt.getTime());
  });
});
