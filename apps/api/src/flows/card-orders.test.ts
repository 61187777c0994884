import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../customers/tables.ts";
import { outbox } from "../notifications/tables.ts";
import { orderLinesOf } from "../orders/service.ts";
import { orders } from "../orders/tables.ts";
import type { AuthorizeResult, PaymentProvider } from "../payments/provider.ts";
import { storeById } from "../stores/service.ts";
import {
  BILLING,
  bamboraSaved,
  bamboraToken,
  type CardWorld,
  callApp,
  cardDelivery,
  closedAddress,
  expectError,
  expectOk,
  STRIPE_KEYS,
  staffOn,
  startCardWorld,
  stripeNew,
  stripeSaved,
} from "../test/card-shop.ts";
import {
  BAMBORA_APPROVED_CARDS,
  BAMBORA_DECLINED_CARDS,
  FAKE_BAMBORA_INSUFFICIENT_FUNDS,
} from "../test/fakes/fake-bambora.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { GIVE_UP_SECONDS, reconcilePendingPayments } from "./reconcile-payments.ts";
import { settleApprovedAtOnce } from "./settle-at-once.ts";

/*
 * Orders paid through Stripe and Bambora against their local fakes (decisions 018, 019, 021):
 * approve, decline (what the order held goes back), 3-D Secure then confirm or webhook, provider
 * down, double submit charging once, cancel voiding, capture at shipping, refund.
 */

let world: CardWorld;
beforeAll(async () => {
  world = await startCardWorld();
});
afterAll(async () => {
  await world?.stop();
});

type CardShop = Awaited<ReturnType<CardWorld["cardShop"]>>;

function create(
  shop: CardShop,
  token: string,
  payment: Record<string, unknown>,
  key?: string,
  app = world.app,
) {
  return callApp(app, "POST", "/api/storeOrder/create", {
    domain: shop.domain,
    token,
    body: cardDelivery(shop, payment),
    headers: key ? { "Idempotency-Key": key } : {},
  });
}

function cancel(shop: CardShop, token: string, orderId: number) {
  return callApp(world.app, "POST", "/api/storeOrder/cancel/storeCustomer", {
    domain: shop.domain,
    token,
    body: { orderId },
  });
}

/**
 * A provider that did not answer may still hold the money: the order keeps what it took until the
 * sweeper asks the provider, which finds nothing, and releases it.
 */
async function expectReleasedBySweeper(shop: CardShop) {
  const [order] = await world.db.select().from(orders).where(eq(orders.storeId, shop.id));
  expect(order?.status).toBe("pending_payment");
  expect(await shop.stockOf(shop.apple)).toBe(98);
  await world.age(shop.id, order?.id as number, 10 * 60);
  await reconcilePendingPayments(world.flows);
  expect(await world.orderRow(shop.id, order?.id as number)).toMatchObject({ status: "payment_failed" });
  expect(await shop.stockOf(shop.apple)).toBe(100);
}

/** Ships, delivers and asks a refund of the whole order; the staff approve it to the card. */
async function shipDeliverRefund(
  shop: CardShop,
  token: string,
  order: { id: number; lines: { id: number; quantity: number }[] },
) {
  const staff = await staffOn(world.app, shop.domain);
  for (const action of ["confirm", "startPreparing", "ship", "deliver"])
    expectOk(await staff.move(order.id, action));
  const asked = await callApp(world.app, "POST", "/api/storeOrder/refund/storeCustomer", {
    domain: shop.domain,
    token,
    body: {
      orderId: order.id,
      lines: order.lines.map((line) => ({ orderLineId: line.id, quantity: line.quantity })),
      reason: "Bruised",
    },
  });
  expectOk(asked);
  const answered = await staff.answerRefund(asked.json.data.id);
  expectOk(answered);
  return callApp(world.app, "POST", "/api/storeOrder/detail/storeCustomer", {
    domain: shop.domain,
    token,
    body: { orderId: order.id },
  });
}

