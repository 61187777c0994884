import { randomUUID } from "node:crypto";
import { type CardGateway, TEST_CARD_GATEWAY } from "@stoa/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../orders/tables.ts";
import { type PaymentProvider, PaymentRequestError } from "../payments/provider.ts";
import { stores } from "../stores/tables.ts";
import {
  bamboraToken,
  type CardWorld,
  callApp,
  cardDelivery,
  expectOk,
  STRIPE_KEYS,
  startCardWorld,
  stripeNew,
} from "../test/card-shop.ts";
import { BAMBORA_APPROVED_CARDS } from "../test/fakes/fake-bambora.ts";
import { signStripePayload } from "../test/fakes/fake-stripe.ts";
import type { PaymentProviders } from "./payments.ts";
import { GIVE_UP_SECONDS, reconcilePendingPayments } from "./reconcile-payments.ts";

/*
 * An API killed between a card's authorization and the order's settle (issue 11): the order is left
 * `pending_payment` holding its stock, and the provider holds the money. The crash is simulated by a
 * provider whose authorization goes through and whose answer never comes back (the create dies with
 * a 500); the sweeper then asks the provider by the order's key and settles the order as the create
 * would have. A crash before the provider was asked leaves nothing to find: the order is released.
 */

let world: CardWorld;
beforeAll(async () => {
  world = await startCardWorld();
});
afterAll(async () => {
  await world?.stop();
});

/** The providers of the world, whose authorize "crashes" after (or before) asking the real one. */
function crashing(when: "after" | "before"): PaymentProviders {
  return (store, gateway) => {
    const real = world.payments(store, gateway);
    if (!real) return null;
    const crashed: PaymentProvider = {
      ...real,
      name: real.name,
      authorize: async (request) => {
        if (when === "after") await real.authorize(request);
        throw new PaymentRequestError("the API process died here");
      },
    };
    return crashed;
  };
}

