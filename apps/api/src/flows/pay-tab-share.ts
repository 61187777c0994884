import { randomUUID } from "node:crypto";
import {
  CHECKOUT_ERROR_KEYS,
  cardSummary,
  evenPart,
  FIELD_ERROR_KEYS,
  formatMoney,
  maxTip,
  type PaymentDeclineReason,
  type Tab,
  type TabCheckout,
  type TabCheckoutBody,
  type TabShare,
  type TipOptionChoice,
  tipAmount,
} from "@stoa/contract";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { sha256 } from "../auth/crypto.ts";
import { customerById, isUniqueViolation } from "../customers/service.ts";
import type { Diner } from "../dine-in/passes.ts";
import { lockTab, readTab } from "../dine-in/tab-view.ts";
import { type TableTabRow, type TabShareRow, tabLines, tableTabs, tabShares } from "../dine-in/tables.ts";
import { enqueueComposed, outboxMessage } from "../notifications/outbox.ts";
import type { TableReceiptMessage } from "../notifications/table-messages.ts";
import { SYSTEM, storeOrder } from "../orders/service.ts";
import { discountTableBill, settleTableBill } from "../orders/table-orders.ts";
import type { OrderRow } from "../orders/tables.ts";
import type { AuthorizeResult, PaymentDeclined, PaymentStepResult } from "../payments/provider.ts";
import { paymentEventsOfOrder, recordPaymentEvent } from "../payments/service.ts";
import type { Tx } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { checkCoupon, redeemCoupon, returnCoupon } from "../promotions/service.ts";
import { type CardChoice, cardChoiceOf } from "./card-choice.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { askProvider, DECLINE_ERRORS, newCardGatewayOf, paymentEventOf } from "./payments.ts";

/*
 * `cateringOrderCheckout` (decision 065 "The bill"): one diner pays one share of an asked-for bill
 * from their own phone. The share is written `paying` under the tab's lock before the card is
 * asked, so a second phone wanting the same even part or the same dishes meets it (SHARE_TAKEN),
 * and no share is ever more than what no other share holds. The card is asked outside any
 * transaction, with keys derived from the request's Idempotency-Key, then the tab's lock is taken
 * again to mark the share `paid` (closing the tab at a zero balance) or `failed` (freeing it).
 */

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The provider's keys of one share's payment steps: unique per tab, the same for a retried request. */
const shareKey = (tabId: number, key: string, step: "authorize" | "capture" | "void") =>
  `tab-${tabId}:${key}:${step}`;

/** Every choice of the request, a typed card by brand and last four digits only (never its number). */
function requestDigest(body: TabCheckoutBody): string {
  const { credit_card: card, ...choices } = body;
  return sha256(JSON.stringify({ ...choices, card: card ? cardSummary(card.number) : null }));
}

/** The tip a share's choice comes to, refused above the most its goods take. */
function tipOf(option: TipOptionChoice | null, goods: number): number {
  const tip = option ? tipAmount(option, goods) : 0;
  if (tip > maxTip(goods))
    throw new ApiError("INVALID_INPUT", { tip_option: CHECKOUT_ERROR_KEYS.tipTooLarge });
  return tip;
}

/** The shares that hold part of the bill: paid, or being paid on a phone now. */
async function liveShares(tx: Tx, tab: TableTabRow): Promise<TabShareRow[]> {
  return tx
    .select()
    .from(tabShares)
    .where(
      and(eq(tabShares.storeId, tab.storeId), eq(tabShares.tabId, tab.id), ne(tabShares.status, "failed")),
    );
}

async function tabGoods(tx: Tx, tab: TableTabRow): Promise<number> {
  const [row] = await tx
    .select({ goods: sql<number>`coalesce(sum(${tabLines.lineTotal}), 0)::int` })
    .from(tabLines)
    .where(and(eq(tabLines.storeId, tab.storeId), eq(tabLines.tabId, tab.id), isNull(tabLines.voidedAt)));
  return row?.goods ?? 0;
}

