import { randomUUID } from "node:crypto";
import {
  type Calculation,
  type CheckoutRequest,
  type CreditCard,
  cardSummary,
  creditCardSchema,
  FIELD_ERROR_KEYS,
  formatMoney,
  type PlacedOrder,
  TEST_CARD_GATEWAY,
} from "@stoa/contract";
import { sha256 } from "../auth/crypto.ts";
import type { Account } from "../auth/sessions.ts";
import type { CustomerRow } from "../customers/tables.ts";
import { type StockShortfall, stockShortfalls, stockTakesOf } from "../inventory/service.ts";
import { outboxMessage } from "../notifications/outbox.ts";
import { outbox } from "../notifications/tables.ts";
import { downloadLink } from "../orders/downloads.ts";
import type { OrderIdentities } from "../orders/identities.ts";
import { guestOrderToken, type LinkKeys } from "../orders/links.ts";
import {
  type NewOrderValues,
  type OrderHolds,
  type OrderMessage,
  placeNewOrder,
} from "../orders/new-order.ts";
import {
  hasPlacedOrders,
  lockOrder,
  moveOrder,
  type NewOrderLine,
  orderAnswer,
  orderAnswerOf,
  orderByIdempotencyKey,
  orderLinesOf,
} from "../orders/service.ts";
import type { OrderLineRow, OrderRow } from "../orders/tables.ts";
import type { AuthorizeResult, PaymentDeclined, PaymentStepResult } from "../payments/provider.ts";
import { recordPaymentEvent } from "../payments/service.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError, type FieldErrors } from "../platform/http/errors.ts";
import type { CheckoutSettingsSource } from "../pricing/checkout-settings.ts";
import { priceCheckout } from "../pricing/service.ts";
import type { StoreRow } from "../stores/tables.ts";
import { releaseHolds } from "./holds.ts";
import {
  askProvider,
  DECLINE_ERRORS,
  declineReasonOf,
  type PaymentProviders,
  paymentEventOf,
  paymentKey,
} from "./payments.ts";

/**
 * What the order flows need besides the request: the database, the link keys, the card providers,
 * where new orders get their ids and numbers, and the stores' checkout settings.
 */
export type OrderFlowDeps = {
  db: Database;
  keys: () => Promise<LinkKeys>;
  payments: PaymentProviders;
  identities: OrderIdentities;
  settings?: CheckoutSettingsSource;
};

const SYSTEM = { kind: "system", id: null } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Another submit with the same Idempotency-Key wrote its order first: this attempt rolls back and
 * answers that order.
 */
class KeyTaken extends Error {}

/**
 * The digest that tells a repeat of a create from another create under the same key: every choice
 * of the request, the card by brand and last four digits only (the number is never kept, not even
 * hashed), and not the `verified_response`, which is the server's own proof and not a choice.
 */
function requestDigest(request: CheckoutRequest, card: CreditCard | null): string {
  const { credit_card: _card, verified_response: _proof, ...choices } = request;
  return sha256(JSON.stringify({ ...choices, card: card ? cardSummary(card.number) : null }));
}

/** The test card of a card checkout, or the field errors of the card form. */
function cardOf(request: CheckoutRequest): CreditCard | null {
  if (request.payment_gateway !== TEST_CARD_GATEWAY) return null;
  const parsed = creditCardSchema.safeParse(request.credit_card ?? {});
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = ["credit_card", ...issue.path.map(String)].join(".");
    errors[field] ??= issue.message;
  }
  throw new ApiError("INVALID_INPUT", errors);
}

/**
 * Places an order (`storeOrder/create`, decision 018). A create repeated with the same
 * Idempotency-Key by the same shopper answers the same order, however many times and however
 * concurrently it comes; the same key with another request is IDEMPOTENCY_KEY_REUSED.
 *
 * Cash and free orders are placed in one transaction. A card order is written as
 * `pending_payment` with everything it needs held (stock, coupon use, wallet credit, delivery
 * window) and committed; then the card is authorized, outside any transaction, with a key derived
 * from the order's Idempotency-Key; then one more transaction places the order, or releases
 * everything and marks it `payment_failed` when the card is refused.
 */
