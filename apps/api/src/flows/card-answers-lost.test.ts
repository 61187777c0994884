import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveBacksOfOrder } from "../payments/give-backs.ts";
import { paymentGiveBacks } from "../payments/tables.ts";
import { stores } from "../stores/tables.ts";
import {
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
} from "../test/card-shop.ts";
import { BAMBORA_APPROVED_CARDS } from "../test/fakes/fake-bambora.ts";
import { FIRST_PAUSE_SECONDS, retryGiveBacks } from "./give-back.ts";
import type { PaymentProviders } from "./payments.ts";
import { GIVE_UP_SECONDS, reconcilePendingPayments, UNKNOWN_PAYMENT_NOTE } from "./reconcile-payments.ts";

/*
 * A provider that took the money and whose answer never came back (a timeout, a 5xx, a cut
 * connection) must not leave a charge without an order (issue 11): the order keeps what it holds
 * and waits, the shopper is told the payment could not be made, and whatever the provider turns
 * out to hold for it is given back, by the webhook or the sweeper, retried until the provider
 * releases it.
 */

let world: CardWorld;
beforeAll(async () => {
  world = await startCardWorld();
});
afterAll(async () => {
  await world?.stop();
});

type CardShop = Awaited<ReturnType<CardWorld["cardShop"]>>;

function create(shop: CardShop, token: string, payment: Record<string, unknown>, body: object = {}) {
  return callApp(world.app, "POST", "/api/storeOrder/create", {
    domain: shop.domain,
    token,
    body: { ...cardDelivery(shop, payment), ...body },
    headers: { "Idempotency-Key": randomUUID() },
  });
}

async function logOf(storeId: number, orderId: number) {
  const rows = await world.paymentEventsOf(storeId, orderId);
  return rows.map((row) => `${row.kind}:${row.result}${row.reason ? `:${row.reason}` : ""}`);
}

/** The PaymentIntent the fake made for an order, as Stripe holds it now. */
function intentOf(orderId: number) {
  const event = world.stripe.events.findLast(
    (e) =>
      e.data.object.object === "payment_intent" && e.data.object.metadata?.stoa_order === String(orderId),
  );
  return event?.data.object as { id: string; status: string } | undefined;
}

