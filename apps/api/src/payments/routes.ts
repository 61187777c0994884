import { randomUUID } from "node:crypto";
import {
  BAMBORA_GATEWAY,
  routerPath,
  type SavedCardGateway,
  STRIPE_GATEWAY,
  SUCCESS_CODE,
  stripeWebhook,
  TEST_CARD_GATEWAY,
} from "@stoa/contract";
import type { Hono } from "hono";
import type { Account } from "../auth/sessions.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import {
  cardGatewaysOf,
  DECLINE_ERRORS,
  newCardGatewayOf,
  type PaymentProviders,
} from "../flows/payments.ts";
import { receiveStripeEvent } from "../flows/stripe-webhook.ts";
import type { AppEnv, RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { parseInput } from "../platform/http/input.ts";
import { requestText } from "../platform/http/request-body.ts";
import type { Route } from "../platform/http/route.ts";
import type { CardProviders } from "./card-providers.ts";
import { CardProviderUnavailable, type SavedCard } from "./saved-cards.ts";

/*
 * The card provider calls of spec §7. Saved cards are a signed-in customer's (§6): a guest session
 * is SAVED_CARDS_SIGN_IN, a store that does not take the provider PAYMENT_METHOD_NOT_OFFERED, and
 * every call names the caller's store and customer, so no card of another is reached. A provider
 * that cannot be reached is PAYMENT_UNAVAILABLE. Cards are listed, deleted and paid with at every
 * provider the store takes, but saved only with the one it takes new cards through.
 */

const toView = (card: SavedCard) => ({ ...card });

async function reaching<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof CardProviderUnavailable) throw new ApiError("PAYMENT_UNAVAILABLE");
    throw error;
  }
}

export function paymentRoutes(
  route: Route<Account>,
  payments: PaymentProviders,
  cards: CardProviders | null,
): void {
  function walletOf<G extends SavedCardGateway>(
    ctx: RequestContext,
    account: Account,
    gateway: G,
    use: "keep" | "add" = "keep",
  ): { savedCards: CardProviders[G]["savedCards"]; owner: { storeId: number; customerId: number } } {
    if (account.customer.kind !== "customer") throw new ApiError("SAVED_CARDS_SIGN_IN");
    if (!cards || !payments(ctx.store, gateway)) throw new ApiError("PAYMENT_METHOD_NOT_OFFERED");
    // A new card goes to the provider the shop takes new cards through, and to no other.
    if (use === "add" && newCardGatewayOf(payments, ctx.store) !== gateway)
      throw new ApiError("PAYMENT_METHOD_NOT_OFFERED");
    return {
      savedCards: cards[gateway].savedCards,
      owner: { storeId: ctx.store.id, customerId: account.customer.id },
    };
  }

  route("paymentKeys", async ({ ctx }) => {
    const gateways = cardGatewaysOf(payments, ctx.store);
    const account =
      gateways.includes(STRIPE_GATEWAY) && cards ? await cards.accounts.stripe(ctx.store.id) : null;
    const key = account?.publishableKey ?? null;
    // Which card forms name test cards: the built-in provider's always, Stripe's on a test key,
    // Bambora's when it is a stand-in (its sandbox takes only its own test cards).
    const testCards = gateways.filter(
      (gateway) =>
        gateway === TEST_CARD_GATEWAY ||
        (gateway === STRIPE_GATEWAY && key?.startsWith("pk_test_") === true) ||
        (gateway === BAMBORA_GATEWAY && cards?.bamboraStandIn === true),
    );
    return { key, gateways, cardGateway: newCardGatewayOf(payments, ctx.store), testCards };
  });

  route("stripeCardList", async ({ ctx, account }) => {
    const { savedCards, owner } = walletOf(ctx, account, STRIPE_GATEWAY);
    return { records: (await reaching(() => savedCards.listCards(owner))).map(toView) };
  });

  route("addStripeCard", async ({ ctx, body, account }) => {
    const { savedCards, owner } = walletOf(ctx, account, STRIPE_GATEWAY, "add");
    const { customer } = account;
    const added = await reaching(() =>
      savedCards.addCard({
        ...owner,
        token: body.paymentMethodId,
        idempotencyKey: `stoa-card-${owner.storeId}-${owner.customerId}:${ctx.idempotencyKey ?? randomUUID()}`,
        holderName: [customer.firstName, customer.lastName].filter(Boolean).join(" ") || undefined,
      }),
    );
    if (added.outcome === "saved") return { card: toView(added.card), clientSecret: null };
    if (added.outcome === "requires_action") return { card: null, clientSecret: added.clientSecret };
    throw new ApiError(DECLINE_ERRORS[added.reason]);
  });

  route("deleteStripeCard", async ({ ctx, body, account }) => {
    const { savedCards, owner } = walletOf(ctx, account, STRIPE_GATEWAY);
    const result = await reaching(() => savedCards.deleteCard({ ...owner, cardId: body.paymentMethodId }));
    if (result === "not_found") throw new ApiError("NOT_FOUND");
    return { deleted: true as const };
  });

  route("bamboraCardList", async ({ ctx, account }) => {
    const { savedCards, owner } = walletOf(ctx, account, BAMBORA_GATEWAY);
    return { records: (await reaching(() => savedCards.listCards(owner))).map(toView) };
  });

  route("bamboraProfile", async ({ ctx, account }) => {
    const { savedCards, owner } = walletOf(ctx, account, BAMBORA_GATEWAY);
    return { profile: await reaching(() => savedCards.billingProfile(owner)) };
  });

  route("addBamboraCard", async ({ ctx, body, account }) => {
    const { savedCards, owner } = walletOf(ctx, account, BAMBORA_GATEWAY, "add");
    const email = account.customer.email;
    // The billing profile first: the card is saved under the address the shopper just confirmed.
    await reaching(() => savedCards.saveBillingProfile({ ...owner, email }, body.billing));
    const added = await reaching(() =>
      savedCards.addCard({
        ...owner,
        token: body.token,
        holderName: body.name,
        billing: body.billing,
        idempotencyKey: randomUUID(),
      }),
    );
    if (added.outcome === "saved") return { card: toView(added.card) };
    throw new ApiError(added.outcome === "declined" ? DECLINE_ERRORS[added.reason] : "PAYMENT_UNAVAILABLE");
  });

  route("deleteBamboraCard", async ({ ctx, body, account }) => {
    const { savedCards, owner } = walletOf(ctx, account, BAMBORA_GATEWAY);
    const result = await reaching(() => savedCards.deleteCard({ ...owner, cardId: body.cardId }));
    if (result === "not_found") throw new ApiError("NOT_FOUND");
    return { deleted: true as const };
  });
}

/**
 * Where Stripe posts a store's events (`stripeWebhook` in the contract): the raw body is read as
 * sent, since its signature covers every byte; no store-domain header, the store is in the path.
 */
export function stripeWebhookRoute(
  app: Hono<AppEnv>,
  deps: OrderFlowDeps,
  cards: CardProviders | null,
): void {
  app.post(routerPath(stripeWebhook.path), async (c) => {
    const { storeId } = parseInput(stripeWebhook.params, c.req.param());
    if (!cards) throw new ApiError("NOT_FOUND");
    const outcome = await receiveStripeEvent(deps, cards, {
      storeId,
      payload: await requestText(c),
      signature: c.req.header("stripe-signature"),
    });
    return c.json({ code: SUCCESS_CODE, msg: "success", data: { outcome } });
  });
}