async function crashedOrder(
  shop: Awaited<ReturnType<CardWorld["cardShop"]>>,
  payment: Record<string, unknown>,
  when: "after" | "before",
) {
  const { token } = await world.customerOf(shop);
  const app = world.appWith(crashing(when));
  const died = await callApp(app, "POST", "/api/storeOrder/create", {
    domain: shop.domain,
    token,
    body: cardDelivery(shop, payment),
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(died.status).toBe(500);
  return { token };
}

describe("reconciling card orders a crash left waiting", () => {
  it.each([
    ["Stripe", () => stripeNew("pm_card_visa")],
    [
      "the test provider",
      () => ({
        payment_gateway: TEST_CARD_GATEWAY,
        credit_card: {
          number: "4242424242424242",
          expiryMonth: 12,
          expiryYear: 2099,
          cvc: "123",
          name: "Dana",
        },
      }),
    ],
  ])("places the order %s authorized before the API died", async (_, payment) => {
    const shop = await world.cardShop(undefined, payment().payment_gateway as CardGateway);
    await crashedOrder(shop, payment(), "after");
    const pending = await world.onlyOrderOf(shop.id);
    expect(pending.status).toBe("pending_payment");
    expect(await shop.stockOf(shop.apple)).toBe(98);

    // Too young: its create may still be on its way.
    await reconcilePendingPayments(world.flows);
    expect((await world.orderRow(shop.id, pending.id))?.status).toBe("pending_payment");

    await world.age(shop.id, pending.id, 10 * 60);
    const counts = await reconcilePendingPayments(world.flows);
    expect(counts.placed).toBeGreaterThanOrEqual(1);
    expect(await world.orderRow(shop.id, pending.id)).toMatchObject({
      status: "placed",
      paymentStatus: "authorized",
    });
    expect(await shop.stockOf(shop.apple)).toBe(98);
    // A second pass finds nothing more to do for it.
    await reconcilePendingPayments(world.flows);
    expect((await world.orderRow(shop.id, pending.id))?.status).toBe("placed");
  });

  it("places a Bambora order whose authorization was answered before the API died", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const before = world.bambora.preAuthorizations;
    await crashedOrder(
      shop,
      bamboraToken(await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string)),
      "after",
    );
    expect(world.bambora.preAuthorizations - before).toBe(1);
    const pending = await world.onlyOrderOf(shop.id);
    await world.age(shop.id, pending.id, 10 * 60);
    await reconcilePendingPayments(world.flows);
    expect(await world.orderRow(shop.id, pending.id)).toMatchObject({
      status: "placed",
      paymentStatus: "authorized",
    });
    expect(world.bambora.preAuthorizations - before).toBe(1);
  });

  it("settles an order through its own gateway after the store stopped offering it", async () => {
    const shop = await world.cardShop();
    await crashedOrder(shop, stripeNew("pm_card_visa"), "after");
    const pending = await world.onlyOrderOf(shop.id);
    await world.db.update(stores).set({ paymentProviders: [] }).where(eq(stores.id, shop.id));
    await world.age(shop.id, pending.id, 10 * 60);
    await reconcilePendingPayments(world.flows);
    expect(await world.orderRow(shop.id, pending.id)).toMatchObject({
      status: "placed",
      paymentStatus: "authorized",
    });
  });

  it("goes on past an order it cannot reconcile, and says so", async () => {
    const shop = await world.cardShop();
    await crashedOrder(shop, stripeNew("pm_card_visa"), "after");
    await crashedOrder(shop, stripeNew("pm_card_visa"), "after");
    const waiting = await world.db.select().from(orders).where(eq(orders.storeId, shop.id));
    expect(waiting).toHaveLength(2);
    const [broken, fine] = waiting.sort((a, b) => a.id - b.id) as [(typeof waiting)[0], (typeof waiting)[0]];
    for (const order of waiting) await world.age(shop.id, order.id, 10 * 60);
    // Asking about the older order is a mistake the provider refuses: the pass must not stop there.
    const refusing: PaymentProviders = (store, gateway) => {
      const real = world.payments(store, gateway);
      return (
        real && {
          ...real,
          name: real.name,
          findAuthorization: async (request) => {
            if (request.orderId === broken.id)
              throw new PaymentRequestError("a request that can never succeed");
            return real.findAuthorization(request);
          },
        }
      );
    };
    const failed: number[] = [];
    const counts = await reconcilePendingPayments(
      { ...world.flows, payments: refusing },
      new Date(),
      (_, order) => failed.push(order.id),
    );
    expect(failed).toEqual([broken.id]);
    expect(counts.failed).toBe(1);
    expect((await world.orderRow(shop.id, broken.id))?.status).toBe("pending_payment");
    expect(await world.orderRow(shop.id, fine.id)).toMatchObject({
      status: "placed",
      paymentStatus: "authorized",
    });
  });

  it("releases an order whose card was never asked: nothing charged, nothing held", async () => {
    const shop = await world.cardShop();
    const before = world.stripe.intentsCreated;
    await crashedOrder(shop, stripeNew("pm_card_visa"), "before");
    expect(world.stripe.intentsCreated).toBe(before);
    const pending = await world.onlyOrderOf(shop.id);
    await world.age(shop.id, pending.id, 10 * 60);
    await reconcilePendingPayments(world.flows);
    expect(await world.orderRow(shop.id, pending.id)).toMatchObject({
      status: "payment_failed",
      paymentStatus: "failed",
    });
    expect(await shop.stockOf(shop.apple)).toBe(100);
  });

  it("gives up on a shopper who never confirmed 3-D Secure: the payment is called off and the order released", async () => {
    const shop = await world.cardShop();
    const { token, id: customerId } = await world.customerOf(shop);
    await shop.addCoupon("BANK10");
    await shop.credit(customerId, 300);
    const pending = await callApp(world.app, "POST", "/api/storeOrder/create", {
      domain: shop.domain,
      token,
      body: {
        ...cardDelivery(shop, stripeNew("pm_card_authenticationRequired")),
        coupon: "BANK10",
        use_wallet: true,
      },
    });
    expectOk(pending);
    const { order, paymentAction } = pending.json.data;
    await world.age(shop.id, order.id, 10 * 60);
    await reconcilePendingPayments(world.flows);
    expect((await world.orderRow(shop.id, order.id))?.status).toBe("pending_payment");

    expect(await shop.couponUses("BANK10")).toBe(1);
    expect(await shop.walletOf(customerId)).toBe(0);

    await world.age(shop.id, order.id, GIVE_UP_SECONDS + 60);
    await reconcilePendingPayments(world.flows);
    expect(await world.orderRow(shop.id, order.id)).toMatchObject({
      status: "payment_failed",
      paymentStatus: "failed",
    });
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.couponUses("BANK10")).toBe(0);
    expect(await shop.walletOf(customerId)).toBe(300);
    const intentId = String(paymentAction.clientSecret).split("_secret_")[0] as string;
    expect(() => world.stripe.finishAuthentication(STRIPE_KEYS.secret, intentId, true)).toThrow(
      /awaits no authentication/,
    );
  });

  it("gives back an authorization Stripe reports for an order whose shopper was told it failed", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    // The answer is lost on the way back (a timeout): the shopper is told the payment could not be
    // made, and the order keeps what it holds, since Stripe may have taken the money…
    const lost: PaymentProviders = (store, gateway) => {
      const real = world.payments(store, gateway);
      return (
        real && {
          ...real,
          name: real.name,
          authorize: async (request) => {
            await real.authorize(request);
            throw new Error("socket hang up");
          },
        }
      );
    };
    const answer = await callApp(world.appWith(lost), "POST", "/api/storeOrder/create", {
      domain: shop.domain,
      token,
      body: cardDelivery(shop, stripeNew("pm_card_visa")),
    });
    expect(answer.json.code).toBe("2023");
    const order = await world.onlyOrderOf(shop.id);
    expect(order.status).toBe("pending_payment");
    expect(await shop.stockOf(shop.apple)).toBe(98);
    // …and Stripe did authorize it, and says so: the money is released at once, and the order with it.
    const event = world.stripe.lastEvent("payment_intent.amount_capturable_updated");
    expect(event.data.object.metadata.stoa_order).toBe(String(order.id));
    const payload = JSON.stringify(event);
    const delivered = await world.app.request(`/api/storeStripe/webhook/${shop.id}`, {
      method: "POST",
      headers: { "stripe-signature": signStripePayload(payload, STRIPE_KEYS.webhook) },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    expect(world.stripe.lastEvent("payment_intent.canceled").data.object.id).toBe(event.data.object.id);
    expect(await world.orderRow(shop.id, order.id)).toMatchObject({ status: "payment_failed" });
    expect(await shop.stockOf(shop.apple)).toBe(100);
  });
});