describe("paying with Stripe", () => {
  it("places the order on an approved card, captures at shipping and refunds to the card", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const placed = await create(shop, token, stripeNew("pm_card_visa"));
    expectOk(placed);
    expect(placed.json.data.paymentAction).toBeNull();
    const order = placed.json.data.order;
    expect(order).toMatchObject({
      status: "placed",
      paymentStatus: "authorized",
      payment_gateway: "stripe",
      card: { brand: "visa", last4: "4242" },
      payable_amount: 1000,
    });
    expect(await shop.stockOf(shop.apple)).toBe(98);

    // The goods go back to the card; the delivery fee stays paid.
    const refunded = await shipDeliverRefund(shop, token, order);
    expect(refunded.json.data.paymentStatus).toBe("partially_refunded");
    const kinds = (await world.paymentEventsOf(shop.id, order.id)).map((e) => `${e.kind}:${e.result}`);
    expect(kinds).toEqual(["authorize:approved", "capture:approved", "refund:approved"]);
  });

  it("answers an approved order as its page shows it, with one approval logged and one confirmation queued", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const placed = await create(shop, token, stripeNew("pm_card_visa"), randomUUID());
    expectOk(placed);
    const order = placed.json.data.order;
    const detail = await callApp(world.app, "POST", "/api/storeOrder/detail/storeCustomer", {
      domain: shop.domain,
      token,
      body: { orderId: order.id },
    });
    expectOk(detail);
    // The create answers from what it wrote (settle-at-once.ts); the page reads it all back.
    expect(order).toEqual(detail.json.data);
    expect(order.timeline.map((step: { status: string }) => step.status)).toEqual([
      "pending_payment",
      "placed",
    ]);
    const kinds = (await world.paymentEventsOf(shop.id, order.id)).map((e) => `${e.kind}:${e.result}`);
    expect(kinds).toEqual(["authorize:approved"]);
    // The shop is new: its one message is this order's confirmation.
    const queued = await world.db.select().from(outbox).where(eq(outbox.storeId, shop.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.body).toContain(String(order.orderNumber));
  });

  it("leaves an order someone else has moved to the careful settle", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const placed = await create(shop, token, stripeNew("pm_card_visa"));
    expectOk(placed);
    const id = placed.json.data.order.id as number;
    const [row] = await world.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, shop.id), eq(orders.id, id)));
    const store = await storeById(world.db, shop.id);
    const [customer] = await world.db
      .select()
      .from(customers)
      .where(and(eq(customers.storeId, shop.id), eq(customers.id, row?.customerId ?? 0)));
    if (!row || !store || !customer) throw new Error("the order, its shop and its customer are there");
    // The create's own view of the order, from before it was placed: the database has moved on.
    const asWritten = { ...row, status: "pending_payment", paymentStatus: "none" } as const;
    const again = await settleApprovedAtOnce(
      {
        deps: { db: world.db } as OrderFlowDeps,
        keys: {
          downloads: Buffer.alloc(32),
          guestOrders: Buffer.alloc(32),
          giftCards: Buffer.alloc(32),
          tableCodes: Buffer.alloc(32),
        },
        shop: { store, storefrontOrigin: "http://localhost:3000" },
      },
      { name: "stripe" } as PaymentProvider,
      asWritten,
      {
        outcome: "approved",
        paymentRef: "pi_again",
        card: { brand: "visa", last4: "4242" },
      } as AuthorizeResult,
      { lines: await orderLinesOf(world.db, shop.id, id), customer },
    );
    expect(again).toBeNull();
    expect((await world.paymentEventsOf(shop.id, id)).map((e) => e.providerRef)).not.toContain("pi_again");
  });

  it("gives back what a declined card's order held, in the shopper's words", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const coupon = await shop.addCoupon("TENOFF");
    expect(coupon.code).toBe("TENOFF");
    const declined = await create(shop, token, {
      ...stripeNew("pm_card_visa_chargeDeclined"),
      coupon: "TENOFF",
    });
    expectError(declined, "PAYMENT_DECLINED");
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.couponUses("TENOFF")).toBe(0);
    expectError(
      await create(shop, token, stripeNew("pm_card_visa_chargeDeclinedInsufficientFunds")),
      "INSUFFICIENT_FUNDS",
    );
    expectError(
      await create(shop, token, stripeNew("pm_card_visa_chargeDeclinedExpiredCard")),
      "CARD_EXPIRED",
    );
    expect(await shop.stockOf(shop.apple)).toBe(100);
    const list = await callApp(world.app, "POST", "/api/storeOrder/list/storeCustomer", {
      domain: shop.domain,
      token,
      body: {},
    });
    expect(list.json.data.total).toBe(0);
  });

  it("waits for 3-D Secure, then places the order once on confirm, however often it is asked", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const pending = await create(shop, token, stripeNew("pm_card_authenticationRequired"));
    expectOk(pending);
    const { order, paymentAction } = pending.json.data;
    expect(order).toMatchObject({ status: "pending_payment", paymentStatus: "none" });
    expect(paymentAction).toEqual({
      kind: "confirm_card",
      gateway: "stripe",
      clientSecret: expect.stringMatching(/_secret_/),
    });
    expect(await shop.stockOf(shop.apple)).toBe(98);

    const confirm = () =>
      callApp(world.app, "POST", "/api/storeOrder/confirmPayment/storeCustomer", {
        domain: shop.domain,
        token,
        body: { orderId: order.id },
      });
    const early = await confirm();
    expect(early.json.data).toMatchObject({
      order: { status: "pending_payment" },
      paymentAction: { kind: "confirm_card" },
    });

    const intentId = String(paymentAction.clientSecret).split("_secret_")[0] as string;
    world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, true);
    const [first, second] = await Promise.all([confirm(), confirm()]);
    for (const answer of [first, second]) {
      expectOk(answer);
      expect(answer.json.data).toMatchObject({
        order: { id: order.id, status: "placed", paymentStatus: "authorized", card: { last4: "3184" } },
        paymentAction: null,
      });
    }
    // The webhook for the same authorization comes after: it changes nothing.
    const late = await world.stripeWebhook(
      shop.id,
      world.stripe.lastEvent("payment_intent.amount_capturable_updated"),
    );
    expect(late.status).toBe(200);
    const approvals = (await world.paymentEventsOf(shop.id, order.id)).filter(
      (e) => e.kind === "authorize" && e.result === "approved",
    );
    expect(approvals).toHaveLength(1);
    expect(await shop.stockOf(shop.apple)).toBe(98);

    // Another customer cannot confirm it, nor see it.
    const stranger = await world.customerOf(shop);
    expectError(
      await callApp(world.app, "POST", "/api/storeOrder/confirmPayment/storeCustomer", {
        domain: shop.domain,
        token: stranger.token,
        body: { orderId: order.id },
      }),
      "NOT_FOUND",
    );
    expectError(
      await callApp(world.app, "POST", "/api/storeOrder/confirmPayment/storeCustomer", {
        domain: shop.domain,
        body: { orderId: order.id },
      }),
      "UNAUTHORIZED",
    );
  });

  it("settles a 3-D Secure order by Stripe's webhook, once however often it is delivered", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const pending = await create(shop, token, stripeNew("pm_card_authenticationRequired"));
    const { order, paymentAction } = pending.json.data;
    const intentId = String(paymentAction.clientSecret).split("_secret_")[0] as string;
    world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, true);
    const event = world.stripe.lastEvent("payment_intent.amount_capturable_updated");

    const first = await world.stripeWebhook(shop.id, event);
    expect(first).toMatchObject({ status: 200, json: { code: "0", data: { outcome: "applied" } } });
    const again = await world.stripeWebhook(shop.id, event);
    expect(again.json.data.outcome).toBe("repeated");
    const row = await world.orderRow(shop.id, order.id);
    expect(row).toMatchObject({ status: "placed", paymentStatus: "authorized" });
    const approvals = (await world.paymentEventsOf(shop.id, order.id)).filter(
      (e) => e.kind === "authorize" && e.result === "approved",
    );
    expect(approvals).toHaveLength(1);

    // The same event sent to another store's address is not believed there.
    const other = await world.cardShop();
    expect((await world.stripeWebhook(other.id, event)).json.data.outcome).toBe("ignored");
  });

  it("leaves alone an event about another deployment's payment on the same Stripe account", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const { order, paymentAction } = (await create(shop, token, stripeNew("pm_card_authenticationRequired")))
      .json.data;
    const intentId = String(paymentAction.clientSecret).split("_secret_")[0] as string;
    world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, true);
    const ours = world.stripe.lastEvent("payment_intent.amount_capturable_updated");
    expect(ours.data.object.metadata.stoa_deployment).toBe(await world.cards.deployment());
    // The other deployment's store and order carry the same numbers as ours.
    const theirs = structuredClone(ours);
    theirs.id = `evt_${randomUUID().replaceAll("-", "")}`;
    theirs.data.object.metadata.stoa_deployment = "another-deployment";
    expect((await world.stripeWebhook(shop.id, theirs)).status).toBe(200);
    expect(await world.orderRow(shop.id, order.id)).toMatchObject({ status: "pending_payment" });
    expect((await world.stripeWebhook(shop.id, ours)).json.data.outcome).toBe("applied");
    expect(await world.orderRow(shop.id, order.id)).toMatchObject({ status: "placed" });
  });

  it("gives back what the order held when the bank refuses the shopper", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const pending = await create(shop, token, stripeNew("pm_card_authenticationRequired"));
    const { order, paymentAction } = pending.json.data;
    const intentId = String(paymentAction.clientSecret).split("_secret_")[0] as string;
    world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, false);
    expect(
      (await world.stripeWebhook(shop.id, world.stripe.lastEvent("payment_intent.payment_failed"))).json.data
        .outcome,
    ).toBe("applied");
    expect(await world.orderRow(shop.id, order.id)).toMatchObject({
      status: "payment_failed",
      paymentStatus: "failed",
    });
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expectError(
      await callApp(world.app, "POST", "/api/storeOrder/confirmPayment/storeCustomer", {
        domain: shop.domain,
        token,
        body: { orderId: order.id },
      }),
      "PAYMENT_DECLINED",
    );
  });

  it("refuses a webhook with a bad signature, or for a store without a signing secret", async () => {
    const shop = await world.cardShop();
    const event = {
      id: "evt_forged",
      type: "payment_intent.amount_capturable_updated",
      data: { object: {} },
    };
    const forged = await world.stripeWebhook(shop.id, event, "whsec_someone_else");
    expect(forged.status).toBe(400);
    expect(forged.json.code).toBe("2026");
    const unsigned = await world.app.request(`/api/storeStripe/webhook/${shop.id}`, {
      method: "POST",
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const unknownStore = await world.stripeWebhook(2_000_000_000, event);
    expect(unknownStore.status).toBe(400);
  });

  it("charges once for a submit sent twice at the same moment", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const key = randomUUID();
    const before = world.stripe.intentsCreated;
    const answers = await Promise.all(
      [1, 2, 3].map(() => create(shop, token, stripeNew("pm_card_visa"), key)),
    );
    for (const answer of answers) expectOk(answer);
    expect(new Set(answers.map((a) => a.json.data.order.id)).size).toBe(1);
    expect(world.stripe.intentsCreated - before).toBe(1);
    expect(await shop.stockOf(shop.apple)).toBe(98);
  });

  it("voids the card when the shopper cancels", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const { order } = (await create(shop, token, stripeNew("pm_card_visa"))).json.data;
    const cancelled = await callApp(world.app, "POST", "/api/storeOrder/cancel/storeCustomer", {
      domain: shop.domain,
      token,
      body: { orderId: order.id },
    });
    expectOk(cancelled);
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", paymentStatus: "voided" });
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(world.stripe.lastEvent("payment_intent.canceled").data.object.metadata.stoa_order).toBe(
      String(order.id),
    );
  });

  it("cancels an order waiting for 3-D Secure: the payment is called off and all it held goes back", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    await shop.addCoupon("WAIT10");
    const pending = await create(shop, token, {
      ...stripeNew("pm_card_authenticationRequired"),
      coupon: "WAIT10",
    });
    const { order, paymentAction } = pending.json.data;
    expect(order.canCancel).toBe(true);
    const cancelled = await cancel(shop, token, order.id);
    expectOk(cancelled);
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", paymentStatus: "none" });
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.couponUses("WAIT10")).toBe(0);
    // The shopper's bank can no longer confirm it: Stripe has it cancelled.
    const intentId = String(paymentAction.clientSecret).split("_secret_")[0] as string;
    expect(() => world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, true)).toThrow(
      /awaits no authentication/,
    );
    expect((await world.paymentEventsOf(shop.id, order.id)).map((e) => `${e.kind}:${e.result}`)).toEqual([
      "authorize:requires_action",
      "void:approved",
    ]);
    expectError(await cancel(shop, token, order.id), "TRANSITION_REFUSED");
  });

  it("counts an order waiting for 3-D Secure as unpaid until its bank answers", async () => {
    const shop = await world.cardShop();
    await shop.setUnpaidOrderLimit(1);
    const { token } = await world.customerOf(shop);
    const pending = await create(shop, token, stripeNew("pm_card_authenticationRequired"));
    expectOk(pending);
    const { order, paymentAction } = pending.json.data;
    expect(order.status).toBe("pending_payment");
    // Refused before anything is written, so no card is asked either.
    expectError(await create(shop, token, { payment_gateway: "cash" }), "TOO_MANY_UNPAID_ORDERS");
    expectError(await create(shop, token, stripeNew("pm_card_visa")), "TOO_MANY_UNPAID_ORDERS");
    expect(await world.onlyOrderOf(shop.id)).toMatchObject({ id: order.id });

    const intentId = String(paymentAction.clientSecret).split("_secret_")[0] as string;
    world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, true);
    const confirmed = await callApp(world.app, "POST", "/api/storeOrder/confirmPayment/storeCustomer", {
      domain: shop.domain,
      token,
      body: { orderId: order.id },
    });
    expect(confirmed.json.data.order).toMatchObject({ status: "placed", paymentStatus: "authorized" });
    expectOk(await create(shop, token, { payment_gateway: "cash" }));
  });

  it.each([1, 2, 3])(
    "releases once when the cancel races the bank's confirmation and its webhook (round %i)",
    async () => {
      const shop = await world.cardShop();
      const { token } = await world.customerOf(shop);
      const { order, paymentAction } = (
        await create(shop, token, stripeNew("pm_card_authenticationRequired"))
      ).json.data;
      const intentId = String(paymentAction.clientSecret).split("_secret_")[0] as string;
      world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, true);
      const event = world.stripe.lastEvent("payment_intent.amount_capturable_updated");
      const [cancelled] = await Promise.all([
        cancel(shop, token, order.id),
        world.stripeWebhook(shop.id, event),
      ]);
      expectOk(cancelled);
      expect(cancelled.json.data.status).toBe("cancelled");
      // Delivered again, and swept: nothing more moves.
      await world.stripeWebhook(shop.id, event);
      await world.age(shop.id, order.id, GIVE_UP_SECONDS + 60);
      await reconcilePendingPayments(world.flows);
      expect(await world.orderRow(shop.id, order.id)).toMatchObject({ status: "cancelled" });
      expect(await shop.stockOf(shop.apple)).toBe(100);
      const intent = world.stripe.events.findLast((e) => e.data.object.id === intentId)?.data.object;
      expect(intent?.status).toBe("canceled");
      const voids = (await world.paymentEventsOf(shop.id, order.id)).filter(
        (e) => e.kind === "void" && e.result === "approved",
      );
      expect(voids).toHaveLength(1);
    },
  );

  it("pays with a saved card of the customer's own, and refuses anyone else's", async () => {
    const shop = await world.cardShop();
    const owner = await world.customerOf(shop);
    const saved = await callApp(world.app, "POST", "/user/add/stripePaymentMethod", {
      domain: shop.domain,
      token: owner.token,
      body: { paymentMethodId: "pm_card_mastercard" },
    });
    const cardId = saved.json.data.card.id as string;
    const placed = await create(shop, owner.token, stripeSaved(cardId));
    expectOk(placed);
    expect(placed.json.data.order).toMatchObject({
      status: "placed",
      card: { brand: "mastercard", last4: "4444" },
    });

    const stranger = await world.customerOf(shop);
    expectError(await create(shop, stranger.token, stripeSaved(cardId)), "PAYMENT_DECLINED");
    const guest = await world.guestOf(shop);
    expectError(await create(shop, guest.token, stripeSaved(cardId)), "SAVED_CARDS_SIGN_IN");
    const other = await world.cardShop();
    const elsewhere = await world.customerOf(other);
    expectError(await create(other, elsewhere.token, stripeSaved(cardId)), "PAYMENT_DECLINED");
    expect(await other.stockOf(other.apple)).toBe(100);
  });

  it("asks for the card's id, and for a gateway the store takes", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const missing = await create(shop, token, { payment_gateway: "stripe" });
    expectError(missing, "INVALID_INPUT");
    expect(missing.json.data.errors).toEqual({ stripePaymentMethodId: "error-field-required" });
    const bamboraOnly = await world.cardShop(["bambora"]);
    const customer = await world.customerOf(bamboraOnly);
    const refused = await create(bamboraOnly, customer.token, stripeNew("pm_card_visa"));
    expectError(refused, "INVALID_INPUT");
    expect(refused.json.data.errors).toMatchObject({ payment_gateway: "error-field-invalid" });
  });

  it("is PAYMENT_UNAVAILABLE when Stripe cannot be reached; the order gives back all it held once the sweeper looks", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const down = world.cardsAt("http://127.0.0.1:9", world.bambora.url);
    const { storePaymentProviders } = await import("./payments.ts");
    const app = world.appWith(storePaymentProviders(world.db, "test", down), down);
    expectError(await create(shop, token, stripeNew("pm_card_visa"), undefined, app), "PAYMENT_UNAVAILABLE");
    await expectReleasedBySweeper(shop);
  });
});

