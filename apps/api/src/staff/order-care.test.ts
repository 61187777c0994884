import { ERRORS, ORDER_NOTE_MAX } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { folderFiles } from "../orders/files.ts";
import { refundRequests } from "../orders/tables.ts";
import { paymentEventsOfOrder } from "../payments/service.ts";
import { createLogger } from "../platform/logger.ts";
import { stores } from "../stores/tables.ts";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { callApp } from "../test/card-shop.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { type CallResult, TEST_DOWNLOADS, testHarness } from "../test/harness.ts";
import {
  SHOPPER_ADDRESS as address,
  APPROVED_CARD as card,
  openShop,
  SHOP_STAFF,
  type Shop,
} from "../test/shops.ts";

beforeAll(async () => {
  await testHarness();
});

function expectOk(result: CallResult) {
  expect(result.status, JSON.stringify(result.json)).toBe(200);
}

/** The shop's owner, signed in, and members of other roles they invite. */
async function ownerOf(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  expectOk(login);
  const token = login.json.data.token as string;
  const as = (path: string, body?: unknown, t = token) => api("POST", path, { token: t, body });
  const member = async (role: string) => {
    const email = freshEmail();
    expectOk(await as("/api/staff/accounts/invite", { email, name: `A ${role}`, role }));
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: linkTokenIn((await inbox(email))[0]?.body ?? ""), password: "a long password 1" },
    });
    expectOk(accepted);
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}
type Owner = Awaited<ReturnType<typeof ownerOf>>;

type PlacedOrder = {
  id: number;
  orderNumber: number;
  lines: { id: number; quantity: number }[];
  payable_amount: number;
};

async function customerOf(shop: Shop) {
  const api = client(shop.domain);
  const account = await registerVerified(api);
  const order = async (body: Record<string, unknown> = {}) => {
    const placed = await api("POST", "/api/storeOrder/create", {
      token: account.token,
      body: {
        products: [{ productId: shop.apple, quantity: 4 }],
        delivery_type: "delivery",
        shipping_address: address,
        payment_gateway: "cash",
        customer_name: "Dana Levi",
        ...body,
      },
    });
    expectOk(placed);
    return placed.json.data.order as PlacedOrder;
  };
  const seen = async (orderId: number) =>
    (await api("POST", "/api/storeOrder/detail/storeCustomer", { token: account.token, body: { orderId } }))
      .json;
  return { api, ...account, order, seen };
}

async function moveAll(owner: Owner, orderId: number, actions: string[]) {
  for (const action of actions) expectOk(await owner.as("/api/staff/orders/move", { orderId, action }));
}

const CALLS = [
  ["/api/staff/orders/cancel", (orderId: number) => ({ orderId, reason: "Out of stock" })],
  ["/api/staff/orders/refund", (orderId: number) => ({ orderId, whole: true })],
  ["/api/staff/orders/notes/add", (orderId: number) => ({ orderId, text: "Called the shopper" })],
] as const;

describe("who may cancel, refund and keep notes", () => {
  it.each(CALLS)(
    "%s: another shop's staff, a shopper, no token and a role without the right are refused",
    async (path, body) => {
      const shop = await openShop();
      const owner = await ownerOf(shop);
      const customer = await customerOf(shop);
      const order = await customer.order();
      const other = await openShop();
      const otherOwner = await ownerOf(other);
      // A token of another shop's staff, sent to this shop: not theirs.
      expectError(
        await owner.api("POST", path, { token: otherOwner.token, body: body(order.id) }),
        "FORBIDDEN",
      );
      // Another shop's staff, at their own shop, naming this shop's order: no such order there.
      expectError(await otherOwner.as(path, body(order.id)), "NOT_FOUND");
      expectError(
        await owner.api("POST", path, { token: customer.token, body: body(order.id) }),
        "INVALID_SESSION",
      );
      expectError(await owner.api("POST", path, { body: body(order.id) }), "UNAUTHORIZED");
      const kitchen = await owner.member("kitchen");
      expectError(await owner.as(path, body(order.id), kitchen), "STAFF_ROLE_FORBIDDEN");
      // Nothing of it happened.
      const detail = await owner.as("/api/staff/orders/detail", { orderId: order.id });
      expect(detail.json.data).toMatchObject({ status: "placed", notes: [] });
    },
  );
});

