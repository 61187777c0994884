import { randomUUID } from "node:crypto";
import {
  type Calculation,
  type CheckoutRequest,
  cardSummary,
  FIELD_ERROR_KEYS,
  formatMoney,
  openingText,
  type PlacedOrder,
  REFERRAL_ERROR_KEYS,
} from "@stoa/contract";
import { sha256 } from "../auth/crypto.ts";
import type { SigningIn } from "../auth/sessions.ts";
import type { CustomerRow } from "../customers/tables.ts";
import { checkoutGiftCards, spendGiftCard } from "../gift-cards/service.ts";
import { type StockShortfall, stockShortfalls, stockTakesOf } from "../inventory/service.ts";
import { guestOrderToken, type LinkKeys } from "../orders/links.ts";
import { type NewOrderValues, type OrderHolds, placeNewOrder } from "../orders/new-order.ts";
import { deliveredByPayment } from "../orders/paid-downloads.ts";
import {
  DELIVER_DOWNLOADS,
  hasPlacedOrders,
  moveOrder,
  type NewOrderLine,
  orderAnswer,
  orderAnswerOf,
  orderByIdempotencyKey,
  orderTimeline,
  SYSTEM,
  storeOrder,
} from "../orders/service.ts";
import type { OrderLineRow, OrderRow } from "../orders/tables.ts";
import type { AuthorizeResult, PaymentDeclined } from "../payments/provider.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type PricedCheckout, priceCheckout } from "../pricing/service.ts";
import { checkReferral, ReferralRefused, recordReferral } from "../referrals/checkout.ts";
import type { StoreRow } from "../stores/tables.ts";
import { type CardChoice, cardChoiceOf } from "./card-choice.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { confirmationOf, hasDownloadsNow, queueConfirmation } from "./order-confirmation.ts";
import {
  askProvider,
  DECLINE_ERRORS,
  declineReasonOf,
  newCardGatewayOf,
  paymentKey,
  providerOfOrder,
} from "./payments.ts";
import { type SettledAtOnce, settleApprovedAtOnce } from "./settle-at-once.ts";
import { type KnownOfOrder, recordUnanswered, type Settled, settleCardPayment } from "./settle-payment.ts";

/**
 * Another submit with the same Idempotency-Key wrote its order first: this attempt rolls back and
 * answers that order.
 */
class KeyTaken extends Error {}

/** The gift card no longer holds what the order takes from it (another order spent it first). */
class GiftCardShort extends Error {}

/**
 * The digest that tells a repeat of a create from another create under the same key: every choice
 * of the request, a typed card by brand and last four digits only (the number is never kept, not
 * even hashed), and not the `verified_response`, which is the server's own proof and not a choice.
 */
function requestDigest(request: CheckoutRequest, choice: CardChoice | null): string {
  const { credit_card: _card, verified_response: _proof, ...choices } = request;
  const card = choice?.card ? cardSummary(choice.card.number) : null;
  return sha256(JSON.stringify({ ...choices, card }));
}

/**
 * Places an order (`storeOrder/create`, decision 018). A create repeated with the same
 * Idempotency-Key by the same shopper answers the same order, however many times and however
 * concurrently it comes; the same key with another request is IDEMPOTENCY_KEY_REUSED.
 *
 * Cash and free orders are placed in one database call (decision 020). A card order is written as
 * `pending_payment` with everything it needs held (stock, coupon use, wallet credit, delivery
 * window) the same way; then the card is authorized, outside any transaction, with a key derived
 * from the order's Idempotency-Key; then one transaction places the order, or releases everything
 * and marks it `payment_failed` when the card is refused.
 */