describe("an authorization whose answer was lost", () => {
  it.each(["reset", "server_error"] as const)(
    "keeps a Stripe order waiting (%s), then gives back the money Stripe took and all the order held",
    async (how) => {
      const shop = await world.cardShop();
      const { token, id: customerId } = await world.customerOf(shop);
      await shop.addCoupon("LOST10");
      await shop.credit(customerId, 300);
      world.stripe.loseAnswers("POST", /^\/v1\/payment_intents$/, how);
      const answer = await create(shop, token, stripeNew("pm_card_visa"), {
        coupon: "LOST10",
        use_wallet: true,
      });
      world.stripe.answerAgain();
      expectError(answer, "PAYMENT_UNAVAILABLE");
      // Not a decline: the money may be held at Stripe, so the order holds on to what it took.
      const order = await world.onlyOrderOf(shop.id);
      expect(order).toMatchObject({ status: "pending_payment", paymentStatus: "none" });
      expect(await shop.stockOf(shop.apple)).toBe(98);
      expect(intentOf(order.id)?.status).toBe("requires_capture");

      await world.age(shop.id, order.id, 10 * 60);
      const counts = await reconcilePendingPayments(world.flows);
      expect(counts.released).toBeGreaterThanOrEqual(1);
      expect(await world.orderRow(shop.id, order.id)).toMatchObject({
        status: "payment_failed",
        paymentStatus: "failed",
      });
      expect(await shop.stockOf(shop.apple)).toBe(100);
      expect(await shop.couponUses("LOST10")).toBe(0);
      expect(await shop.walletOf(customerId)).toBe(300);
      expect(intentOf(order.id)?.status).toBe("canceled");
      expect(await giveBacksOfOrder(world.db, shop.id, order.id)).toMatchObject([
        { kind: "void", state: "done", attempts: 1 },
      ]);
      expect(await logOf(shop.id, order.id)).toEqual([
        "authorize:declined:provider_error",
        "authorize:approved",
        "void:approved",
      ]);
    },
  );

  it("gives the money back when Stripe's webhook reports it, without placing the order", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    world.stripe.loseAnswers("POST", /^\/v1\/payment_intents$/);
    expectError(await create(shop, token, stripeNew("pm_card_visa")), "PAYMENT_UNAVAILABLE");
    world.stripe.answerAgain();
    const order = await world.onlyOrderOf(shop.id);
    const event = world.stripe.lastEvent("payment_intent.amount_capturable_updated");
    expect((await world.stripeWebhook(shop.id, event)).status).toBe(200);
    expect(await world.orderRow(shop.id, order.id)).toMatchObject({ status: "payment_failed" });
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(intentOf(order.id)?.status).toBe("canceled");
  });

  it("places the order when the shopper resubmits the same request and Stripe answers it", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    const key = randomUUID();
    const submit = () =>
      callApp(world.app, "POST", "/api/storeOrder/create", {
        domain: shop.domain,
        token,
        body: cardDelivery(shop, stripeNew("pm_card_visa")),
        headers: { "Idempotency-Key": key },
      });
    world.stripe.loseAnswers("POST", /^\/v1\/payment_intents$/);
    expectError(await submit(), "PAYMENT_UNAVAILABLE");
    world.stripe.answerAgain();
    const again = await submit();
    expectOk(again);
    expect(again.json.data.order).toMatchObject({ status: "placed", paymentStatus: "authorized" });
    expect(world.stripe.intentsCreated).toBeGreaterThan(0);
    expect(await shop.stockOf(shop.apple)).toBe(98);
  });

  it("does not count orders the shopper was told to wait for against their open unpaid orders", async () => {
    const shop = await world.cardShop();
    await world.db.update(stores).set({ unpaidOrderLimit: 1 }).where(eq(stores.id, shop.id));
    const { token } = await world.customerOf(shop);
    // An outage: two attempts, each a new request, go unanswered.
    world.stripe.loseAnswers("POST", /^\/v1\/payment_intents$/);
    expectError(await create(shop, token, stripeNew("pm_card_visa")), "PAYMENT_UNAVAILABLE");
    expectError(await create(shop, token, stripeNew("pm_card_visa")), "PAYMENT_UNAVAILABLE");
    world.stripe.answerAgain();
    // Both still hold their stock until they are settled, but neither keeps the shopper from paying.
    expect(await shop.stockOf(shop.apple)).toBe(96);
    const paid = await create(shop, token, stripeNew("pm_card_visa"));
    expectOk(paid);
    expect(paid.json.data.order).toMatchObject({ status: "placed", paymentStatus: "authorized" });
  });

  // "reset": the connection cut, as a crash or kill -9 mid-request leaves the claim unanswered;
  // "server_error": a 5xx from in between, which says nothing of the payment either.
  it.each(["reset", "server_error"] as const)(
    "finds a Bambora payment whose answer was lost (%s) by its order number, and releases the card",
    async (how) => {
      const shop = await world.cardShop(undefined, "bambora");
      const { token } = await world.customerOf(shop);
      world.bambora.loseAnswers("POST", /^\/v1\/payments$/, how);
      const card = await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string);
      expectError(await create(shop, token, bamboraToken(card)), "PAYMENT_UNAVAILABLE");
      world.bambora.answerAgain();
      const order = await world.onlyOrderOf(shop.id);
      const held = world.bambora.holds.filter((number) => number.startsWith(`${order.id}-`));
      expect(held).toHaveLength(1);
      await world.age(shop.id, order.id, 10 * 60);
      // The sweeper's first look asks Bambora's reports by the order number the payment was sent with.
      expect(await reconcilePendingPayments(world.flows)).toMatchObject({ released: 1, unknown: 0 });
      expect(world.bambora.requests).toContain("POST /v1/reports");
      expect((await world.orderRow(shop.id, order.id))?.status).toBe("payment_failed");
      expect(await shop.stockOf(shop.apple)).toBe(100);
      // Nothing stays held on a card for an order that no longer is.
      await retryGiveBacks(world.flows, new Date(Date.now() + 2 * FIRST_PAUSE_SECONDS * 1000));
      expect(world.bambora.holds.filter((number) => number.startsWith(`${order.id}-`))).toEqual([]);
      expect(await logOf(shop.id, order.id)).toContain("void:approved");
    },
  );

  it("keeps a Bambora order waiting while its reports cannot be read, and raises it to the shop when it gives up", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    const before = world.bambora.preAuthorizations;
    world.bambora.loseAnswers("POST", /^\/v1\/payments$/, "server_error");
    world.bambora.loseAnswers("POST", /^\/v1\/reports$/, "server_error");
    try {
      const card = await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string);
      expectError(await create(shop, token, bamboraToken(card)), "PAYMENT_UNAVAILABLE");
      expect(world.bambora.preAuthorizations - before).toBe(1);
      const order = await world.onlyOrderOf(shop.id);
      expect(order.status).toBe("pending_payment");
      expect(await shop.stockOf(shop.apple)).toBe(98);
      // Neither the payment's answer nor the reports: the order waits as long as a provider may.
      await world.age(shop.id, order.id, 10 * 60);
      await reconcilePendingPayments(world.flows);
      expect((await world.orderRow(shop.id, order.id))?.status).toBe("pending_payment");
      await world.age(shop.id, order.id, GIVE_UP_SECONDS + 60);
      const logged: number[] = [];
      const counts = await reconcilePendingPayments(world.flows, new Date(), undefined, (unknown) =>
        logged.push(unknown.id),
      );
      expect(counts).toMatchObject({ unknown: 1, released: 0 });
      expect((await world.orderRow(shop.id, order.id))?.status).toBe("payment_failed");
      expect(await shop.stockOf(shop.apple)).toBe(100);
      // Nobody knows what the card holds: the order is not let go in silence, the shop is told.
      expect(logged).toEqual([order.id]);
      const stuck = await (await staffOn(world.app, shop.domain)).stuckPayments();
      expectOk(stuck);
      expect(stuck.json.data).toEqual([
        expect.objectContaining({
          orderId: order.id,
          orderNumber: order.orderNumber,
          provider: "bambora",
          paymentRef: `unknown:order-${order.id}`,
          kind: "void",
          amount: order.payableAmount,
          lastResult: UNKNOWN_PAYMENT_NOTE,
        }),
      ]);
    } finally {
      world.bambora.answerAgain();
    }
  });

  it("releases an order whose provider could not be reached at all at the sweeper's first look", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    const closed = await closedAddress();
    const down = world.cardsAt(closed, closed);
    const { storePaymentProviders } = await import("./payments.ts");
    const app = world.appWith(storePaymentProviders(world.db, "test", down), down);
    const answer = await callApp(app, "POST", "/api/storeOrder/create", {
      domain: shop.domain,
      token,
      body: cardDelivery(shop, bamboraToken("sometoken")),
    });
    expectError(answer, "PAYMENT_UNAVAILABLE");
    const order = await world.onlyOrderOf(shop.id);
    await world.age(shop.id, order.id, 10 * 60);
    // Bambora's ledger knows the request never left: nothing to wait for, nothing for the shop to do.
    expect(await reconcilePendingPayments(world.flows)).toMatchObject({ released: 1, unknown: 0 });
    expect((await world.orderRow(shop.id, order.id))?.status).toBe("payment_failed");
    expect(await shop.stockOf(shop.apple)).toBe(100);
    const stuck = await (await staffOn(world.app, shop.domain)).stuckPayments();
    expectOk(stuck);
    expect(stuck.json.data).toEqual([]);
  });
});