describe("staff cancel an order", () => {
  it("gives back stock, coupon use and wallet credit, audits it, and the shopper is told and sees it", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const customer = await customerOf(shop);
    await shop.credit(customer.userId, 300);
    await shop.addCoupon("TENOFF");
    const order = await customer.order({ coupon: "TENOFF", use_wallet: true });
    expect(await shop.stockOf(shop.apple)).toBe(96);
    expect(await shop.couponUses("TENOFF")).toBe(1);
    expect(await shop.walletOf(customer.userId)).toBe(0);
    await moveAll(owner, order.id, ["confirm"]);

    expectError(
      await owner.as("/api/staff/orders/cancel", { orderId: order.id, reason: "  " }),
      "INVALID_INPUT",
    );
    const cancelled = await owner.as("/api/staff/orders/cancel", {
      orderId: order.id,
      reason: "Out of apples",
    });
    expectOk(cancelled);
    expect(cancelled.json.data).toMatchObject({
      status: "cancelled",
      paymentStatus: "voided",
      fulfilmentStatus: "cancelled",
      cancelReason: "Out of apples",
    });
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.couponUses("TENOFF")).toBe(0);
    expect(await shop.walletOf(customer.userId)).toBe(300);

    const audit = await owner.as("/api/staff/audit", { action: "order.cancel" });
    expect(audit.json.data.records[0]).toMatchObject({
      subject: `order:${order.orderNumber}`,
      before: { status: "confirmed" },
      after: { status: "cancelled", reason: "Out of apples" },
    });
    const mail = (await inbox(customer.email)).find((m) => m.subject.includes("was cancelled"));
    expect(mail?.body).toContain(`#${order.orderNumber}`);
    const seen = await customer.seen(order.id);
    expect(seen.data).toMatchObject({ status: "cancelled", canCancel: false });

    // Once is all: a second cancel, or one of a delivered order, is refused and gives nothing back again.
    expectError(
      await owner.as("/api/staff/orders/cancel", { orderId: order.id, reason: "again" }),
      "TRANSITION_REFUSED",
    );
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.walletOf(customer.userId)).toBe(300);
    const delivered = await customer.order();
    await moveAll(owner, delivered.id, ["confirm", "startPreparing", "ship", "deliver"]);
    expectError(
      await owner.as("/api/staff/orders/cancel", { orderId: delivered.id, reason: "late" }),
      "TRANSITION_REFUSED",
    );
  });

  it("voids a card held for an order being prepared", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({ payment_gateway: "test-card", credit_card: card });
    await moveAll(owner, order.id, ["confirm", "startPreparing"]);
    const cancelled = await owner.as("/api/staff/orders/cancel", {
      orderId: order.id,
      reason: "Shopper phoned",
    });
    expectOk(cancelled);
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", paymentStatus: "voided" });
    const { handle } = await testHarness();
    const events = await paymentEventsOfOrder(handle.db, shop.id, order.id);
    expect(events.filter((e) => e.kind === "void" && e.result === "approved")).toHaveLength(1);
    expect(await shop.stockOf(shop.apple)).toBe(100);
  });

  it("refunds an order the wallet paid in full, once, and puts its stock back once", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const customer = await customerOf(shop);
    await shop.credit(customer.userId, 5000);
    const order = await customer.order({ use_wallet: true });
    expect(order.payable_amount).toBe(0);
    expect(await shop.walletOf(customer.userId)).toBe(3500);
    const cancelled = await owner.as("/api/staff/orders/cancel", {
      orderId: order.id,
      reason: "Closed today",
    });
    expectOk(cancelled);
    expect(cancelled.json.data.status).toBe("cancelled");
    expect(await shop.walletOf(customer.userId)).toBe(5000);
    expect(await shop.stockOf(shop.apple)).toBe(100);
    const audit = await owner.as("/api/staff/audit", { action: "refund.give" });
    expect(audit.json.data.records[0]).toMatchObject({ after: { amount: 1500, whole: true, restock: true } });
    const mail = (await inbox(customer.email)).find((m) => m.subject.includes("was cancelled"));
    expect(mail?.body).toContain("goes back");
    // One email says it all: the refund the cancel gave is not written about again.
    expect((await inbox(customer.email)).filter((m) => m.subject.includes("a refund on"))).toHaveLength(0);
  });
});