export async function placeOrder(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  caller: SigningIn,
  request: CheckoutRequest,
): Promise<PlacedOrder> {
  const { store } = ctx;
  // The cart is priced first: its reads sign the caller in (one round trip for both). Nothing of
  // the pricing is refused yet: its problems are the create's, and a repeat's, to answer (below).
  const priced = await priceCheckout(deps.db, store, caller, request, ctx.locale, {
    hasOrdered: hasPlacedOrders,
    settings: deps.settings,
    guesser: ctx.caller,
    giftCards: checkoutGiftCards(deps.db, deps.keys),
    referrals: checkReferral,
  });
  if (!priced.account) throw new Error("pricing a checkout that signs in answers its account");
  const { customer } = priced.account;
  if (customer.kind === "guest" && !store.guestCheckout) throw new ApiError("GUEST_CHECKOUT_CLOSED");
  const card = cardChoiceOf(request, customer, newCardGatewayOf(deps.payments, store));
  const digest = requestDigest(request, card);
  const keys = await deps.keys();
  const sentKey = ctx.idempotencyKey;
  let placed: WrittenOrder;
  try {
    // A repeat is found by the order it wrote first: the new order's insert meets the key and
    // writes nothing, and the catch below answers that order. A first submit pays no lookup.
    placed = await writeOrder(
      deps,
      keys,
      ctx,
      customer,
      request,
      priced,
      card,
      digest,
      sentKey ?? `auto-${randomUUID()}`,
    );
  } catch (error) {
    // The submit that held this key first may be why this one failed (it took the last unit, the
    // coupon's last use, the key itself): when its order exists, that order is the answer.
    if (!sentKey || !(error instanceof KeyTaken || error instanceof ApiError)) throw error;
    const winner = await orderByIdempotencyKey(deps.db, store.id, customer.id, sentKey);
    if (!winner) {
      if (error instanceof KeyTaken) throw new Error("an order held the idempotency key and vanished");
      throw error;
    }
    return answerRepeat(deps, keys, ctx, winner, digest, card);
  }
  // A free order of downloads is delivered already: its timeline has two steps, read back.
  if (placed.order.status === "delivered")
    return answerOf(deps.db, keys, { order: placed.order, action: null });
  if (placed.order.status !== "pending_payment") return newOrderAnswer(keys, placed);
  // The card's answer is this submit's own: a decline or "unavailable" is not another submit's win.
  const paid = await payByCard(deps, keys, ctx, placed.order, card, {
    known: { lines: placed.lines, customer },
  });
  return paid.lines
    ? paidOrderAnswer(deps.db, keys, { ...paid, lines: paid.lines }, placed.timezone)
    : answerOf(deps.db, keys, paid);
}

/**
 * The answer of an order this create has just paid for: its lines and its shop's zone are known
 * already, and a new order has no refund asked; only its timeline is read back.
 */
async function paidOrderAnswer(
  db: Database,
  keys: LinkKeys,
  { order, action, lines, timeline }: Settled & { timeline?: SettledAtOnce["timeline"] },
  timezone: string,
): Promise<PlacedOrder> {
  return {
    order: orderAnswerOf(order, timezone, lines, timeline ?? (await orderTimeline(db, order))),
    guestAccessToken: order.placedAsGuest ? guestOrderToken(keys, order) : null,
    paymentAction: action,
  };
}

/** What became of a card payment; `lines` (and `timeline`) when the settle that made it knew them. */
type CardOutcome = Pick<Settled, "order" | "action"> & {
  lines?: Settled["lines"];
  timeline?: SettledAtOnce["timeline"];
};

/** The answer to a repeated create: the order the key already made, as it stands now. */
async function answerRepeat(
  deps: OrderFlowDeps,
  keys: LinkKeys,
  ctx: RequestContext,
  order: OrderRow,
  digest: string,
  card: CardChoice | null,
): Promise<PlacedOrder> {
  if (order.requestDigest !== digest) throw new ApiError("IDEMPOTENCY_KEY_REUSED");
  if (order.status === "payment_failed")
    throw new ApiError(DECLINE_ERRORS[await declineReasonOf(deps.db, order)]);
  // The first submit is still waiting for the card, or stopped before it heard back: asking the
  // provider again with the same key gets the same answer, and only one of them moves the order.
  const settled =
    order.status === "pending_payment"
      ? await payByCard(deps, keys, ctx, order, card, { repeat: true })
      : { order, action: null };
  return answerOf(deps.db, keys, settled);
}

