import type { PaymentAction } from "@stoa/contract";
import { emptySavedCart } from "../carts/service.ts";
import { customerById } from "../customers/service.ts";
import type { CustomerRow } from "../customers/tables.ts";
import { deliveredByPayment } from "../orders/paid-downloads.ts";
import {
  DELIVER_DOWNLOADS,
  lockOrder,
  markCardUnanswered,
  moveOrder,
  orderLinesOf,
  SYSTEM,
  storeOrder,
} from "../orders/service.ts";
import type { OrderLineRow, OrderRow } from "../orders/tables.ts";
import { type OwedBack, oweBack } from "../payments/give-backs.ts";
import type {
  AuthorizationFound,
  AuthorizeResult,
  PaymentDeclined,
  PaymentProvider,
  PaymentStepResult,
} from "../payments/provider.ts";
import { paymentEventOutcome, paymentEventsOfOrder, recordPaymentEvent } from "../payments/service.ts";
import type { Database } from "../platform/db/database.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { giveBackNow } from "./give-back.ts";
import { releaseHolds } from "./holds.ts";
import { queueConfirmation, type ShopOrigin } from "./order-confirmation.ts";
import { askProvider, paymentEventOf, paymentKey } from "./payments.ts";

/*
 * Moving a `pending_payment` order on by what its provider said of the card, exactly once: the
 * create's own answer, the shopper's return from 3-D Secure, Stripe's webhook and the sweeper's
 * look-up all end here. The order row is locked and its status checked, so whichever comes first
 * places it (or releases it) and the others change nothing; every answer goes to the payment log
 * under the order's keys, so a repeated one is recorded once.
 */

export type Settled = { order: OrderRow; action: PaymentAction | null; lines: OrderLineRow[] };

/** What the shopper's own create knows already, so the settle does not read it again. */
export type KnownOfOrder = { lines: OrderLineRow[]; customer: CustomerRow };

/** The shop's side of a settle: how links in the confirmation are made. */
export type Settling = {
  deps: OrderFlowDeps;
  keys: Awaited<ReturnType<OrderFlowDeps["keys"]>>;
  shop: ShopOrigin;
};

function actionOf(answer: AuthorizeResult | PaymentDeclined): PaymentAction | null {
  return answer.outcome === "requires_action"
    ? { kind: "confirm_card", gateway: "stripe", clientSecret: answer.clientSecret }
    : null;
}

/**
 * Settles an order on the provider's answer to its authorization. Approved: placed (and, for an
 * order with digital goods, captured at once); declined: everything it held given back and
 * `payment_failed`; awaiting the shopper's bank: left as it is. An approval that arrives for an
 * order given up meanwhile (cancelled, or failed by the sweeper) is released at the provider.
 * `shopperWaiting`: the answer goes to the shopper's own create, who sees what became of it.
 */