describe("money owed back", () => {
  /** The world's providers, whose voids fail `failures` times before reaching the provider. */
  function voidsFailing(failures: number): PaymentProviders {
    let left = failures;
    return (store, gateway, use) => {
      const real = world.payments(store, gateway, use);
      return (
        real && {
          ...real,
          name: real.name,
          void: async (request) => {
            if (left-- > 0) throw new Error("connect ETIMEDOUT");
            return real.void(request);
          },
        }
      );
    };
  }

  async function lostStripeOrder(shop: CardShop) {
    const { token } = await world.customerOf(shop);
    world.stripe.loseAnswers("POST", /^\/v1\/payment_intents$/);
    expectError(await create(shop, token, stripeNew("pm_card_visa")), "PAYMENT_UNAVAILABLE");
    world.stripe.answerAgain();
    const order = await world.onlyOrderOf(shop.id);
    await world.age(shop.id, order.id, 10 * 60);
    return order;
  }

  it("is asked for again with a growing pause until the provider releases it", async () => {
    const shop = await world.cardShop();
    const order = await lostStripeOrder(shop);
    const flows = { ...world.flows, payments: voidsFailing(2) };
    await reconcilePendingPayments(flows);
    expect((await world.orderRow(shop.id, order.id))?.status).toBe("payment_failed");
    expect(intentOf(order.id)?.status).toBe("requires_capture");
    const [owed] = await giveBacksOfOrder(world.db, shop.id, order.id);
    expect(owed).toMatchObject({ state: "due", attempts: 1, lastResult: "provider_error" });

    // Not yet due: nothing is asked.
    const now = new Date();
    expect((await retryGiveBacks(flows, now)).due + (await retryGiveBacks(flows, now)).done).toBe(0);
    const later = new Date(now.getTime() + (FIRST_PAUSE_SECONDS + 5) * 1000);
    expect(await retryGiveBacks(flows, later)).toMatchObject({ due: 1, done: 0 });
    const [second] = await giveBacksOfOrder(world.db, shop.id, order.id);
    expect(second).toMatchObject({ state: "due", attempts: 2 });
    // The second pause is twice the first.
    expect(second?.nextAttemptAt.getTime()).toBe(later.getTime() + 2 * FIRST_PAUSE_SECONDS * 1000);
    const muchLater = new Date(later.getTime() + 3 * FIRST_PAUSE_SECONDS * 1000);
    expect(await retryGiveBacks(flows, muchLater)).toMatchObject({ done: 1 });
    expect(intentOf(order.id)?.status).toBe("canceled");
    expect(await giveBacksOfOrder(world.db, shop.id, order.id)).toMatchObject([
      { state: "done", attempts: 3 },
    ]);
  });

  it("finds a void whose answer was lost already done at the provider", async () => {
    const shop = await world.cardShop();
    const order = await lostStripeOrder(shop);
    world.stripe.loseAnswers("POST", /^\/v1\/payment_intents\/\w+\/cancel$/);
    await reconcilePendingPayments(world.flows);
    world.stripe.answerAgain();
    expect(intentOf(order.id)?.status).toBe("canceled");
    expect(await giveBacksOfOrder(world.db, shop.id, order.id)).toMatchObject([
      { state: "due", attempts: 1 },
    ]);
    const counts = await retryGiveBacks(world.flows, new Date(Date.now() + 10 * FIRST_PAUSE_SECONDS * 1000));
    expect(counts).toMatchObject({ done: 1 });
  });

  it("reports what it cannot release: a payment the provider says is not there to void", async () => {
    const shop = await world.cardShop();
    const order = await lostStripeOrder(shop);
    // The shop captured it by hand at Stripe meanwhile: a void can never succeed.
    const intent = intentOf(order.id) as { id: string };
    await fetch(`${world.stripe.url}/v1/payment_intents/${intent.id}/capture`, {
      method: "POST",
      headers: { authorization: `Bearer ${STRIPE_KEYS.secret}` },
    });
    await reconcilePendingPayments(world.flows);
    expect(await giveBacksOfOrder(world.db, shop.id, order.id)).toMatchObject([
      { state: "due", attempts: 1, lastResult: "wrong_state" },
    ]);
    const stuck: number[] = [];
    const later = new Date(Date.now() + 10 * FIRST_PAUSE_SECONDS * 1000);
    const counts = await retryGiveBacks(world.flows, later, (row) => stuck.push(row.orderId));
    expect(counts).toMatchObject({ stuck: 1, done: 0 });
    expect(stuck).toEqual([order.id]);
    expect(await giveBacksOfOrder(world.db, shop.id, order.id)).toMatchObject([
      { state: "stuck", attempts: 2, lastResult: "wrong_state" },
    ]);
    // A stuck give-back is not asked again.
    const again = await retryGiveBacks(
      world.flows,
      new Date(later.getTime() + 10 * FIRST_PAUSE_SECONDS * 1000),
    );
    expect(again).toMatchObject({ stuck: 0, done: 0, due: 0 });
    const rows = await world.db.select().from(paymentGiveBacks).where(eq(paymentGiveBacks.storeId, shop.id));
    expect(rows).toHaveLength(1);
  });
});
