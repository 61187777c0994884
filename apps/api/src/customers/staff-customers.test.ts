import { randomUUID } from "node:crypto";
import { ERASED_CUSTOMER_NAME, ERROR_MESSAGES } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adjustCustomerWallet } from "../flows/staff-customers.ts";
import { ApiError } from "../platform/http/errors.ts";
import { storeById } from "../stores/service.ts";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { indexesOf, plansOf } from "../test/query-plans.ts";
import { cashDelivery, openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

beforeAll(async () => {
  await testHarness();
});

/** The shop's owner, signed in, and members of other roles the owner invites. */
async function ownerOf(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  const token = login.json.data.token as string;
  const as = (path: string, body?: unknown, t = token) => api("POST", path, { token: t, body });
  const member = async (role: string) => {
    const email = freshEmail();
    await as("/api/staff/accounts/invite", { email, name: `A ${role}`, role });
    const link = linkTokenIn((await inbox(email))[0]?.body ?? "");
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: link, password: "a long password 1" },
    });
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}

/** A shopper of the shop who registered, with an address in their book and one order placed. */
async function shopperWithOrder(shop: Shop) {
  const api = client(shop.domain);
  const shopper = await registerVerified(api);
  const added = await api("POST", "/user/addresses", {
    token: shopper.token,
    body: {
      type: "shipping",
      title: "Home",
      customerName: "Dana Levi",
      unit_number: "4B",
      buzz_code: "",
      address: { street_address: "1 Harbour Road", country: "IL", city: "Haifa" },
      isDefault: true,
    },
  });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const placed = await api("POST", "/api/storeOrder/create", {
    token: shopper.token,
    body: cashDelivery([{ productId: shop.apple, quantity: 2 }], {
      customer_contact: shopper.email,
      note: "Ring twice",
    }),
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(placed.status, JSON.stringify(placed.json)).toBe(200);
  return { ...shopper, api, orderId: placed.json.data.order.id as number };
}

describe("staff's customers", () => {
  it("are listed newest first and found by part of their name, email or phone; guests only when asked", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const first = await registerVerified(client(shop.domain));
    const second = await registerVerified(client(shop.domain));
    await client(shop.domain)("POST", "/api/auth/login/session", { body: {} });
    const all = await owner.as("/api/staff/customers/list", {});
    expect(all.status, JSON.stringify(all.json)).toBe(200);
    expect(all.json.data.records.map((c: { id: number }) => c.id)).toEqual([second.userId, first.userId]);
    expect(all.json.data.records[0]).toMatchObject({
      kind: "customer",
      firstName: "Dana",
      email: second.email,
      blockedAt: null,
      erasedAt: null,
    });
    const part = first.email.slice(3, 14).toUpperCase();
    const found = await owner.as("/api/staff/customers/list", { q: part });
    expect(found.json.data.records.map((c: { id: number }) => c.id)).toEqual([first.userId]);
    const byName = await owner.as("/api/staff/customers/list", { q: "ana le" });
    expect(byName.json.data.total).toBe(2);
    const none = await owner.as("/api/staff/customers/list", { q: "nobody%" });
    expect(none.json.data.records).toEqual([]);
    const paged = await client(shop.domain)("POST", "/api/staff/customers/list", {
      token: owner.token,
      body: {},
      query: { limit: 1, page: 2 },
    });
    expect(paged.json.data).toMatchObject({ current_page: 2, total: 2, last_page: 2 });
    expect(paged.json.data.records[0].id).toBe(first.userId);
    const withGuests = await owner.as("/api/staff/customers/list", { guests: true });
    expect(withGuests.json.data.total).toBe(3);
    expect(withGuests.json.data.records[0].kind).toBe("guest");
  });

  it("shows a customer's contact, addresses, orders and wallet", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await shopperWithOrder(shop);
    await registerVerified(client(shop.domain)).then((other) => shopperWithOrder(shop).then(() => other));
    const detail = await owner.as("/api/staff/customers/detail", { customerId: shopper.userId });
    expect(detail.status, JSON.stringify(detail.json)).toBe(200);
    expect(detail.json.data.customer).toMatchObject({
      id: shopper.userId,
      email: shopper.email,
      emailVerified: true,
      phoneVerified: false,
    });
    expect(detail.json.data.addresses).toEqual([
      expect.objectContaining({
        type: "shipping",
        isDefault: true,
        lines: expect.arrayContaining(["Haifa"]),
      }),
    ]);
    expect(detail.json.data.wallet).toEqual({ balance: 0, currency: "USD", entries: [] });
    const orders = await owner.as("/api/staff/orders/list", { customerId: shopper.userId });
    expect(orders.json.data.records.map((o: { id: number }) => o.id)).toEqual([shopper.orderId]);
    expectError(await owner.as("/api/staff/customers/detail", { customerId: 999_999 }), "NOT_FOUND");
  });

  it("adds and takes wallet credit with a reason, never below zero, each audited", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await registerVerified(client(shop.domain));
    const wallet = (amount: number, reason = "Goodwill for a late delivery") =>
      owner.as("/api/staff/customers/wallet", { customerId: shopper.userId, amount, reason });
    const credited = await wallet(2500);
    expect(credited.status, JSON.stringify(credited.json)).toBe(200);
    expect(credited.json.data.wallet).toMatchObject({
      balance: 2500,
      entries: [
        expect.objectContaining({ amount: 2500, reason: "Goodwill for a late delivery", orderId: null }),
      ],
    });
    const taken = await wallet(-1000, "Given twice by mistake");
    expect(taken.json.data.wallet.balance).toBe(1500);
    const refused = await wallet(-1501);
    expectError(refused, "WALLET_WOULD_GO_NEGATIVE");
    expect(refused.json.msg).toBe(ERROR_MESSAGES.en["error-wallet-would-go-negative"]);
    expect(refused.json.data.errors).toEqual({ amount: "error-wallet-would-go-negative" });
    const arabic = await client(shop.domain)("POST", "/api/staff/customers/wallet", {
      token: owner.token,
      body: { customerId: shopper.userId, amount: -5000, reason: "x" },
      headers: { "Accept-Language": "ar" },
    });
    expectError(arabic, "WALLET_WOULD_GO_NEGATIVE");
    expect(arabic.json.msg).toBe(ERROR_MESSAGES.ar["error-wallet-would-go-negative"]);
    const missing = await owner.as("/api/staff/customers/wallet", {
      customerId: shopper.userId,
      amount: 0,
      reason: " ",
    });
    expectError(missing, "INVALID_INPUT");
    expect(missing.json.data.errors).toMatchObject({
      amount: "error-field-invalid",
      reason: "error-field-required",
    });
    await wallet(100);
    expectError(
      await owner.as("/api/staff/customers/wallet", { customerId: 999_999, amount: 5, reason: "a" }),
      "NOT_FOUND",
    );
    // The shopper's checkout offers the balance.
    const priced = await client(shop.domain)("POST", "/api/storeOrder/calculate", {
      token: shopper.token,
      body: cashDelivery([{ productId: shop.apple, quantity: 1 }]),
    });
    expect(priced.json.data.walletBalance).toBe(1600);
    const audit = await owner.as("/api/staff/audit", { action: "customer.wallet" });
    expect(
      audit.json.data.records.map((r: { before: unknown; after: unknown }) => [r.before, r.after]),
    ).toEqual([
      [{ balance: 1500 }, { balance: 1600, amount: 100, reason: "Goodwill for a late delivery" }],
      [{ balance: 2500 }, { balance: 1500, amount: -1000, reason: "Given twice by mistake" }],
      [{ balance: 0 }, { balance: 2500, amount: 2500, reason: "Goodwill for a late delivery" }],
    ]);
    expect(audit.json.data.records[0].subject).toBe(`customer:${shopper.userId}`);
  });

  it("blocks a customer: their sessions end, they cannot sign in nor order, with the reason; unblocks", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await registerVerified(client(shop.domain));
    const blocked = await owner.as("/api/staff/customers/block", {
      customerId: shopper.userId,
      blocked: true,
    });
    expect(blocked.status, JSON.stringify(blocked.json)).toBe(200);
    expect(blocked.json.data.customer.blockedAt).toEqual(expect.any(String));
    const api = client(shop.domain);
    expectError(
      await api("GET", "/api/auth/getUserInfoFromToken", { token: shopper.token }),
      "INVALID_SESSION",
    );
    const order = await api("POST", "/api/storeOrder/create", {
      token: shopper.token,
      body: cashDelivery([{ productId: shop.apple, quantity: 1 }]),
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(order.status).toBe(401);
    const signIn = await api("POST", "/api/auth/login/store-customer/email", {
      body: { userEmail: shopper.email, password: shopper.password },
      headers: { "Accept-Language": "he" },
    });
    expectError(signIn, "CUSTOMER_BLOCKED");
    expect(signIn.json.msg).toBe("החנות חסמה את החשבון הזה. נא לפנות לחנות.");
    // Blocking twice changes nothing and is audited once.
    await owner.as("/api/staff/customers/block", { customerId: shopper.userId, blocked: true });
    const unblocked = await owner.as("/api/staff/customers/block", {
      customerId: shopper.userId,
      blocked: false,
    });
    expect(unblocked.json.data.customer.blockedAt).toBeNull();
    const again = await api("POST", "/api/auth/login/store-customer/email", {
      body: { userEmail: shopper.email, password: shopper.password },
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const audit = await owner.as("/api/staff/audit", { action: "customer.block" });
    expect(audit.json.data.records.map((r: { after: unknown }) => r.after)).toEqual([
      { blocked: false },
      { blocked: true },
    ]);
  });

  it("exports everything the shop keeps about a customer, audited without the data", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await shopperWithOrder(shop);
    await shopper.api("POST", "/api/storeSubscription/add", { body: { email: shopper.email } });
    await shopper.api("POST", "/contact-us/create", {
      body: { name: "Dana Levi", email: shopper.email, message: "Where is my order, please?" },
    });
    await owner.as("/api/staff/customers/wallet", {
      customerId: shopper.userId,
      amount: 300,
      reason: "Sorry",
    });
    const exported = await owner.as("/api/staff/customers/export", { customerId: shopper.userId });
    expect(exported.status, JSON.stringify(exported.json)).toBe(200);
    const data = exported.json.data;
    expect(data.account).toMatchObject({
      id: shopper.userId,
      email: shopper.email,
      firstName: "Dana",
      walletBalance: 300,
    });
    expect(data.account.passwordHash).toBeUndefined();
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toEqual([
      expect.objectContaining({
        id: shopper.orderId,
        note: "Ring twice",
        lines: [expect.objectContaining({ productId: shop.apple, quantity: 2 })],
      }),
    ]);
    expect(data.orders[0].idempotencyKey).toBeUndefined();
    expect(data.walletEntries).toEqual([expect.objectContaining({ amount: 300, reason: "Sorry" })]);
    expect(data.newsletter).toEqual([expect.objectContaining({ email: shopper.email })]);
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ message: "Where is my order, please?" }),
    ]);
    const audit = await owner.as("/api/staff/audit", { action: "customer.export" });
    expect(audit.json.data.records).toEqual([
      expect.objectContaining({ subject: `customer:${shopper.userId}`, before: null, after: null }),
    ]);
  });

  it("erases a customer on a typed confirmation: orders kept anonymised, the account unusable", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await shopperWithOrder(shop);
    const kept = await shopperWithOrder(shop);
    await shopper.api("POST", "/api/storeSubscription/add", { body: { email: shopper.email } });
    await shopper.api("POST", "/contact-us/create", {
      body: { name: "Dana Levi", email: shopper.email, message: "Where is my order, please?" },
    });
    await owner.as("/api/staff/customers/wallet", {
      customerId: shopper.userId,
      amount: 300,
      reason: "Sorry",
    });
    const before = (await owner.as("/api/staff/orders/detail", { orderId: shopper.orderId })).json.data;

    const wrong = await owner.as("/api/staff/customers/erase", { customerId: shopper.userId, confirm: "12" });
    expectError(wrong, "INVALID_INPUT");
    expect(wrong.json.data.errors).toEqual({ confirm: "error-erase-confirm" });

    const erased = await owner.as("/api/staff/customers/erase", {
      customerId: shopper.userId,
      confirm: String(shopper.userId),
    });
    expect(erased.status, JSON.stringify(erased.json)).toBe(200);
    expect(erased.json.data.customer).toMatchObject({
      firstName: "",
      lastName: "",
      email: null,
      phone: null,
      erasedAt: expect.any(String),
    });
    expect(erased.json.data.addresses).toEqual([]);
    const order = (await owner.as("/api/staff/orders/detail", { orderId: shopper.orderId })).json.data;
    expect(order).toMatchObject({
      customer_name: ERASED_CUSTOMER_NAME,
      customer_contact: "",
      note: "",
      totals: before.totals,
      payable_amount: before.payable_amount,
    });
    expect(JSON.stringify(order)).not.toContain("Harbour");
    expect(JSON.stringify(order)).not.toContain(shopper.email);
    // Another customer's order is as it was.
    const other = (await owner.as("/api/staff/orders/detail", { orderId: kept.orderId })).json.data;
    expect(other.customer_name).toBe("Dana Levi");
    // The wallet's entries stay for the books; the sessions, subscription and messages are gone.
    expect(erased.json.data.wallet.balance).toBe(300);
    expectError(
      await shopper.api("GET", "/api/auth/getUserInfoFromToken", { token: shopper.token }),
      "INVALID_SESSION",
    );
    expectError(
      await shopper.api("POST", "/api/auth/login/store-customer/email", {
        body: { userEmail: shopper.email, password: shopper.password },
      }),
      "INVALID_CREDENTIALS",
    );
    const exported = (await owner.as("/api/staff/customers/export", { customerId: shopper.userId })).json
      .data;
    expect(exported.newsletter).toEqual([]);
    expect(exported.contactMessages).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain(shopper.email);
    const listed = await owner.as("/api/staff/customers/list", { q: shopper.email });
    expect(listed.json.data.records).toEqual([]);
    // Erased customers take no credit, nor blocks.
    expectError(
      await owner.as("/api/staff/customers/wallet", { customerId: shopper.userId, amount: 5, reason: "a" }),
      "NOT_FOUND",
    );
    expectError(
      await owner.as("/api/staff/customers/block", { customerId: shopper.userId, blocked: true }),
      "NOT_FOUND",
    );
    const audit = await owner.as("/api/staff/audit", { action: "customer.erase" });
    expect(audit.json.data.records).toEqual([
      expect.objectContaining({
        subject: `customer:${shopper.userId}`,
        before: null,
        after: { erased: true, ordersAnonymised: 1 },
      }),
    ]);
    expect(JSON.stringify(audit.json.data)).not.toContain(shopper.email);
  });

  it("refuses another shop's staff and customers, shoppers, no session, and roles without the catalogue", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await registerVerified(client(shop.domain));
    const id = shopper.userId;
    const calls: [string, unknown][] = [
      ["/api/staff/customers/list", {}],
      ["/api/staff/customers/detail", { customerId: id }],
      ["/api/staff/customers/wallet", { customerId: id, amount: 100, reason: "a" }],
      ["/api/staff/customers/block", { customerId: id, blocked: true }],
      ["/api/staff/customers/export", { customerId: id }],
      ["/api/staff/customers/erase", { customerId: id, confirm: String(id) }],
    ];
    const manager = await owner.member("manager");
    expect((await owner.as("/api/staff/customers/list", {}, manager)).status).toBe(200);
    expect((await owner.as("/api/staff/customers/detail", { customerId: id }, manager)).status).toBe(200);
    const staff = await owner.member("staff");
    const kitchen = await owner.member("kitchen");
    const other = await ownerOf(await openShop());
    for (const [path, body] of calls) {
      expectError(await owner.as(path, body, staff), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, kitchen), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, shopper.token), "INVALID_SESSION");
      expectError(await owner.api("POST", path, { body }), "UNAUTHORIZED");
      expectError(await client(shop.domain)("POST", path, { token: other.token, body }), "FORBIDDEN");
    }
    // Another shop's owner asking their own shop for this one's customer finds none.
    for (const [path, body] of calls.slice(1)) expectError(await other.as(path, body), "NOT_FOUND");
    expect((await other.as("/api/staff/customers/list", {})).json.data.total).toBe(0);
    // Nothing was changed by the refused calls.
    const detail = await owner.as("/api/staff/customers/detail", { customerId: id });
    expect(detail.json.data.customer).toMatchObject({
      blockedAt: null,
      erasedAt: null,
      email: shopper.email,
    });
    expect(detail.json.data.wallet.balance).toBe(0);
  });
});