/**
 * A coupon typed with a share: it takes its discount off the whole bill, once, and only while no
 * share is paid or being paid (TAB_COUPON_TOO_LATE). The promotions module checks and counts it as
 * it does a checkout's; another code replaces the one applied before, whose use is given back.
 */
async function applyCoupon(
  tx: Tx,
  ctx: RequestContext,
  tab: TableTabRow,
  order: OrderRow,
  code: string,
  shares: TabShareRow[],
): Promise<TableTabRow> {
  if (tab.couponCode !== null && tab.couponCode.toLowerCase() === code.toLowerCase()) return tab;
  if (shares.length > 0) throw new ApiError("TAB_COUPON_TOO_LATE");
  const customer = await customerById(tx, tab.storeId, order.customerId);
  if (!customer) throw new Error(`the bill order ${order.id} has no customer`);
  const goods = await tabGoods(tx, tab);
  const verdict = await checkCoupon(tx, tab.storeId, code, customer, goods, undefined, new Date(), {
    ip: ctx.caller.ip,
  });
  if ("error" in verdict) {
    if (verdict.retryAfter !== undefined)
      throw new ApiError("TOO_MANY_REQUESTS", { coupon: verdict.error }, verdict.retryAfter);
    throw new ApiError("INVALID_COUPON", { coupon: verdict.error });
  }
  if (tab.couponId !== null) await returnCoupon(tx, tab.storeId, order.id);
  if (!(await redeemCoupon(tx, tab.storeId, verdict.coupon.id, customer.id, order.id)))
    throw new ApiError("INVALID_COUPON", { coupon: CHECKOUT_ERROR_KEYS.couponUsedUp });
  const [changed] = await tx
    .update(tableTabs)
    .set({
      couponId: verdict.coupon.id,
      couponCode: verdict.coupon.code,
      discount: verdict.discount,
      version: sql`${tableTabs.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tableTabs.storeId, tab.storeId), eq(tableTabs.id, tab.id)))
    .returning();
  await discountTableBill(tx, order, {
    id: verdict.coupon.id,
    code: verdict.coupon.code,
    discount: verdict.discount,
  });
  if (!changed) throw new Error(`tab ${tab.id} vanished while locked`);
  return changed;
}

/** What a new share would take, decided under the tab's lock from the shares that hold the bill. */
type ShareTaken = { goods: number; lineIds: number[] };

/**
 * The goods of the share asked for. Even and by-item shares do not mix on one bill (SPLIT_CONFLICT):
 * even parts are of the whole bill, and dishes paid one by one would leave parts no one can name.
 * A `whole` share pays whatever is left, after either. No share takes more than what no other
 * share holds (SHARE_TAKEN): the bill is never paid twice.
 */
async function shareGoods(
  tx: Tx,
  tab: TableTabRow,
  body: TabCheckoutBody,
  shares: TabShareRow[],
  total: number,
  goods: number,
): Promise<ShareTaken> {
  const left = total - sum(shares.map((share) => share.goods));
  if (left <= 0) throw new ApiError("SHARE_TAKEN");
  const { share } = body;
  switch (share.kind) {
    case "whole":
      return { goods: left, lineIds: [] };
    case "even": {
      if (shares.some((s) => s.kind === "items")) throw new ApiError("SPLIT_CONFLICT");
      if (tab.evenParts !== null && tab.evenParts !== share.parts) throw new ApiError("SPLIT_CONFLICT");
      if (share.part > share.parts)
        throw new ApiError("INVALID_INPUT", { "share.part": FIELD_ERROR_KEYS.tooLarge });
      if (shares.some((s) => s.kind === "even" && s.part === share.part)) throw new ApiError("SHARE_TAKEN");
      const part = evenPart(total, share.parts, share.part);
      if (part > left) throw new ApiError("SHARE_TAKEN");
      return { goods: part, lineIds: [] };
    }
    case "items": {
      if (shares.some((s) => s.kind === "even")) throw new ApiError("SPLIT_CONFLICT");
      const ids = [...new Set(share.lineIds)];
      const lines = await tx
        .select()
        .from(tabLines)
        .where(and(eq(tabLines.storeId, tab.storeId), eq(tabLines.tabId, tab.id), isNull(tabLines.voidedAt)));
      const chosen = lines.filter((line) => ids.includes(line.id));
      if (chosen.length !== ids.length)
        throw new ApiError("INVALID_INPUT", { "share.lineIds": FIELD_ERROR_KEYS.invalid });
      if (chosen.some((line) => line.shareId !== null)) throw new ApiError("SHARE_TAKEN");
      const unclaimed = lines.filter((line) => line.shareId === null && !ids.includes(line.id));
      // The coupon's discount is shared out over the dishes by their price; the last dishes paid
      // take whatever rounding left, so the shares add up to the bill exactly.
      const dishes = sum(chosen.map((line) => line.lineTotal));
      const owed = unclaimed.length === 0 ? left : Math.round((dishes * total) / Math.max(goods, 1));
      return { goods: Math.min(owed, left), lineIds: ids };
    }
  }
}

/** The share's row in the contract's shape, as the tab lists it. */
function shareOf(tab: Tab, id: number): TabShare {
  const share = tab.shares.find((s) => s.id === id);
  if (!share) throw new Error(`share ${id} is not on tab ${tab.id}`);
  return share;
}

/** Why a share's card was refused, from the payment log of its bill. */
async function declineOf(deps: OrderFlowDeps, tab: TableTabRow, share: TabShareRow): Promise<ApiError> {
  if (tab.orderId === null) return new ApiError("PAYMENT_DECLINED");
  const prefix = shareKey(tab.id, share.idempotencyKey, "authorize").replace(/:authorize$/, ":");
  const events = await paymentEventsOfOrder(deps.db, tab.storeId, tab.orderId);
  const refused = events
    .filter((event) => event.idempotencyKey.startsWith(prefix) && event.result !== "approved")
    .at(-1);
  const reason = (refused?.reason as PaymentDeclineReason | undefined) ?? "card_declined";
  return new ApiError(DECLINE_ERRORS[reason] ?? "PAYMENT_DECLINED");
}

type Started =
  | { kind: "answer"; tabId: number; shareId: number }
  | { kind: "counter"; tabId: number; share: TabShare }
  | { kind: "declined"; tab: TableTabRow; share: TabShareRow }
  | { kind: "pay"; tab: TableTabRow; share: TabShareRow; order: OrderRow };

/**
 * Pays a share (or asks to pay at the counter). The same Idempotency-Key with the same body answers
 * the same share however often it comes; with another body it is IDEMPOTENCY_KEY_REUSED.
 */
export async function payTabShare(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  diner: Diner,
  body: TabCheckoutBody,
): Promise<TabCheckout> {
  const { store } = ctx;
  const tabId = diner.tabId;
  if (tabId === null) throw new ApiError("TAB_NOT_OPEN");
  const card: CardChoice | null =
    body.way === "card"
      ? cardChoiceOf(
          {
            payment_gateway: body.payment_gateway ?? "card",
            payment_sub_gateway: null,
            credit_card: body.credit_card,
            stripePaymentMethodId: body.stripePaymentMethodId,
            bamboraCard: body.bamboraCard,
          },
          null,
          newCardGatewayOf(deps.payments, store),
        )
      : null;
  if (body.way === "card" && !card)
    throw new ApiError("INVALID_INPUT", { payment_gateway: FIELD_ERROR_KEYS.invalid });
  const digest = requestDigest(body);
  const key = ctx.idempotencyKey ?? `auto-${randomUUID()}`;
  const payerName = diner.dinerName ?? "";

  let started: Started;
  try {
    started = await deps.db.transaction(async (tx): Promise<Started> => {
      let tab = await lockTab(tx, store.id, tabId);
      const [repeat] = await tx
        .select()
        .from(tabShares)
        .where(
          and(eq(tabShares.storeId, store.id), eq(tabShares.tabId, tabId), eq(tabShares.idempotencyKey, key)),
        );
      if (repeat) {
        if (repeat.requestDigest !== digest) throw new ApiError("IDEMPOTENCY_KEY_REUSED");
        if (repeat.status === "paid") return { kind: "answer", tabId, shareId: repeat.id };
        if (repeat.status === "failed") return { kind: "declined", tab, share: repeat };
        return { kind: "pay", tab, share: repeat, order: await storeOrder(tx, store.id, tab.orderId ?? 0) };
      }
      if (tab.status === "open") throw new ApiError("TAB_BILL_NOT_ASKED");
      if (tab.status !== "billing" || tab.orderId === null) throw new ApiError("TAB_NOT_OPEN");
      const order = await storeOrder(tx, store.id, tab.orderId);
      const shares = await liveShares(tx, tab);
      if (body.coupon) tab = await applyCoupon(tx, ctx, tab, order, body.coupon, shares);
      const goods = await tabGoods(tx, tab);
      const total = Math.max(0, goods - tab.discount);
      const taken = await shareGoods(tx, tab, body, shares, total, goods);
      const tip = tipOf(body.tip_option, taken.goods);

      if (body.way === "counter") {
        // Nothing moves: staff settle what is left at the counter (staffSettleTab), so no share
        // is held; the answer says what this diner would pay there.
        await tx
          .update(tableTabs)
          .set({ counterAsked: true, version: sql`${tableTabs.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(tableTabs.storeId, store.id), eq(tableTabs.id, tabId)));
        const { share } = body;
        return {
          kind: "counter",
          tabId,
          share: {
            id: 0,
            kind: share.kind,
            part: share.kind === "even" ? share.part : null,
            parts: share.kind === "even" ? share.parts : null,
            goods: taken.goods,
            tip,
            amount: taken.goods + tip,
            way: "counter",
            status: "paying",
            payerName,
          },
        };
      }
      const typed = card?.card ? cardSummary(card.card.number) : null;
      const [share] = await tx
        .insert(tabShares)
        .values({
          storeId: store.id,
          tabId,
          kind: body.share.kind,
          part: body.share.kind === "even" ? body.share.part : null,
          parts: body.share.kind === "even" ? body.share.parts : null,
          goods: taken.goods,
          tip,
          amount: taken.goods + tip,
          way: "card",
          status: "paying",
          payerName,
          customerId: diner.customerId,
          email: body.email || null,
          idempotencyKey: key,
          requestDigest: digest,
          paymentGateway: card?.gateway ?? null,
          cardBrand: typed?.brand ?? null,
          cardLast4: typed?.last4 ?? null,
        })
        .returning();
      if (!share) throw new Error("a share was not written");
      if (taken.lineIds.length > 0) {
        // Claimed only where no other share has: a line another phone claimed meanwhile refuses all.
        const claimed = await tx
          .update(tabLines)
          .set({ shareId: share.id })
          .where(
            and(
              eq(tabLines.storeId, store.id),
              eq(tabLines.tabId, tabId),
              inArray(tabLines.id, taken.lineIds),
              isNull(tabLines.shareId),
            ),
          )
          .returning({ id: tabLines.id });
        if (claimed.length !== taken.lineIds.length) throw new ApiError("SHARE_TAKEN");
      }
      await tx
        .update(tableTabs)
        .set({
          evenParts: body.share.kind === "even" ? body.share.parts : tab.evenParts,
          version: sql`${tableTabs.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(tableTabs.storeId, store.id), eq(tableTabs.id, tabId)));
      return { kind: "pay", tab, share, order };
    });
  } catch (error) {
    // The even part's partial unique index: another phone wrote the same part first.
    if (isUniqueViolation(error)) throw new ApiError("SHARE_TAKEN");
    throw error;
  }

  switch (started.kind) {
    case "answer": {
      const tab = await readTab(deps.db, store.id, started.tabId, diner.dinerName);
      return { share: shareOf(tab, started.shareId), tab };
    }
    case "counter":
      return { share: started.share, tab: await readTab(deps.db, store.id, started.tabId, diner.dinerName) };
    case "declined":
      throw await declineOf(deps, started.tab, started.share);
    case "pay":
      return chargeShare(deps, ctx, diner, started.tab, started.share, started.order, card);
  }
}

/**
 * Asks the card provider for the share's amount (authorize, then capture at once: the meal is
 * eaten), and settles the share on the answer under the tab's lock. Only the first answer moves
 * the share: a retried request asks the provider the same keys and finds it settled.
 */
async function chargeShare(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  diner: Diner,
  tab: TableTabRow,
  share: TabShareRow,
  order: OrderRow,
  card: CardChoice | null,
): Promise<TabCheckout> {
  const { store } = ctx;
  const gateway = share.paymentGateway ?? card?.gateway ?? null;
  const provider = gateway ? deps.payments(store, gateway, "existing") : null;
  const authorizeKey = shareKey(tab.id, share.idempotencyKey, "authorize");
  const captureKey = shareKey(tab.id, share.idempotencyKey, "capture");
  const authorized: AuthorizeResult | PaymentDeclined = provider
    ? await askProvider(() =>
        provider.authorize({
          storeId: store.id,
          orderId: order.id,
          amount: share.amount,
          currency: order.currency,
          card: card?.card ?? undefined,
          paymentMethod: card?.paymentMethod ?? undefined,
          idempotencyKey: authorizeKey,
        }),
      )
    : { outcome: "declined", reason: "provider_error", paymentRef: null };
  let captured: PaymentStepResult | null = null;
  let voided: PaymentStepResult | null = null;
  if (provider && authorized.outcome === "approved") {
    captured = await askProvider(() =>
      provider.capture({ storeId: store.id, paymentRef: authorized.paymentRef, idempotencyKey: captureKey }),
    );
  } else if (provider && authorized.outcome === "requires_action") {
    // A bank asking the diner to confirm is not something a table's share waits for: released.
    voided = await askProvider(() =>
      provider.void({
        storeId: store.id,
        paymentRef: authorized.paymentRef,
        idempotencyKey: shareKey(tab.id, share.idempotencyKey, "void"),
      }),
    );
  }
  const approved = captured?.outcome === "approved";
  const reason: PaymentDeclineReason =
    authorized.outcome === "declined"
      ? authorized.reason
      : captured?.outcome === "declined"
        ? captured.reason
        : "card_declined";

  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockTab(tx, store.id, tab.id);
    const step = {
      storeId: store.id,
      orderId: order.id,
      provider: provider?.name ?? gateway ?? "unknown",
      amount: share.amount,
      currency: order.currency,
    };
    await recordPaymentEvent(tx, paymentEventOf({ ...step, kind: "authorize" }, authorizeKey, authorized));
    if (captured)
      await recordPaymentEvent(tx, paymentEventOf({ ...step, kind: "capture" }, captureKey, captured));
    if (voided)
      await recordPaymentEvent(
        tx,
        paymentEventOf({ ...step, kind: "void" }, shareKey(tab.id, share.idempotencyKey, "void"), voided),
      );
    const [now] = await tx
      .select()
      .from(tabShares)
      .where(and(eq(tabShares.storeId, store.id), eq(tabShares.id, share.id)));
    if (!now) throw new Error(`share ${share.id} vanished`);
    // Another request of the same key settled it first.
    if (now.status !== "paying") return now.status;
    if (approved) {
      const cardOf = authorized.outcome === "approved" ? authorized.card : null;
      await tx
        .update(tabShares)
        .set({
          status: "paid",
          paidAt: sql`now()`,
          paymentRef: authorized.outcome === "approved" ? authorized.paymentRef : null,
          cardBrand: cardOf?.brand ?? now.cardBrand,
          cardLast4: cardOf?.last4 ?? now.cardLast4,
        })
        .where(and(eq(tabShares.storeId, store.id), eq(tabShares.id, share.id)));
      await closeWhenPaid(tx, locked, SYSTEM);
      const paid = {
        ...now,
        status: "paid" as const,
        cardBrand: cardOf?.brand ?? now.cardBrand,
        cardLast4: cardOf?.last4 ?? now.cardLast4,
      };
      if (share.email) await queueReceipt(tx, ctx, locked, paid);
    } else {
      await tx
        .update(tabShares)
        .set({ status: "failed" })
        .where(and(eq(tabShares.storeId, store.id), eq(tabShares.id, share.id)));
      await tx
        .update(tabLines)
        .set({ shareId: null })
        .where(
          and(eq(tabLines.storeId, store.id), eq(tabLines.tabId, tab.id), eq(tabLines.shareId, share.id)),
        );
      // The number of even parts is the bill's once a part holds: with none left, it is free again.
      const evenLeft = (await liveShares(tx, locked)).some((s) => s.kind === "even");
      await tx
        .update(tableTabs)
        .set({
          evenParts: evenLeft ? locked.evenParts : null,
          version: sql`${tableTabs.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(tableTabs.storeId, store.id), eq(tableTabs.id, tab.id)));
    }
    return approved ? "paid" : "failed";
  });
  if (outcome === "failed") {
    if (approved) throw await declineOf(deps, tab, share);
    throw new ApiError(DECLINE_ERRORS[reason] ?? "PAYMENT_DECLINED");
  }
  const answered = await readTab(deps.db, store.id, tab.id, diner.dinerName);
  return { share: shareOf(answered, share.id), tab: answered };
}

