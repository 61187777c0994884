import type { GiftCardRedeemed, OrderGiftCards, StaffGiftCard } from "@stoa/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { THROTTLES, throttle } from "../auth/throttle.ts";
import type { LinkKeys } from "../orders/links.ts";
import { isPaid, LIVE_STATUSES } from "../orders/paid-downloads.ts";
import { orderLinesOf, orderLineWithOrder, storeOrder } from "../orders/service.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { creditWallet, walletBalance } from "../pricing/wallet.ts";
import type { StoreRow } from "../stores/tables.ts";
import { type CardRef, cardOfCode, giftCardCode, MAX_CARDS_PER_LINE } from "./codes.ts";
import { giftCardEvents, giftCards } from "./tables.ts";

/** A card's line and order, as the shop sold it. */
type SoldCard = {
  ref: CardRef;
  orderId: number;
  orderNumber: number;
  customerId: number;
  currency: string;
  price: number;
  /** Whether the order stands and is paid: only then is the card worth anything. */
  live: boolean;
};

const cardKey = (storeId: number, ref: CardRef) =>
  and(
    eq(giftCards.storeId, storeId),
    eq(giftCards.orderLineId, ref.orderLineId),
    eq(giftCards.unit, ref.unit),
  );

/** The card of a code with the line and order that sold it, or null when this shop sold no such card. */
async function soldCard(
  db: Database,
  keys: LinkKeys,
  storeId: number,
  code: string,
): Promise<SoldCard | null> {
  const ref = cardOfCode(keys.giftCards, storeId, code);
  if (!ref) return null;
  const found = await orderLineWithOrder(db, storeId, ref.orderLineId);
  if (!found?.line.isGiftCard || ref.unit > Math.min(found.line.quantity, MAX_CARDS_PER_LINE)) return null;
  const { line, order } = found;
  return {
    ref,
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerId: order.customerId,
    currency: order.currency,
    price: line.unitPrice,
    live: LIVE_STATUSES.includes(order.status) && isPaid(order),
  };
}

/** The codes an order bought, for its buyer: none until it is paid, none once it is cancelled. */
export async function giftCardsOfOrder(
  db: Database,
  keys: LinkKeys,
  storeId: number,
  customerId: number,
  orderId: number,
): Promise<OrderGiftCards> {
  const order = await storeOrder(db, storeId, orderId);
  if (order.customerId !== customerId) throw new ApiError("NOT_FOUND");
  if (!LIVE_STATUSES.includes(order.status) || !isPaid(order)) return { cards: [] };
  const lines = (await orderLinesOf(db, storeId, orderId)).filter((line) => line.isGiftCard);
  const written = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.storeId, storeId), eq(giftCards.orderId, orderId)));
  const rowOf = (ref: CardRef) =>
    written.find((row) => row.orderLineId === ref.orderLineId && row.unit === ref.unit);
  return {
    cards: lines.flatMap((line) =>
      Array.from({ length: Math.min(line.quantity, MAX_CARDS_PER_LINE) }, (_, i) => {
        const ref = { orderLineId: line.id, unit: i + 1 };
        const row = rowOf(ref);
        return {
          orderLineId: line.id,
          code: giftCardCode(keys.giftCards, storeId, ref),
          value: row?.value ?? line.unitPrice,
          redeemed: row?.redeemedAt != null,
        };
      }),
    ),
  };
}

/** The codes of a paid order's cards, for its confirmation: line id → codes. */
export function codesOfLines(
  keys: LinkKeys,
  storeId: number,
  lines: { id: number; quantity: number; isGiftCard: boolean }[],
): string[] {
  return lines
    .filter((line) => line.isGiftCard)
    .flatMap((line) =>
      Array.from({ length: Math.min(line.quantity, MAX_CARDS_PER_LINE) }, (_, i) =>
        giftCardCode(keys.giftCards, storeId, { orderLineId: line.id, unit: i + 1 }),
      ),
    );
}

/** Writes the card's row at its price the first time it is needed; a row there already stays as it is. */
async function ensureRow(tx: Database, storeId: number, card: SoldCard): Promise<void> {
  await tx
    .insert(giftCards)
    .values({
      storeId,
      orderLineId: card.ref.orderLineId,
      unit: card.ref.unit,
      orderId: card.orderId,
      value: card.price,
    })
    .onConflictDoNothing();
}

/**
 * Redeems a card into the customer's credit, once: the conditional update of `redeemed_at` is the
 * one step two redeemers race for, and only its winner is credited, in the same transaction. A wrong
 * code counts against the caller's address and account before it is refused.
 */
