import { type AddressInfo, createServer } from "node:net";
import { type CardGateway, ERRORS, type ErrorName, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { createApp } from "../app.ts";
import { type PaymentProviders, storePaymentProviders } from "../flows/payments.ts";
import { orderIdentities } from "../orders/identities.ts";
import { linkKeys } from "../orders/links.ts";
import { orders } from "../orders/tables.ts";
import { cardProviders } from "../payments/card-providers.ts";
import { paymentEvents } from "../payments/tables.ts";
import { createLogger } from "../platform/logger.ts";
import { storeById } from "../stores/service.ts";
import { stores } from "../stores/tables.ts";
import { shopper } from "./checkout-store.ts";
import { startFakeBambora } from "./fakes/fake-bambora.ts";
import { signStripePayload, startFakeStripe } from "./fakes/fake-stripe.ts";
import { testHarness } from "./harness.ts";
import { openShop, SHOP_STAFF, type Shop } from "./shops.ts";

/*
 * Card orders end to end against the local fakes: an app whose stores may take Stripe and Bambora
 * on the environment's accounts, pointed at fake providers on 127.0.0.1 — never the network.
 */

export const STRIPE_KEYS = {
  secret: "sk_test_cardapi",
  publishable: "pk_test_cardapi",
  webhook: "whsec_cardapi_signing_secret",
} as const;
export const BAMBORA_ACCOUNT = {
  merchantId: "300200578",
  payments: "pay-passcode",
  profiles: "prof-passcode",
  reporting: "report-passcode",
};

export type CardWorld = Awaited<ReturnType<typeof startCardWorld>>;

export async function startCardWorld() {
  const { handle } = await testHarness();
  const db = handle.db;
  const stripe = await startFakeStripe();
  const bambora = await startFakeBambora();
  bambora.addMerchant(
    BAMBORA_ACCOUNT.merchantId,
    BAMBORA_ACCOUNT.payments,
    BAMBORA_ACCOUNT.profiles,
    BAMBORA_ACCOUNT.reporting,
  );

  const cardsAt = (stripeUrl: string, bamboraUrl: string) =>
    cardProviders(db, {
      PAYMENT_SECRETS_KEY: undefined,
      STRIPE_SECRET_KEY: STRIPE_KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
      STRIPE_API_URL: stripeUrl,
      BAMBORA_MERCHANT_ID: BAMBORA_ACCOUNT.merchantId,
      BAMBORA_PAYMENTS_PASSCODE: BAMBORA_ACCOUNT.payments,
      BAMBORA_PROFILES_PASSCODE: BAMBORA_ACCOUNT.profiles,
      BAMBORA_REPORTING_PASSCODE: BAMBORA_ACCOUNT.reporting,
      BAMBORA_API_URL: bamboraUrl,
    });
  const cards = cardsAt(stripe.url, bambora.url);
  const payments = storePaymentProviders(db, "test", cards);
  const appWith = (providers: PaymentProviders, withCards = cards) =>
    createApp({
      db,
      logger: createLogger("silent"),
      paymentProviders: providers,
      cardProviders: withCards,
    });
  const app = appWith(payments);
  const flows = { db, keys: linkKeys(db), payments, identities: orderIdentities(db) };

  /**
   * A shop taking the given card gateways (the test provider always, outside production), and
   * new cards through `newCards` (unset: the first it takes of Stripe, Bambora, the test provider).
   */
  async function cardShop(gateways: string[] = ["stripe", "bambora"], newCards?: CardGateway) {
    const shop = await openShop();
    await db
      .update(stores)
      .set({ paymentProviders: gateways, cardProvider: newCards ?? null })
      .where(eq(stores.id, shop.id));
    const store = await storeById(db, shop.id);
    if (!store) throw new Error("shop vanished");
    return { ...shop, store };
  }

  return {
    db,
    stripe,
    bambora,
    cards,
    cardsAt,
    payments,
    appWith,
    app,
    flows,
    cardShop,
    customerOf: (shop: { store: Parameters<typeof shopper>[1] }) => shopper(db, shop.store, "customer"),
    guestOf: (shop: { store: Parameters<typeof shopper>[1] }) => shopper(db, shop.store, "guest"),
    /** Makes an order look as old as a crashed create's would be by the time the sweeper runs. */
    async age(storeId: number, orderId: number, seconds: number) {
      await db
        .update(orders)
        .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
    },
    /** An order's payment log, oldest first. */
    paymentEventsOf(storeId: number, orderId: number) {
      return db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.storeId, storeId), eq(paymentEvents.orderId, orderId)))
        .orderBy(paymentEvents.id);
    },
    /** The one order a shop made for the test holds. */
    async onlyOrderOf(storeId: number) {
      const rows = await db.select().from(orders).where(eq(orders.storeId, storeId));
      expect(rows).toHaveLength(1);
      return rows[0] as (typeof rows)[number];
    },
    /** Posts a webhook delivery as Stripe does: the raw body and its signature. */
    async stripeWebhook(
      storeId: number,
      event: Record<string, unknown>,
      secret: string = STRIPE_KEYS.webhook,
    ) {
      const payload = JSON.stringify(event);
      const response = await app.request(`/api/storeStripe/webhook/${storeId}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "stripe-signature": signStripePayload(payload, secret),
        },
        body: payload,
      });
      return {
        status: response.status,
        json: (await response.json()) as { code: string; data: { outcome: string } },
      };
    },
    async orderRow(storeId: number, orderId: number) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
      return row;
    },
    async stop() {
      await stripe.stop();
      await bambora.stop();
    },
  };
}

/** The address of a port nothing listens on: a request there is refused before it leaves. */
export async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

export type Reply = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope data and assert on it.
  json: { code: string; msg: string; data: any };
  text: string;
};

/** A call to an app as the storefront makes it: the shop's domain, the bearer token, JSON. */
export async function callApp(
  app: ReturnType<typeof createApp>,
  method: string,
  path: string,
  options: { domain?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers = new Headers(options.headers);
  if (options.domain) headers.set(STORE_DOMAIN_HEADER, options.domain);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  const response = await app.request(
    path,
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
  const text = await response.text();
  return { status: response.status, json: text.startsWith("{") ? JSON.parse(text) : null, text };
}

export function expectError(reply: Reply, kind: ErrorName) {
  expect({ status: reply.status, code: reply.json?.code }, JSON.stringify(reply.json)).toEqual({
    status: ERRORS[kind].status,
    code: ERRORS[kind].code,
  });
}

export function expectOk(reply: Reply) {
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
}

const address = {
  customerName: "Dana Levi",
  address: { street_address: "1 Harbour Road", country: "IL", city: "Haifa" },
};

/** A delivery of two apples (5.00 and 5.00 delivery) paid as `payment` says. */
export function cardDelivery(shop: Shop, payment: Record<string, unknown>, quantity = 2) {
  return {
    products: [{ productId: shop.apple, quantity }],
    delivery_type: "delivery",
    shipping_address: address,
    customer_name: "Dana Levi",
    ...payment,
  };
}

export const stripeNew = (paymentMethodId: string) => ({
  payment_gateway: "stripe",
  payment_sub_gateway: "new_card",
  stripePaymentMethodId: paymentMethodId,
});
export const stripeSaved = (paymentMethodId: string) => ({
  payment_gateway: "stripe",
  payment_sub_gateway: "saved_card",
  stripePaymentMethodId: paymentMethodId,
});
export const bamboraToken = (token: string) => ({
  payment_gateway: "bambora",
  payment_sub_gateway: "new_card",
  bamboraCard: { token, name: "Dana Levi" },
});
export const bamboraSaved = (cardId: string) => ({
  payment_gateway: "bambora",
  payment_sub_gateway: "saved_card",
  bamboraCard: { cardId },
});

export const BILLING = {
  name: "Dana Levi",
  addressLine1: "1 Harbour Road",
  country: "ca",
  city: "Vancouver",
  province: "bc",
  postalCode: "V6B 1A1",
};

/** The shop's staff, signed in on this app. */
export async function staffOn(app: ReturnType<typeof createApp>, domain: string) {
  const login = await callApp(app, "POST", "/api/staff/login", { domain, body: SHOP_STAFF });
  expectOk(login);
  const token = login.json.data.token as string;
  return {
    move: (orderId: number, action: string) =>
      callApp(app, "POST", "/api/staff/orders/move", { domain, token, body: { orderId, action } }),
    answerRefund: (refundId: number) =>
      callApp(app, "POST", "/api/staff/refunds/answer", {
        domain,
        token,
        body: { refundId, decision: "approve", answer: "Sorry about that" },
      }),
    stuckPayments: () => callApp(app, "POST", "/api/staff/payments/stuck", { domain, token }),
  };
}