/**
 * A locked tab whose paid shares reach its total: closed `paid`, and its bill's order paid
 * (captured when a card paid any of it, else cash collected), with the shares' tips as its tip.
 * Every diner's pass dies with it (passes.ts reads the tab's status).
 */
export async function closeWhenPaid(tx: Tx, tab: TableTabRow, actor: Parameters<typeof settleTableBill>[3]) {
  const shares = (await liveShares(tx, tab)).filter((s) => s.status === "paid");
  const goods = await tabGoods(tx, tab);
  const total = Math.max(0, goods - tab.discount);
  const paid = sum(shares.map((s) => s.goods));
  const closing = paid >= total;
  await tx
    .update(tableTabs)
    .set({
      ...(closing ? { status: "paid" as const, closedAt: sql`now()` } : {}),
      version: sql`${tableTabs.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tableTabs.storeId, tab.storeId), eq(tableTabs.id, tab.id)));
  if (!closing || tab.orderId === null) return;
  const order = await storeOrder(tx, tab.storeId, tab.orderId);
  const cards = shares.filter((s) => s.way === "card");
  const lastCard = cards.at(-1);
  await settleTableBill(
    tx,
    order,
    {
      paymentStatus: cards.length > 0 ? "captured" : "cash_collected",
      gateway: (lastCard?.paymentGateway as OrderRow["paymentGateway"]) ?? "cash",
      tips: sum(shares.map((s) => s.tip)),
      card:
        cards.length === 1 && lastCard?.cardBrand && lastCard.cardLast4
          ? { brand: lastCard.cardBrand, last4: lastCard.cardLast4 }
          : null,
    },
    actor,
  );
}

/** The receipt of a paid share, to the address the diner gave, in their language, with the tab's state after it. */
async function queueReceipt(
  tx: Tx,
  ctx: RequestContext,
  tab: TableTabRow,
  share: TabShareRow,
): Promise<void> {
  if (!share.email) return;
  const { store, locale } = ctx;
  const after = await readTab(tx, store.id, tab.id, null);
  const money = (amount: number) => formatMoney(amount, after.currency, locale);
  const names = after.rounds
    .flatMap((round) => round.lines)
    .filter((line) => line.paidByShareId === share.id)
    .map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name));
  const message: TableReceiptMessage = {
    kind: "tableReceipt",
    tableName: after.table.name,
    orderNumber: after.orderNumber ?? 0,
    covered:
      share.kind === "even"
        ? { kind: "even", part: share.part ?? 1, parts: share.parts ?? 1 }
        : share.kind === "items"
          ? { kind: "items", names }
          : { kind: "whole" },
    goods: money(share.goods),
    tip: money(share.tip),
    amount: money(share.amount),
    card: share.cardBrand && share.cardLast4 ? `${share.cardBrand} •••• ${share.cardLast4}` : null,
    left: after.balance > 0 ? money(after.balance) : null,
  };
  await enqueueComposed(tx, store.id, {
    ...outboxMessage(store, "email", share.email, message, locale),
    unverifiedRecipient: true,
  });
}