/** The answer of an order this request has just written, from what it wrote. */
function newOrderAnswer(keys: LinkKeys, { order, lines, timezone }: WrittenOrder): PlacedOrder {
  return {
    order: orderAnswerOf(order, timezone, lines, [{ status: order.status, at: order.createdAt }]),
    guestAccessToken: order.placedAsGuest ? guestOrderToken(keys, order) : null,
    paymentAction: null,
  };
}

/** The answer of an order as it stands, with what the shopper must still do to pay it. */
export async function answerOf(
  db: Database,
  keys: LinkKeys,
  { order, action }: CardOutcome,
): Promise<PlacedOrder> {
  return {
    order: await orderAnswer(db, order),
    guestAccessToken: order.placedAsGuest ? guestOrderToken(keys, order) : null,
    paymentAction: action,
  };
}

/** Refuses a create whose cart is not what the shopper saw: the new calculation comes with the error. */
function assertCartAsSeen(calculation: Calculation, request: CheckoutRequest): void {
  const data = { calculation };
  const problems = calculation.lines.flatMap((line) => line.problems);
  if (problems.some((problem) => problem.kind !== "price_changed"))
    throw new ApiError("OUT_OF_STOCK", undefined, undefined, data);
  if (problems.length > 0) throw new ApiError("CART_CHANGED", undefined, undefined, data);
  if (request.verified_response !== null && request.verified_response !== calculation.verified_response)
    throw new ApiError("CART_CHANGED", undefined, undefined, data);
}

/**
 * How the order will be paid. Pricing has refused an order with something to pay and no way to pay
 * it, and cash for a download or a parcel; what is left is whether the card can be taken.
 */
function paymentPlan(
  deps: OrderFlowDeps,
  store: StoreRow,
  calculation: Calculation,
  card: CardChoice | null,
): Pick<OrderRow, "status" | "paymentStatus" | "paymentGateway"> {
  if (calculation.totals.payable_amount === 0)
    return { status: "placed", paymentStatus: "none", paymentGateway: null };
  if (!card) return { status: "placed", paymentStatus: "cash_due", paymentGateway: "cash" };
  if (!deps.payments(store, card.gateway))
    throw new ApiError("INVALID_INPUT", { payment_gateway: FIELD_ERROR_KEYS.invalid });
  return { status: "pending_payment", paymentStatus: "none", paymentGateway: card.gateway };
}

/** The calculation with the lines that could not be reserved marked short, as calculate would mark them now. */
function withShortfalls(calculation: Calculation, short: StockShortfall[]): Calculation {
  const find = (productId: number, variationId: number | null) =>
    short.find((s) => s.productId === productId && s.variationId === variationId);
  return {
    ...calculation,
    hasProblems: true,
    lines: calculation.lines.map((line) => {
      const shortfall = find(line.productId, line.variationId);
      return shortfall
        ? {
            ...line,
            stock: shortfall.available,
            problems: [...line.problems, { kind: "short_stock" as const, available: shortfall.available }],
          }
        : line;
    }),
  };
}

/** An order just written, its lines, and the shop's time zone it is said in (read with its pricing). */
type WrittenOrder = { order: OrderRow; lines: OrderLineRow[]; timezone: string };

/**
 * A create, its cart priced from the database: refuse what changed, then, in one transaction,
 * write the order with its frozen lines, timeline and confirmation (one statement) and take stock,
 * the coupon use, the wallet credit and the delivery window, each in one conditional statement
 * (docs/decisions/020-order-create-path.md). Pricing is read before the transaction: every figure
 * it relies on that others can change is taken again by a conditional statement here, so a
 * change in between refuses the order instead of overselling, and rows stay locked only from the
 * first take to the commit. The same call refuses a cash or card order to a shopper who already has
 * as many open unpaid orders as the store allows (TOO_MANY_UNPAID_ORDERS, decision 033), and a cash
 * order that holds more than the store lets one order or one shopper's cash orders hold
 * (UNPAID_ORDER_TOO_LARGE, UNPAID_HOLDS_TOO_LARGE, decision 040). A cash or free order is placed
 * here; a card order waits for its card.
 */