describe("staff refund from the order", () => {
  /** A delivered card order of four apples (10.00) and delivery (5.00). */
  async function deliveredCardOrder(shop: Shop, owner: Owner) {
    const customer = await customerOf(shop);
    const order = await customer.order({ payment_gateway: "test-card", credit_card: card });
    expect(order.payable_amount).toBe(1500);
    await moveAll(owner, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
    return { customer, order };
  }

  it("refunds lines to the card with a restock, then the rest, and never more than was paid", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const { customer, order } = await deliveredCardOrder(shop, owner);
    const lineId = order.lines[0]?.id as number;
    const lines = [{ orderLineId: lineId, quantity: 2 }];

    const preview = await owner.as("/api/staff/orders/refund", { orderId: order.id, lines, preview: true });
    expectOk(preview);
    expect(preview.json.data).toMatchObject({
      refundId: null,
      amount: 500,
      refundedTo: "card",
      status: null,
    });
    expect(preview.json.data.order.paymentStatus).toBe("captured");

    const given = await owner.as("/api/staff/orders/refund", {
      orderId: order.id,
      lines,
      restock: true,
      reason: "Bruised",
    });
    expectOk(given);
    expect(given.json.data).toMatchObject({ amount: 500, refundedTo: "card", status: "refunded" });
    expect(given.json.data.order).toMatchObject({ paymentStatus: "partially_refunded" });
    expect(given.json.data.order.lines[0]).toMatchObject({ refunded: 2 });
    expect(await shop.stockOf(shop.apple)).toBe(98);
    const seen = await customer.seen(order.id);
    expect(seen.data.paymentStatus).toBe("partially_refunded");
    expect(seen.data.lines[0]).toMatchObject({ refunded: 2 });
    const theirs = await customer.api("POST", "/api/storeOrderRefund/list/storeCustomer", {
      token: customer.token,
    });
    expect(theirs.json.data.records[0]).toMatchObject({ status: "refunded", amount: 500, answer: "Bruised" });
    // The shopper is told how much came back, and that a card refund takes days to show.
    const told = (await inbox(customer.email)).filter((m) => m.subject.includes("a refund on your order"));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(`#${order.orderNumber}`);
    expect(told[0]?.body).toMatch(/5\.00 goes back to the card you paid with/);

    expectError(
      await owner.as("/api/staff/orders/refund", {
        orderId: order.id,
        lines: [{ orderLineId: lineId, quantity: 3 }],
      }),
      "REFUND_OVER_PAID",
    );
    expectError(await owner.as("/api/staff/orders/refund", { orderId: order.id }), "INVALID_INPUT");
    expectError(
      await owner.as("/api/staff/orders/refund", {
        orderId: order.id,
        lines: [{ orderLineId: 999_999, quantity: 1 }],
      }),
      "INVALID_INPUT",
    );

    const rest = await owner.as("/api/staff/orders/refund", { orderId: order.id, whole: true });
    expectOk(rest);
    expect(rest.json.data).toMatchObject({ amount: 1000, status: "refunded" });
    expect(rest.json.data.order.paymentStatus).toBe("refunded");
    expect(await shop.stockOf(shop.apple)).toBe(98);
    expectError(
      await owner.as("/api/staff/orders/refund", { orderId: order.id, whole: true }),
      "REFUND_OVER_PAID",
    );

    const { handle } = await testHarness();
    const refunds = (await paymentEventsOfOrder(handle.db, shop.id, order.id)).filter(
      (e) => e.kind === "refund" && e.result === "approved",
    );
    expect(refunds.map((e) => e.amount).sort()).toEqual([1000, 500].sort());
    const audit = await owner.as("/api/staff/audit", { action: "refund.give" });
    expect(audit.json.data.records).toHaveLength(2);
    expect(audit.json.data.records[1]).toMatchObject({
      subject: `order:${order.orderNumber}`,
      after: { amount: 500, restock: true, card: 500, reason: "Bruised" },
    });
  });

  it("gives back the wallet's part where the wallet paid, and refuses an order not paid yet", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const customer = await customerOf(shop);
    await shop.credit(customer.userId, 1000);
    const order = await customer.order({ payment_gateway: "test-card", credit_card: card, use_wallet: true });
    expect(order.payable_amount).toBe(500);
    expectError(
      await owner.as("/api/staff/orders/refund", { orderId: order.id, whole: true }),
      "REFUND_OVER_PAID",
    );
    await moveAll(owner, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
    const given = await owner.as("/api/staff/orders/refund", { orderId: order.id, whole: true });
    expectOk(given);
    expect(given.json.data).toMatchObject({ amount: 1500, refundedTo: "card", status: "refunded" });
    expect(await shop.walletOf(customer.userId)).toBe(1000);
    const told = (await inbox(customer.email)).find((m) => m.subject.includes("a refund on your order"));
    expect(told?.body).toMatch(/5\.00 goes back to the card/);
    expect(told?.body).toMatch(/10\.00 was added to your wallet/);
    const cash = await customer.order();
    expectError(
      await owner.as("/api/staff/orders/refund", { orderId: cash.id, whole: true }),
      "REFUND_OVER_PAID",
    );
  });

  it("keeps a member of the staff role within the shop's refund limit", async () => {
    const shop = await openShop();
    const { handle } = await testHarness();
    await handle.db.update(stores).set({ staffRefundLimit: 400 }).where(eq(stores.id, shop.id));
    const owner = await ownerOf(shop);
    const { order } = await deliveredCardOrder(shop, owner);
    const staff = await owner.member("staff");
    const manager = await owner.member("manager");
    const lines = (quantity: number) => [{ orderLineId: order.lines[0]?.id, quantity }];
    const over = await owner.as("/api/staff/orders/refund", { orderId: order.id, lines: lines(2) }, staff);
    expectError(over, "REFUND_OVER_STAFF_LIMIT");
    expect(over.json.msg).toContain("4.00");
    expectOk(await owner.as("/api/staff/orders/refund", { orderId: order.id, lines: lines(1) }, staff));
    expectOk(await owner.as("/api/staff/orders/refund", { orderId: order.id, lines: lines(3) }, manager));
  });
});