describe("reading staff's customers", () => {
  it("reads no table whole: list and search, a customer, their orders and wallet, the export", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await shopperWithOrder(shop);
    const findings = await plansOf(async () => {
      await owner.as("/api/staff/customers/list", {});
      await owner.as("/api/staff/customers/list", { q: "dana" });
      await owner.as("/api/staff/customers/list", { guests: true });
      await owner.as("/api/staff/customers/detail", { customerId: shopper.userId });
      await owner.as("/api/staff/orders/list", { customerId: shopper.userId });
    }, /^\s*select .* from "(customers|customer_addresses|wallet_balances|wallet_entries|orders)"/i);
    expect(findings.length).toBeGreaterThanOrEqual(6);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});

/**
 * At 100,000 customers of one shop: the list reads the newest by their index, the search by
 * trigrams: each in a few milliseconds.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("staff's customers at 100,000", () => {
  it("list, search and a customer's orders use their indexes", async () => {
    const shop = await openShop();
    const { db } = (await testHarness()).handle;
    await db.execute(sql`
      INSERT INTO customers (store_id, kind, email, email_verified_at, first_name, last_name, phone, country_code)
      SELECT ${shop.id}, CASE WHEN n % 10 = 0 THEN 'guest' ELSE 'customer' END,
             'bulk' || n || '@example.com', now(), 'First' || n, 'Last' || n, '5' || lpad(n::text, 8, '0'), '972'
      FROM generate_series(1, 100000) AS n`);
    await db.execute(sql`ANALYZE customers`);
    const explain = async (query: ReturnType<typeof sql>) => {
      const result = (await db.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`)) as unknown as {
        rows: { "QUERY PLAN": [{ Plan: Parameters<typeof indexesOf>[0]; "Execution Time": number }] }[];
      };
      const [plan] = result.rows[0]?.["QUERY PLAN"] ?? [];
      if (!plan) throw new Error("no plan");
      return { indexes: indexesOf(plan.Plan), ms: plan["Execution Time"] };
    };
    const newest = await explain(
      sql`SELECT * FROM customers WHERE store_id = ${shop.id} AND kind = 'customer' ORDER BY id DESC LIMIT 20`,
    );
    // Along the primary key or the (store, kind, id) index, whichever the planner finds cheaper.
    expect(newest.indexes.some((name) => /customers_(store_id_id_pk|store_kind_idx)/.test(name))).toBe(true);
    const guests = await explain(
      sql`SELECT * FROM customers WHERE store_id = ${shop.id} AND kind = 'guest' ORDER BY id DESC LIMIT 20`,
    );
    expect(guests.indexes.length).toBeGreaterThan(0);
    const search = await explain(sql`SELECT * FROM customers WHERE store_id = ${shop.id} AND kind = 'customer'
      AND lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) LIKE '%bulk4242%'
      ORDER BY id DESC LIMIT 20`);
    expect(search.indexes).toContain("customers_search_idx");
    for (const { ms } of [newest, guests, search]) expect(ms).toBeLessThan(200);
    // The staff list's own calls answer through the API too.
    const owner = await ownerOf(shop);
    const found = await owner.as("/api/staff/customers/list", { q: "bulk4242@" });
    expect(found.json.data.records.map((c: { email: string }) => c.email)).toEqual(["bulk4242@example.com"]);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two debits of one wallet from two API processes", () => {
  const pools = twoConnectionPools(2);

  it("never take the balance below zero", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await registerVerified(client(shop.domain));
    await owner.as("/api/staff/customers/wallet", {
      customerId: shopper.userId,
      amount: 1000,
      reason: "Start",
    });
    const store = await storeById((await testHarness()).handle.db, shop.id);
    if (!store) throw new Error("no store");
    const staffId = (await owner.as("/api/staff/me")).json.data.id as number;
    const [a, b] = pools();
    const debit = { customerId: shopper.userId, amount: -700, reason: "Taken back" };
    for (let round = 0; round < 3; round++) {
      const outcomes = await Promise.allSettled([
        adjustCustomerWallet(a.db, { shop: store, staffId }, debit),
        adjustCustomerWallet(b.db, { shop: store, staffId }, debit),
      ]);
      if (round === 0) {
        expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
        const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
        expect(refused.reason).toBeInstanceOf(ApiError);
        expect((refused.reason as ApiError).kind).toBe("WALLET_WOULD_GO_NEGATIVE");
      } else {
        expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
      }
    }
    const detail = await owner.as("/api/staff/customers/detail", { customerId: shopper.userId });
    expect(detail.json.data.wallet.balance).toBe(300);
    expect(detail.json.data.wallet.entries.map((e: { amount: number }) => e.amount)).toEqual([-700, 1000]);
    const audit = await owner.as("/api/staff/audit", { action: "customer.wallet" });
    expect(audit.json.data.records).toHaveLength(2);
  });
});