async function writeOrder(
  deps: OrderFlowDeps,
  keys: LinkKeys,
  ctx: RequestContext,
  customer: CustomerRow,
  request: CheckoutRequest,
  priced: PricedCheckout,
  card: CardChoice | null,
  digest: string,
  idempotencyKey: string,
): Promise<WrittenOrder> {
  const { store, locale } = ctx;
  const { calculation } = priced;
  // An order for as soon as possible while the shop is closed: the message says when it opens.
  if (priced.shopClosed) {
    const { opensAt, timezone } = priced.shopClosed;
    throw new ApiError(
      "SHOP_CLOSED",
      priced.fieldErrors,
      undefined,
      { calculation },
      {
        opens: openingText(opensAt, locale, timezone),
      },
    );
  }
  if (Object.keys(priced.fieldErrors).length > 0)
    throw new ApiError("INVALID_INPUT", priced.fieldErrors, undefined, { calculation });
  assertCartAsSeen(calculation, request);
  const plan = paymentPlan(deps, store, calculation, card);
  const { id, orderNumber } = await deps.identities.next(store.id);

  const lines: NewOrderLine[] = calculation.lines.map((line, i) => ({
    productId: line.productId,
    variationId: line.variationId,
    addOns: line.addOns,
    name: line.name,
    sku: line.sku,
    options: line.options,
    image: line.image,
    isDigital: line.isDigital,
    isGiftCard: line.isGiftCard,
    giftRecipient: line.isGiftCard ? (request.products[i]?.giftRecipient ?? null) : null,
    digitalFile: line.isDigital ? (priced.digitalFiles.get(line.productId) ?? null) : null,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.lineTotal,
    tax: line.tax,
  }));
  const { totals } = calculation;
  // A typed card is known by brand and last digits now; a provider's card once it is authorized.
  const paidByCard = plan.paymentGateway === card?.gateway ? card?.card : null;
  const values: NewOrderValues = {
    storeId: store.id,
    id,
    orderNumber,
    customerId: customer.id,
    ...plan,
    fulfilmentStatus: "unfulfilled",
    deliveryType: request.delivery_type,
    // The window booked, or the time the shop prepares the order for: the order says either alike.
    deliveryWindowStart: (priced.deliveryWindow ?? priced.orderTime)?.start ?? null,
    deliveryWindowEnd: (priced.deliveryWindow ?? priced.orderTime)?.end ?? null,
    deliveryPostId: request.delivery_type === "post" ? request.delivery_post : null,
    // The point priced, which is the shop's only one when the shopper had none to choose.
    pickupOptionId: priced.pickupPoint?.id ?? null,
    deliveryOptionName: priced.deliveryOptionName,
    pickupAddress: priced.pickupPoint?.address ?? null,
    shippingAddress:
      request.delivery_type === "delivery" || request.delivery_type === "post"
        ? request.shipping_address
        : null,
    billingAddress: request.billing_address,
    currency: calculation.currency,
    totalAmount: totals.totalAmount,
    tax: totals.tax,
    taxIncluded: totals.taxIncluded,
    shippingCharge: totals.shipping_charge,
    discount: totals.discount,
    tip: totals.tip,
    wallet: totals.wallet,
    giftCard: priced.giftCard?.amount ?? 0,
    giftCardLineId: priced.giftCard?.card.orderLineId ?? null,
    giftCardUnit: priced.giftCard?.card.unit ?? null,
    payableAmount: totals.payable_amount,
    couponId: priced.couponId,
    couponCode: calculation.coupon?.code ?? null,
    couponAmount: calculation.coupon?.amount ?? null,
    cardBrand: paidByCard ? cardSummary(paidByCard.number).brand : null,
    cardLast4: paidByCard ? cardSummary(paidByCard.number).last4 : null,
    customerName: request.customer_name,
    customerContact: request.customer_contact,
    note: request.note,
    outStockPreference: request.outStockPreference,
    locale,
    idempotencyKey,
    requestDigest: digest,
    placedAsGuest: customer.kind === "guest",
  };
  // A placed order's confirmation is written with it, unless it carries download links, which
  // name the lines by the ids the database gives them: that one is queued once they are known.
  const placed = plan.status === "placed";
  const withDownloads = placed && hasDownloadsNow(values, lines);
  const message = placed && !withDownloads ? confirmationOf(keys, ctx, customer, values, []) : null;

  const stockLines = lines.map((line) => ({
    productId: line.productId,
    variationId: line.variationId,
    quantity: line.quantity,
  }));
  const capacity = priced.deliverySettings.capacity;
  const holds: OrderHolds = {
    ...stockTakesOf(stockLines),
    couponId: priced.couponId,
    wallet: totals.wallet,
    window: priced.deliveryWindow ? { ...priced.deliveryWindow, capacity } : null,
  };
  const actor = { kind: "shopper", id: customer.id } as const;
  const spending = priced.giftCard;
  const referral = priced.referral;
  // The gift card is taken in the order's transaction, after the order is written (a repeat writes
  // nothing and takes nothing): one conditional statement, so racing orders never overspend it.
  // A referral is recorded there too, its month's caps taken by one conditional upsert: a cap
  // reached or a friend already rewarded rolls the whole order back (decision 067).
  const outcome =
    withDownloads || spending || referral
      ? await deps.db
          .transaction(async (tx) => {
            const placed = await placeNewOrder(tx, values, lines, actor, message ? [message] : [], holds);
            if (!placed || !("order" in placed)) return placed;
            if (spending && !(await spendGiftCard(tx, store.id, spending.card, spending.amount, values.id)))
              throw new GiftCardShort();
            if (referral)
              await recordReferral(tx, {
                storeId: store.id,
                orderId: values.id,
                friendCustomerId: customer.id,
                referral: referral.applied,
                goodsAmount: referral.goodsAmount,
                timezone: priced.deliverySettings.timezone,
                ip: ctx.caller.ip,
              });
            if (!withDownloads) return placed;
            const order = deliveredByPayment(placed.order, placed.lines)
              ? await moveOrder(tx, placed.order, DELIVER_DOWNLOADS, SYSTEM)
              : placed.order;
            await queueConfirmation(tx, keys, ctx, customer, order, placed.lines);
            return { ...placed, order };
          })
          .catch((error: unknown) => {
            if (error instanceof GiftCardShort) return { refused: "gift_card_short" as const };
            if (error instanceof ReferralRefused)
              throw new ApiError(
                "INVALID_INPUT",
                { refer_code: REFERRAL_ERROR_KEYS[error.refusal] },
                undefined,
                { calculation },
              );
            throw error;
          })
      : await placeNewOrder(deps.db, values, lines, actor, message ? [message] : [], holds);
  if (!outcome) throw new KeyTaken();
  if ("order" in outcome) return { ...outcome, timezone: priced.deliverySettings.timezone };
  switch (outcome.refused) {
    case "out_of_stock": {
      const short = await stockShortfalls(
        deps.db,
        store.id,
        stockLines,
        outcome.products,
        outcome.variations,
      );
      throw new ApiError("OUT_OF_STOCK", undefined, undefined, {
        calculation: withShortfalls(calculation, short),
      });
    }
    case "coupon_refused":
      throw new ApiError("INVALID_COUPON", { coupon: "error-invalid-coupon" }, undefined, { calculation });
    case "wallet_short":
    case "gift_card_short":
      throw new ApiError("CART_CHANGED", undefined, undefined, { calculation });
    case "window_full":
      throw new ApiError("DELIVERY_WINDOW_FULL", { delivery_time: "error-delivery-window-full" }, undefined, {
        calculation,
      });
    case "unpaid_order_limit":
      throw new ApiError("TOO_MANY_UNPAID_ORDERS");
    case "unpaid_order_too_large":
    case "unpaid_holds_too_large":
      throw new ApiError(
        outcome.refused === "unpaid_order_too_large" ? "UNPAID_ORDER_TOO_LARGE" : "UNPAID_HOLDS_TOO_LARGE",
        undefined,
        undefined,
        { limits: outcome.limits },
        {
          units: new Intl.NumberFormat(locale).format(outcome.limits.units),
          value: formatMoney(outcome.limits.value, store.currency, locale),
        },
      );
  }
}