describe("notes on an order", () => {
  it("are signed and dated for staff, audited, and never shown to the shopper", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order();
    const text = "Shopper asked to leave it with the neighbour";
    const added = await owner.as("/api/staff/orders/notes/add", { orderId: order.id, text: `  ${text} ` });
    expectOk(added);
    expect(added.json.data.notes).toEqual([
      {
        id: expect.any(Number),
        text,
        at: expect.any(String),
        staffId: expect.any(Number),
        staffName: "Shop staff",
      },
    ]);
    const staff = await owner.member("staff");
    expectOk(await owner.as("/api/staff/orders/notes/add", { orderId: order.id, text: "Second" }, staff));
    const detail = await owner.as("/api/staff/orders/detail", { orderId: order.id });
    expect(detail.json.data.notes.map((n: { text: string }) => n.text)).toEqual([text, "Second"]);

    expectError(
      await owner.as("/api/staff/orders/notes/add", { orderId: order.id, text: " " }),
      "INVALID_INPUT",
    );
    const long = await owner.as("/api/staff/orders/notes/add", {
      orderId: order.id,
      text: "x".repeat(ORDER_NOTE_MAX + 1),
    });
    expectError(long, "INVALID_INPUT");
    expect(long.json.data.errors).toEqual({ text: "error-field-too-long" });
    expectOk(
      await owner.as("/api/staff/orders/notes/add", { orderId: order.id, text: "x".repeat(ORDER_NOTE_MAX) }),
    );

    const seen = await customer.seen(order.id);
    expect(seen.data).not.toHaveProperty("notes");
    expect(JSON.stringify(seen)).not.toContain("neighbour");
    const audit = await owner.as("/api/staff/audit", { action: "order.note" });
    expect(audit.json.data.records).toHaveLength(3);
    expect(JSON.stringify(audit.json.data.records)).not.toContain("neighbour");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("refunds given at once, from two API processes", () => {
  const pools = twoConnectionPools(4);

  it("two refunds of what is left at the same moment refund it once", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({ payment_gateway: "test-card", credit_card: card });
    await moveAll(owner, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
    const apps = pools().map((pool) =>
      createApp({ db: pool.db, logger: createLogger("silent"), downloadFiles: folderFiles(TEST_DOWNLOADS) }),
    );
    for (let round = 0; round < 3; round += 1) {
      const body =
        round === 2
          ? { orderId: order.id, whole: true }
          : { orderId: order.id, lines: [{ orderLineId: order.lines[0]?.id, quantity: 1 }] };
      const replies = await Promise.all(
        apps.map((app) =>
          callApp(app, "POST", "/api/staff/orders/refund", { domain: shop.domain, token: owner.token, body }),
        ),
      );
      if (round < 2) {
        // Two single units of four: both fit, and each is given once.
        expect(replies.map((r) => r.status)).toEqual([200, 200]);
        continue;
      }
      expect(replies.map((r) => r.status).sort()).toEqual([200, ERRORS.REFUND_OVER_PAID.status].sort());
    }
    const { handle } = await testHarness();
    const rows = await handle.db
      .select()
      .from(refundRequests)
      .where(and(eq(refundRequests.storeId, shop.id), eq(refundRequests.orderId, order.id)));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(1500);
    const refunded = (await paymentEventsOfOrder(handle.db, shop.id, order.id)).filter(
      (e) => e.kind === "refund" && e.result === "approved",
    );
    expect(refunded.reduce((sum, e) => sum + e.amount, 0)).toBe(1500);
    const seen = await customer.seen(order.id);
    expect(seen.data.paymentStatus).toBe("refunded");
  });
});