describe("paying with Bambora", () => {
  it("places the order on a tokenized card, captures at shipping and refunds to the card", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    const cardToken = await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string);
    const placed = await create(shop, token, bamboraToken(cardToken));
    expectOk(placed);
    const order = placed.json.data.order;
    expect(order).toMatchObject({
      status: "placed",
      paymentStatus: "authorized",
      payment_gateway: "bambora",
      card: { brand: "visa", last4: "1234" },
    });
    const refunded = await shipDeliverRefund(shop, token, order);
    expect(refunded.json.data.paymentStatus).toBe("partially_refunded");
    const refund = (await world.paymentEventsOf(shop.id, order.id)).find((e) => e.kind === "refund");
    expect(refund).toMatchObject({ result: "approved", amount: 500, provider: "bambora" });
  });

  it("gives back what a declined card's order held", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    const declined = await create(
      shop,
      token,
      bamboraToken(await world.bambora.tokenize(BAMBORA_DECLINED_CARDS[0] as string)),
    );
    expectError(declined, "PAYMENT_DECLINED");
    const poor = await create(
      shop,
      token,
      bamboraToken(await world.bambora.tokenize(FAKE_BAMBORA_INSUFFICIENT_FUNDS)),
    );
    expectError(poor, "INSUFFICIENT_FUNDS");
    const expired = await create(
      shop,
      token,
      bamboraToken(
        await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string, { month: 1, year: 2020 }),
      ),
    );
    expectError(expired, "CARD_EXPIRED");
    expect(await shop.stockOf(shop.apple)).toBe(100);
  });

  it("pays with a card of the customer's profile, and refuses one of another's", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const owner = await world.customerOf(shop);
    const added = await callApp(world.app, "POST", "/user/add/bamboraPaymentCard", {
      domain: shop.domain,
      token: owner.token,
      body: {
        token: await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[1] as string),
        name: "Dana",
        billing: BILLING,
      },
    });
    expectOk(added);
    const placed = await create(shop, owner.token, bamboraSaved(added.json.data.card.id));
    expectOk(placed);
    expect(placed.json.data.order).toMatchObject({
      status: "placed",
      card: { brand: "mastercard", last4: "1004" },
    });

    const stranger = await world.customerOf(shop);
    expectError(
      await create(shop, stranger.token, bamboraSaved(added.json.data.card.id)),
      "PAYMENT_DECLINED",
    );
    const guest = await world.guestOf(shop);
    expectError(await create(shop, guest.token, bamboraSaved("1")), "SAVED_CARDS_SIGN_IN");
    const missing = await create(shop, owner.token, {
      payment_gateway: "bambora",
      payment_sub_gateway: "saved_card",
    });
    expect(missing.json.data.errors).toEqual({ "bamboraCard.cardId": "error-field-required" });
  });

  it("charges once for a submit sent twice, and voids the card on cancel", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    const cardToken = await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string);
    const key = randomUUID();
    const before = world.bambora.preAuthorizations;
    const answers = await Promise.all([1, 2].map(() => create(shop, token, bamboraToken(cardToken), key)));
    for (const answer of answers) expectOk(answer);
    expect(answers[0]?.json.data.order.id).toBe(answers[1]?.json.data.order.id);
    expect(world.bambora.preAuthorizations - before).toBe(1);

    const cancelled = await callApp(world.app, "POST", "/api/storeOrder/cancel/storeCustomer", {
      domain: shop.domain,
      token,
      body: { orderId: answers[0]?.json.data.order.id },
    });
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", paymentStatus: "voided" });
    expect(await shop.stockOf(shop.apple)).toBe(100);
  });

  it("is PAYMENT_UNAVAILABLE when Bambora cannot be reached; the order gives back all it held once the sweeper looks", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    const down = world.cardsAt(world.stripe.url, await closedAddress());
    const { storePaymentProviders } = await import("./payments.ts");
    const app = world.appWith(storePaymentProviders(world.db, "test", down), down);
    expectError(await create(shop, token, bamboraToken("sometoken"), undefined, app), "PAYMENT_UNAVAILABLE");
    await expectReleasedBySweeper(shop);
  });
});