export async function redeemGiftCard(
  db: Database,
  keys: LinkKeys,
  store: StoreRow,
  customerId: number,
  code: string,
  ip: string,
): Promise<GiftCardRedeemed> {
  const card = await soldCard(db, keys, store.id, code);
  if (!card?.live) {
    await throttle(db, `gift-card:ip:${ip}`, THROTTLES.giftCardMissesPerIp);
    await throttle(db, `gift-card:customer:${store.id}:${customerId}`, THROTTLES.giftCardMissesPerCustomer);
    throw new ApiError("GIFT_CARD_INVALID", { code: "error-gift-card-invalid" });
  }
  const value = await db.transaction(async (tx) => {
    await ensureRow(tx, store.id, card);
    const [taken] = await tx
      .update(giftCards)
      .set({ redeemedBy: customerId, redeemedAt: sql`now()` })
      .where(and(cardKey(store.id, card.ref), sql`${giftCards.redeemedAt} IS NULL`))
      .returning({ value: giftCards.value });
    if (!taken) throw new ApiError("GIFT_CARD_REDEEMED", { code: "error-gift-card-redeemed" });
    await tx.insert(giftCardEvents).values({
      storeId: store.id,
      ...card.ref,
      kind: "redeemed",
      valueBefore: taken.value,
      valueAfter: 0,
      customerId,
    });
    await creditWallet(
      tx,
      store.id,
      customerId,
      taken.value,
      null,
      `gift card of order #${card.orderNumber}`,
    );
    return taken.value;
  });
  return { value, walletBalance: await walletBalance(db, store.id, customerId), currency: card.currency };
}

async function staffAnswer(db: Database, storeId: number, card: SoldCard): Promise<StaffGiftCard> {
  const [row] = await db.select().from(giftCards).where(cardKey(storeId, card.ref));
  const events = await db
    .select()
    .from(giftCardEvents)
    .where(
      and(
        eq(giftCardEvents.storeId, storeId),
        eq(giftCardEvents.orderLineId, card.ref.orderLineId),
        eq(giftCardEvents.unit, card.ref.unit),
      ),
    )
    .orderBy(asc(giftCardEvents.at), asc(giftCardEvents.id));
  return {
    orderId: card.orderId,
    orderNumber: card.orderNumber,
    value: row?.redeemedAt ? 0 : (row?.value ?? (card.live ? card.price : 0)),
    currency: card.currency,
    redeemed:
      row?.redeemedAt && row.redeemedBy !== null
        ? { at: row.redeemedAt.toISOString(), customerId: row.redeemedBy }
        : null,
    events: events.map((event) => ({
      kind: event.kind,
      valueBefore: event.valueBefore,
      valueAfter: event.valueAfter,
      customerId: event.customerId,
      staffId: event.staffId,
      note: event.note,
      at: event.at.toISOString(),
    })),
  };
}

/** A card by its code, for the shop; a code the shop never sold is GIFT_CARD_INVALID. */
export async function staffGiftCard(db: Database, keys: LinkKeys, storeId: number, code: string) {
  const card = await soldCard(db, keys, storeId, code);
  if (!card) throw new ApiError("GIFT_CARD_INVALID", { code: "error-gift-card-invalid" });
  return staffAnswer(db, storeId, card);
}

/**
 * Sets what a card not yet redeemed is worth, under the card's row lock, and records who did it and
 * why. A redeemed card's value is in the customer's credit: it is adjusted there, not here.
 */
export async function adjustGiftCard(
  db: Database,
  keys: LinkKeys,
  storeId: number,
  staffId: number,
  body: { code: string; value: number; note: string },
): Promise<StaffGiftCard> {
  const card = await soldCard(db, keys, storeId, body.code);
  if (!card?.live) throw new ApiError("GIFT_CARD_INVALID", { code: "error-gift-card-invalid" });
  await db.transaction(async (tx) => {
    await ensureRow(tx, storeId, card);
    const [row] = await tx.select().from(giftCards).where(cardKey(storeId, card.ref)).for("update");
    if (!row || row.redeemedAt)
      throw new ApiError("GIFT_CARD_REDEEMED", { code: "error-gift-card-redeemed" });
    await tx.update(giftCards).set({ value: body.value }).where(cardKey(storeId, card.ref));
    await tx.insert(giftCardEvents).values({
      storeId,
      ...card.ref,
      kind: "adjusted",
      valueBefore: row.value,
      valueAfter: body.value,
      staffId,
      note: body.note,
    });
  });
  return staffAnswer(db, storeId, card);
}