export async function settleCardPayment(
  { deps, keys, shop }: Settling,
  provider: PaymentProvider | null,
  order: OrderRow,
  authorized: AuthorizeResult | PaymentDeclined,
  { shopperWaiting = false, known }: { shopperWaiting?: boolean; known?: KnownOfOrder } = {},
): Promise<Settled> {
  const { db } = deps;
  const { store } = shop;
  const authorizeKey = paymentKey(order, "authorize");
  const lines = known?.lines ?? (await orderLinesOf(db, store.id, order.id));
  const captureKey = paymentKey(order, "capture");
  let captured: PaymentStepResult | null = null;
  // Digital goods are delivered the moment they are paid, so their card is taken at once; never
  // for an order that is no longer waiting for its card.
  if (provider && authorized.outcome === "approved" && lines.some((line) => line.isDigital)) {
    const fresh = await storeOrder(db, store.id, order.id);
    if (fresh.status === "pending_payment")
      captured = await askProvider(() =>
        provider.capture({
          storeId: store.id,
          paymentRef: authorized.paymentRef,
          idempotencyKey: captureKey,
        }),
      );
  }

  const outcome = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, store.id, order.id);
    if (!locked) throw new Error(`order ${order.id} vanished before its payment settled`);
    const step = {
      storeId: store.id,
      orderId: order.id,
      provider: provider?.name ?? locked.paymentGateway ?? "unknown",
      amount: order.payableAmount,
      currency: order.currency,
    };
    const first = await recordPaymentEvent(
      tx,
      paymentEventOf({ ...step, kind: "authorize" }, authorizeKey, authorized),
    );
    // The key's first answer may have been "the shopper must confirm": what came of it is recorded
    // beside it, once.
    if (first.repeated && first.event.result !== paymentEventOutcome(authorized).result)
      await recordPaymentEvent(
        tx,
        paymentEventOf({ ...step, kind: "authorize" }, `${authorizeKey}:settled`, authorized),
      );
    if (captured)
      await recordPaymentEvent(tx, paymentEventOf({ ...step, kind: "capture" }, captureKey, captured));
    const held = authorized.outcome === "approved" || authorized.outcome === "requires_action";
    const owed: OwedBack | null = held
      ? {
          storeId: store.id,
          orderId: order.id,
          provider: step.provider,
          paymentRef: authorized.paymentRef,
          kind: captured?.outcome === "approved" ? "refund" : "void",
          amount: order.payableAmount,
          currency: order.currency,
        }
      : null;
    if (locked.status !== "pending_payment") {
      // An order given up (cancelled, or failed by the sweeper) wants none of what the provider
      // holds for it: a late approval, or a bank confirmation still open, is owed back.
      const givenUp = locked.status === "cancelled" || locked.status === "payment_failed";
      if (!givenUp || !owed) return { order: locked, owed: null };
      await oweBack(tx, owed);
      return { order: locked, owed };
    }
    // The shopper was told this payment could not be made (its provider did not answer) and may
    // have paid again since: what turns up for it later is given back, with the order, rather than
    // placing an order they were told failed. Only the shopper's own resubmit may still place it.
    if (owed && !shopperWaiting && (await toldUnavailable(tx, order))) {
      await releaseHolds(tx, locked, lines, "payment_failed");
      const failed = await moveOrder(tx, locked, { order: "failPayment", payment: "fail" }, SYSTEM);
      await oweBack(tx, owed);
      return { order: failed, owed };
    }
    if (authorized.outcome === "requires_action") return { order: locked, owed: null };
    if (authorized.outcome !== "approved") {
      await releaseHolds(tx, locked, lines, "payment_failed");
      return {
        order: await moveOrder(tx, locked, { order: "failPayment", payment: "fail" }, SYSTEM),
        owed: null,
      };
    }
    const card = authorized.card;
    let placed = await moveOrder(
      tx,
      locked,
      { order: "pay", payment: "authorize" },
      SYSTEM,
      card ? { cardBrand: card.brand, cardLast4: card.last4 } : {},
    );
    if (captured?.outcome === "approved")
      placed = await moveOrder(tx, placed, { payment: "capture" }, SYSTEM);
    if (deliveredByPayment(placed, lines)) placed = await moveOrder(tx, placed, DELIVER_DOWNLOADS, SYSTEM);
    const customer = known?.customer ?? (await customerById(tx, store.id, placed.customerId));
    if (customer) await queueConfirmation(tx, keys, shop, customer, placed, lines);
    await emptySavedCart(tx, store.id, placed.customerId);
    return { order: placed, owed: null };
  });
  if (outcome.owed) await giveBackNow(deps, { ...outcome.owed, attempts: 0 }, order);
  return {
    order: outcome.order,
    action: outcome.order.status === "pending_payment" ? actionOf(authorized) : null,
    lines,
  };
}

/**
 * Writes down that the provider gave no answer to the order's authorization (a timeout, a 5xx, a
 * cut connection), without moving the order: the shopper was told the payment could not be made,
 * so an authorization the sweeper finds later for it is released, not kept (reconcile-payments.ts).
 */
export async function recordUnanswered(
  deps: OrderFlowDeps,
  provider: PaymentProvider,
  order: OrderRow,
  answer: PaymentDeclined,
): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.storeId, order.id);
    if (!locked) throw new Error(`order ${order.id} vanished before its payment settled`);
    // Settled meanwhile (Stripe's webhook can be quicker than the answer it reports): that stands.
    if (locked.status !== "pending_payment") return locked;
    await recordPaymentEvent(
      tx,
      paymentEventOf(
        {
          storeId: order.storeId,
          orderId: order.id,
          provider: provider.name,
          kind: "authorize",
          amount: order.payableAmount,
          currency: order.currency,
        },
        paymentKey(order, "authorize"),
        answer,
      ),
    );
    return markCardUnanswered(tx, locked);
  });
}

/** Whether the shopper was told the order's payment could not be made (an unanswered authorization). */
async function toldUnavailable(db: Database, order: OrderRow): Promise<boolean> {
  const events = await paymentEventsOfOrder(db, order.storeId, order.id);
  return events.some(
    (event) => event.kind === "authorize" && event.result === "declined" && event.reason === "provider_error",
  );
}

/** The provider's reference of the order's latest authorization attempt, answered or not. */
export async function attemptRefOf(deps: OrderFlowDeps, order: OrderRow): Promise<string | null> {
  const events = await paymentEventsOfOrder(deps.db, order.storeId, order.id);
  return (
    events.filter((event) => event.kind === "authorize" && event.providerRef).at(-1)?.providerRef ?? null
  );
}

/**
 * Asks the order's provider what became of its authorization, without asking for one. A provider
 * that cannot be reached answers `provider_error`: the caller decides whether to wait.
 */
export async function findAuthorizationOf(
  deps: OrderFlowDeps,
  provider: PaymentProvider,
  order: OrderRow,
): Promise<AuthorizationFound | PaymentDeclined> {
  const paymentRef = await attemptRefOf(deps, order);
  return askProvider(() =>
    provider.findAuthorization({
      storeId: order.storeId,
      orderId: order.id,
      idempotencyKey: paymentKey(order, "authorize"),
      paymentRef,
    }),
  );
}