describe("a store that stops offering a card gateway", () => {
  const stopOffering = async (shop: CardShop) => {
    const { stores } = await import("../stores/tables.ts");
    await world.db.update(stores).set({ paymentProviders: [] }).where(eq(stores.id, shop.id));
  };

  it.each([
    ["Stripe", async () => stripeNew("pm_card_visa")],
    ["Bambora", async () => bamboraToken(await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string))],
  ])("still captures, voids and refunds the %s payments of its orders", async (name, payment) => {
    const shop = await world.cardShop(undefined, name === "Bambora" ? "bambora" : "stripe");
    const { token } = await world.customerOf(shop);
    const kept = (await create(shop, token, await payment())).json.data.order;
    const cancelledLater = (await create(shop, token, await payment())).json.data.order;
    await stopOffering(shop);
    // New orders cannot pay that way any more…
    expectError(await create(shop, token, await payment()), "INVALID_INPUT");
    // …but the money already held there is still the shop's to take or give back.
    const cancelled = await callApp(world.app, "POST", "/api/storeOrder/cancel/storeCustomer", {
      domain: shop.domain,
      token,
      body: { orderId: cancelledLater.id },
    });
    expectOk(cancelled);
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", paymentStatus: "voided" });
    const refunded = await shipDeliverRefund(shop, token, kept);
    expect(refunded.json.data.paymentStatus).toBe("partially_refunded");
    const kinds = (await world.paymentEventsOf(shop.id, kept.id)).map((e) => `${e.kind}:${e.result}`);
    expect(kinds).toEqual(["authorize:approved", "capture:approved", "refund:approved"]);
  });

  it("settles a 3-D Secure order by Stripe's webhook and by the shopper's confirm", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const byWebhook = (await create(shop, token, stripeNew("pm_card_authenticationRequired"))).json.data;
    const byConfirm = (await create(shop, token, stripeNew("pm_card_authenticationRequired"))).json.data;
    await stopOffering(shop);
    for (const pending of [byWebhook, byConfirm]) {
      const intentId = String(pending.paymentAction.clientSecret).split("_secret_")[0] as string;
      world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, true);
    }
    const event = world.stripe.events.findLast(
      (e) =>
        e.type === "payment_intent.amount_capturable_updated" &&
        e.data.object.metadata.stoa_order === String(byWebhook.order.id),
    );
    expect((await world.stripeWebhook(shop.id, event as Record<string, unknown>)).json.data.outcome).toBe(
      "applied",
    );
    expect(await world.orderRow(shop.id, byWebhook.order.id)).toMatchObject({ status: "placed" });
    const confirmed = await callApp(world.app, "POST", "/api/storeOrder/confirmPayment/storeCustomer", {
      domain: shop.domain,
      token,
      body: { orderId: byConfirm.order.id },
    });
    expectOk(confirmed);
    expect(confirmed.json.data.order).toMatchObject({ status: "placed", paymentStatus: "authorized" });
  });
});