/**
 * Asks the provider to authorize a `pending_payment` order's card, then settles the order on the
 * answer (settle-payment.ts): placed, released and `payment_failed`, or left waiting for the
 * shopper's bank (3-D Secure) with what the storefront needs to finish. Two submits of one key may
 * both get here: the provider answers both alike, and the locked order is moved only by the first.
 */
async function payByCard(
  deps: OrderFlowDeps,
  keys: LinkKeys,
  ctx: RequestContext,
  order: OrderRow,
  card: CardChoice | null,
  { repeat = false, known }: { repeat?: boolean; known?: KnownOfOrder } = {},
): Promise<CardOutcome> {
  const { store } = ctx;
  const provider = providerOfOrder(deps.payments, store, order);
  const authorized: AuthorizeResult | PaymentDeclined = provider
    ? await askProvider(() =>
        provider.authorize({
          storeId: store.id,
          orderId: order.id,
          amount: order.payableAmount,
          currency: order.currency,
          card: card?.card ?? undefined,
          paymentMethod: card?.paymentMethod ?? undefined,
          idempotencyKey: paymentKey(order, "authorize"),
        }),
      )
    : { outcome: "declined", reason: "provider_error", paymentRef: null };
  const unanswered = authorized.outcome === "declined" && authorized.reason === "provider_error";
  // A repeat that gets no answer may be racing the first submit, still waiting for the provider
  // (Bambora's ledger answers "unknown" while a step is on its way): that submit settles the order.
  if (repeat && unanswered) return { order: await settledByOthers(deps, order), action: null };
  // No answer is not a no: the request may have reached the provider and the money be held there.
  // The order keeps what it holds and waits; the shopper is told the payment could not be made, and
  // the sweeper asks the provider later and gives back whatever it finds (reconcile-payments.ts).
  if (provider && unanswered) {
    const now = await recordUnanswered(deps, provider, order, authorized);
    if (now.status === "pending_payment") throw new ApiError("PAYMENT_UNAVAILABLE");
    if (now.status === "payment_failed")
      throw new ApiError(DECLINE_ERRORS[await declineReasonOf(deps.db, now)]);
    return { order: now, action: null };
  }
  // The usual case, the create's own approval for an order nobody else has touched, in one statement.
  if (provider && known) {
    const atOnce = await settleApprovedAtOnce({ deps, keys, shop: ctx }, provider, order, authorized, known);
    if (atOnce) return atOnce;
  }
  const settled = await settleCardPayment({ deps, keys, shop: ctx }, provider, order, authorized, {
    shopperWaiting: true,
    known,
  });
  if (settled.order.status === "payment_failed") {
    const reason =
      authorized.outcome === "declined" ? authorized.reason : await declineReasonOf(deps.db, settled.order);
    throw new ApiError(DECLINE_ERRORS[reason]);
  }
  return settled;
}

/** How long a repeated submit waits for the first one to settle the order before it answers. */
const REPEAT_WAIT_MS = 15_000;

/**
 * The order once another submit of its key has settled it. Still waiting after a while, it is
 * PAYMENT_UNAVAILABLE and left as it is: the shopper may ask again, and the sweeper settles it.
 */
async function settledByOthers(deps: OrderFlowDeps, order: OrderRow): Promise<OrderRow> {
  const until = Date.now() + REPEAT_WAIT_MS;
  for (let pause = 20; Date.now() < until; pause = Math.min(pause * 2, 500)) {
    const now = await storeOrder(deps.db, order.storeId, order.id);
    if (now.status !== "pending_payment") return now;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  throw new ApiError("PAYMENT_UNAVAILABLE");
}