export async function placeOrder(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  account: Account,
  request: CheckoutRequest,
): Promise<PlacedOrder> {
  const { store } = ctx;
  const { customer } = account;
  if (customer.kind === "guest" && !store.guestCheckout) throw new ApiError("GUEST_CHECKOUT_CLOSED");
  const card = cardOf(request);
  const digest = requestDigest(request, card);
  const keys = await deps.keys();
  const sentKey = ctx.idempotencyKey;
  try {
    // A repeat is found by the order it wrote first: the new order's insert meets the key and
    // writes nothing, and the catch below answers that order. A first submit pays no lookup.
    const placed = await writeOrder(
      deps,
      keys,
      ctx,
      customer,
      request,
      card,
      digest,
      sentKey ?? `auto-${randomUUID()}`,
    );
    if (placed.order.status !== "pending_payment") return newOrderAnswer(keys, placed);
    return answerOf(deps.db, keys, await payByCard(deps, keys, ctx, customer, placed.order, card));
  } catch (error) {
    // The submit that held this key first may be why this one failed (it took the last unit, the
    // coupon's last use, the key itself): when its order exists, that order is the answer.
    if (!sentKey || !(error instanceof KeyTaken || error instanceof ApiError)) throw error;
    const winner = await orderByIdempotencyKey(deps.db, store.id, customer.id, sentKey);
    if (!winner) {
      if (error instanceof KeyTaken) throw new Error("an order held the idempotency key and vanished");
      throw error;
    }
    return answerRepeat(deps, keys, ctx, customer, winner, digest, card);
  }
}

/** The answer to a repeated create: the order the key already made, as it stands now. */
async function answerRepeat(
  deps: OrderFlowDeps,
  keys: LinkKeys,
  ctx: RequestContext,
  customer: CustomerRow,
  order: OrderRow,
  digest: string,
  card: CreditCard | null,
): Promise<PlacedOrder> {
  if (order.requestDigest !== digest) throw new ApiError("IDEMPOTENCY_KEY_REUSED");
  if (order.status === "payment_failed")
    throw new ApiError(DECLINE_ERRORS[await declineReasonOf(deps.db, order)]);
  // The first submit is still waiting for the card, or stopped before it heard back: asking the
  // provider again with the same key gets the same answer, and only one of them moves the order.
  const settled =
    order.status === "pending_payment" ? await payByCard(deps, keys, ctx, customer, order, card) : order;
  return answerOf(deps.db, keys, settled);
}

/** The answer of an order this request has just written, from what it wrote. */
function newOrderAnswer(keys: LinkKeys, { order, lines, timezone }: WrittenOrder): PlacedOrder {
  return {
    order: orderAnswerOf(order, timezone, lines, [{ status: order.status, at: order.createdAt }]),
    guestAccessToken: order.placedAsGuest ? guestOrderToken(keys, order) : null,
  };
}

async function answerOf(db: Database, keys: LinkKeys, order: OrderRow): Promise<PlacedOrder> {
  return {
    order: await orderAnswer(db, order),
    guestAccessToken: order.placedAsGuest ? guestOrderToken(keys, order) : null,
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
  card: CreditCard | null,
): Pick<OrderRow, "status" | "paymentStatus" | "paymentGateway"> {
  if (calculation.totals.payable_amount === 0)
    return { status: "placed", paymentStatus: "none", paymentGateway: null };
  if (!card) return { status: "placed", paymentStatus: "cash_due", paymentGateway: "cash" };
  if (!deps.payments(store, TEST_CARD_GATEWAY))
    throw new ApiError("INVALID_INPUT", { payment_gateway: FIELD_ERROR_KEYS.invalid });
  return { status: "pending_payment", paymentStatus: "none", paymentGateway: TEST_CARD_GATEWAY };
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
 * A create: price the cart from the database and refuse what changed, then, in one transaction,
 * write the order with its frozen lines, timeline and confirmation (one statement) and take stock,
 * the coupon use, the wallet credit and the delivery window, each in one conditional statement
 * (docs/decisions/020-order-create-path.md). Pricing is read before the transaction: every figure
 * it relies on that others can change is taken again by a conditional statement here, so a
 * change in between refuses the order instead of overselling, and rows stay locked only from the
 * first take to the commit. A cash or free order is placed here; a card order waits for its card.
 */
async function writeOrder(
  deps: OrderFlowDeps,
  keys: LinkKeys,
  ctx: RequestContext,
  customer: CustomerRow,
  request: CheckoutRequest,
  card: CreditCard | null,
  digest: string,
  idempotencyKey: string,
): Promise<WrittenOrder> {
  const { store, locale } = ctx;
  const priced = await priceCheckout(
    deps.db,
    store,
    { id: customer.id, kind: customer.kind },
    request,
    locale,
    {
      hasOrdered: hasPlacedOrders,
      settings: deps.settings,
    },
  );
  const { calculation } = priced;
  if (Object.keys(priced.fieldErrors).length > 0)
    throw new ApiError("INVALID_INPUT", priced.fieldErrors, undefined, { calculation });
  assertCartAsSeen(calculation, request);
  const plan = paymentPlan(deps, store, calculation, card);
  const { id, orderNumber } = await deps.identities.next(store.id);

  const lines: NewOrderLine[] = calculation.lines.map((line) => ({
    productId: line.productId,
    variationId: line.variationId,
    addOns: line.addOns,
    name: line.name,
    sku: line.sku,
    options: line.options,
    image: line.image,
    isDigital: line.isDigital,
    digitalFile: line.isDigital ? (priced.digitalFiles.get(line.productId) ?? null) : null,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.lineTotal,
    tax: line.tax,
  }));
  const { totals } = calculation;
  const paidByCard = plan.paymentGateway === TEST_CARD_GATEWAY ? card : null;
  const values: NewOrderValues = {
    storeId: store.id,
    id,
    orderNumber,
    customerId: customer.id,
    ...plan,
    fulfilmentStatus: "unfulfilled",
    deliveryType: request.delivery_type,
    deliveryWindowStart: priced.deliveryWindow?.start ?? null,
    deliveryWindowEnd: priced.deliveryWindow?.end ?? null,
    deliveryPostId: request.delivery_type === "post" ? request.delivery_post : null,
    pickupOptionId: request.delivery_type === "pickup" ? request.pickupOption : null,
    deliveryOptionName: priced.deliveryOptionName,
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
  const outcome = withDownloads
    ? await deps.db.transaction(async (tx) => {
        const placed = await placeNewOrder(tx, values, lines, actor, [], holds);
        if (placed && "order" in placed)
          await queueConfirmation(tx, keys, ctx, customer, placed.order, placed.lines);
        return placed;
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
      throw new ApiError("CART_CHANGED", undefined, undefined, { calculation });
    case "window_full":
      throw new ApiError("DELIVERY_WINDOW_FULL", { delivery_time: "error-delivery-window-full" }, undefined, {
        calculation,
      });
  }
}

/**
 * Asks the provider to authorize a `pending_payment` order's card (and, for an order with digital
 * goods, delivered the moment it is paid, to capture it at once), then settles the order in one
 * transaction: placed, or everything released and `payment_failed`. Two submits of one key may
 * both get here: the provider answers both alike, both answers go to the payment log once, and
 * the order, locked, is moved only by the first.
 */
async function payByCard(
  deps: OrderFlowDeps,
  keys: LinkKeys,
  ctx: RequestContext,
  customer: CustomerRow,
  order: OrderRow,
  card: CreditCard | null,
): Promise<OrderRow> {
  const { store } = ctx;
  const provider = deps.payments(store, order.paymentGateway ?? TEST_CARD_GATEWAY);
  const authorizeKey = paymentKey(order, "authorize");
  const authorized: AuthorizeResult | PaymentDeclined = provider
    ? await askProvider(() =>
        provider.authorize({
          storeId: store.id,
          orderId: order.id,
          amount: order.payableAmount,
          currency: order.currency,
          card: card ?? undefined,
          idempotencyKey: authorizeKey,
        }),
      )
    : { outcome: "declined", reason: "provider_error", paymentRef: null };
  const lines = await orderLinesOf(deps.db, store.id, order.id);
  const captureKey = paymentKey(order, "capture");
  let captured: PaymentStepResult | null = null;
  if (provider && authorized.outcome === "approved" && lines.some((line) => line.isDigital))
    captured = await askProvider(() =>
      provider.capture({ storeId: store.id, paymentRef: authorized.paymentRef, idempotencyKey: captureKey }),
    );

  const settled = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, store.id, order.id);
    if (!locked) throw new Error(`order ${order.id} vanished before its payment settled`);
    const providerName = provider?.name ?? order.paymentGateway ?? TEST_CARD_GATEWAY;
    const step = {
      storeId: store.id,
      orderId: order.id,
      provider: providerName,
      amount: order.payableAmount,
      currency: order.currency,
    };
    await recordPaymentEvent(tx, paymentEventOf({ ...step, kind: "authorize" }, authorizeKey, authorized));
    if (captured)
      await recordPaymentEvent(tx, paymentEventOf({ ...step, kind: "capture" }, captureKey, captured));
    if (locked.status !== "pending_payment") return locked;
    if (authorized.outcome !== "approved") {
      await releaseHolds(tx, locked, lines, "payment_failed");
      return moveOrder(tx, locked, { order: "failPayment", payment: "fail" }, SYSTEM);
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
    await queueConfirmation(tx, keys, ctx, customer, placed, lines);
    return placed;
  });
  if (settled.status === "payment_failed") {
    const reason =
      authorized.outcome === "declined" ? authorized.reason : await declineReasonOf(deps.db, settled);
    throw new ApiError(DECLINE_ERRORS[reason]);
  }
  return settled;
}

/** Where the confirmation goes: the contact typed at checkout when it is an email, else the account's. */
function confirmationRecipient(
  order: Pick<OrderRow, "customerContact">,
  customer: CustomerRow,
): { channel: "email" | "sms"; to: string } | null {
  const contact = order.customerContact.trim();
  if (EMAIL.test(contact)) return { channel: "email", to: contact.toLowerCase() };
  if (customer.email) return { channel: "email", to: customer.email };
  if (customer.phone && customer.countryCode)
    return { channel: "sms", to: `+${customer.countryCode}${customer.phone}` };
  return null;
}

/** Whether an order is paid the moment it is placed and so sends its download links at once. */
function paidNow(order: Pick<OrderRow, "paymentStatus" | "payableAmount">): boolean {
  return order.paymentStatus === "captured" || (order.paymentStatus === "none" && order.payableAmount === 0);
}

function hasDownloadsNow(
  order: Pick<OrderRow, "paymentStatus" | "payableAmount">,
  lines: NewOrderLine[],
): boolean {
  return paidNow(order) && lines.some((line) => line.isDigital && line.digitalFile);
}

/**
 * The confirmation of a placed order, in the shopper's language: the order's page (for a guest,
 * with the token that opens it without a session) and, once paid, signed links to the digital
 * goods. Null when the shopper left no way to reach them.
 */
function confirmationOf(
  keys: LinkKeys,
  ctx: RequestContext,
  customer: CustomerRow,
  order: Pick<
    OrderRow,
    | "storeId"
    | "id"
    | "customerId"
    | "orderNumber"
    | "placedAsGuest"
    | "customerContact"
    | "paymentStatus"
    | "payableAmount"
    | "currency"
    | "locale"
  >,
  lines: OrderLineRow[],
): OrderMessage | null {
  const recipient = confirmationRecipient(order, customer);
  if (!recipient) return null;
  const origin = ctx.storefrontOrigin;
  const link = order.placedAsGuest
    ? `${origin}/orders/${order.id}?${new URLSearchParams({ token: guestOrderToken(keys, order) })}`
    : `${origin}/orders/${order.id}`;
  const now = new Date();
  const downloads = paidNow(order)
    ? lines
        .filter((line) => line.isDigital && line.digitalFile)
        .map((line) => ({
          name: line.name,
          link: downloadLink(
            keys,
            origin,
            { storeId: order.storeId, customerId: order.customerId, orderLineId: line.id },
            now,
          ).url,
        }))
    : [];
  return outboxMessage(
    ctx.store,
    recipient.channel,
    recipient.to,
    {
      kind: "orderPlaced",
      orderNumber: order.orderNumber,
      total: formatMoney(order.payableAmount, order.currency, order.locale),
      link,
      downloads,
    },
    order.locale,
  );
}

/** Queues the confirmation in the transaction that placed the order (see `confirmationOf`). */
async function queueConfirmation(
  tx: Database,
  keys: LinkKeys,
  ctx: RequestContext,
  customer: CustomerRow,
  order: OrderRow,
  lines: OrderLineRow[],
): Promise<void> {
  const message = confirmationOf(keys, ctx, customer, order, lines);
  if (message) await tx.insert(outbox).values({ storeId: order.storeId, ...message });
}
