import { formatMoney, type GiftCardRedeemed, type OrderGiftCards, type StaffGiftCard } from "@stoa/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { THROTTLES, throttle } from "../auth/throttle.ts";
import { enqueueComposed, outboxMessage } from "../notifications/outbox.ts";
import type { LinkKeys } from "../orders/links.ts";
import { isPaid, LIVE_STATUSES } from "../orders/paid-downloads.ts";
import { orderLinesOf, orderLineWithOrder, storeOrder } from "../orders/service.ts";
import type { Database } from "../platform/db/database.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { GiftCardLookup } from "../pricing/service.ts";
import { creditWallet, walletBalance } from "../pricing/wallet.ts";
import { recordChange } from "../staff/audit.ts";
import { storeById } from "../stores/service.ts";
import type { StoreRow } from "../stores/tables.ts";
import { type CardRef, cardOfCode, giftCardCode, MAX_CARDS_PER_LINE } from "./codes.ts";
import { giftCardEvents, giftCardSendings, giftCards } from "./tables.ts";

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
      orderId: event.orderId,
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
    await recordChange(tx, {
      storeId,
      staffId,
      action: "giftCard.adjust",
      subject: `order:${card.orderNumber}`,
      before: { value: row.value },
      after: { value: body.value, note: body.note },
    });
  });
  return staffAnswer(db, storeId, card);
}

/** What a card typed at checkout can pay: the card and what is left on it, or why it cannot pay. */
export type CheckoutGiftCard = { card: SpendableCard; balance: number } | { error: string };
/** A card to spend: its line and unit, and the order and price that sold it (to write its row). */
export type SpendableCard = CardRef & { orderId: number; price: number };

/** What is left on a card: its price until its row is written; nothing once redeemed into credit. */
async function balanceOf(db: Database, storeId: number, card: SoldCard): Promise<number> {
  const [row] = await db.select().from(giftCards).where(cardKey(storeId, card.ref));
  if (!row) return card.price;
  return row.redeemedAt ? 0 : row.value;
}

/**
 * A card typed at checkout, for anyone, guests too: what is left on it. A code this shop never sold
 * (or whose order is not paid) counts against the caller's address and account, as redeeming does.
 */
export async function giftCardForCheckout(
  db: Database,
  keys: LinkKeys,
  storeId: number,
  code: string,
  guesser: { ip: string; customerId: number },
): Promise<CheckoutGiftCard> {
  const card = await soldCard(db, keys, storeId, code);
  if (!card?.live) {
    await throttle(db, `gift-card:ip:${guesser.ip}`, THROTTLES.giftCardMissesPerIp);
    await throttle(
      db,
      `gift-card:customer:${storeId}:${guesser.customerId}`,
      THROTTLES.giftCardMissesPerCustomer,
    );
    return { error: "error-gift-card-invalid" };
  }
  const balance = await balanceOf(db, storeId, card);
  return balance > 0
    ? { card: { ...card.ref, orderId: card.orderId, price: card.price }, balance }
    : { error: "error-gift-card-empty" };
}

/**
 * Takes `amount` off a card for an order, inside the order's transaction, in one conditional
 * statement: only while the card is not redeemed and still holds the amount, so orders racing for
 * one card never take it below zero. false when it no longer covers it; nothing is then taken.
 */
export async function spendGiftCard(
  tx: Database,
  storeId: number,
  card: SpendableCard,
  amount: number,
  orderId: number,
): Promise<boolean> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Not a spending: ${amount}`);
  await tx
    .insert(giftCards)
    .values({
      storeId,
      orderLineId: card.orderLineId,
      unit: card.unit,
      orderId: card.orderId,
      value: card.price,
    })
    .onConflictDoNothing();
  const [taken] = await tx
    .update(giftCards)
    .set({ value: sql`${giftCards.value} - ${amount}` })
    .where(
      and(cardKey(storeId, card), sql`${giftCards.redeemedAt} IS NULL`, sql`${giftCards.value} >= ${amount}`),
    )
    .returning({ value: giftCards.value });
  if (!taken) return false;
  await tx.insert(giftCardEvents).values({
    storeId,
    orderLineId: card.orderLineId,
    unit: card.unit,
    kind: "spent",
    valueBefore: taken.value + amount,
    valueAfter: taken.value,
    orderId,
  });
  return true;
}

/** What an order has had given back to its gift card so far, minor units. */
export async function returnedToGiftCard(db: Database, storeId: number, orderId: number): Promise<number> {
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${giftCardEvents.valueAfter} - ${giftCardEvents.valueBefore}), 0)::int`,
    })
    .from(giftCardEvents)
    .where(
      and(
        eq(giftCardEvents.storeId, storeId),
        eq(giftCardEvents.orderId, orderId),
        eq(giftCardEvents.kind, "returned"),
      ),
    );
  return row?.sum ?? 0;
}

/**
 * Gives `amount` an order spent back to its card (a cancel, a declined card, a refund), inside the
 * caller's transaction, on record. A card redeemed into credit since has its value in that
 * customer's wallet: the amount goes there instead.
 */
export async function giveBackToGiftCard(
  tx: Database,
  order: {
    storeId: number;
    id: number;
    orderNumber: number;
    giftCardLineId: number | null;
    giftCardUnit: number | null;
  },
  amount: number,
): Promise<void> {
  if (amount <= 0 || order.giftCardLineId === null || order.giftCardUnit === null) return;
  const ref = { orderLineId: order.giftCardLineId, unit: order.giftCardUnit };
  const [row] = await tx.select().from(giftCards).where(cardKey(order.storeId, ref)).for("update");
  if (!row) return;
  if (row.redeemedAt && row.redeemedBy !== null) {
    await creditWallet(
      tx,
      order.storeId,
      row.redeemedBy,
      amount,
      order.id,
      `gift card of order #${order.orderNumber}`,
    );
    await tx.insert(giftCardEvents).values({
      storeId: order.storeId,
      ...ref,
      kind: "returned",
      valueBefore: 0,
      valueAfter: amount,
      customerId: row.redeemedBy,
      orderId: order.id,
      note: "given to the credit the card was redeemed into",
    });
    return;
  }
  await tx
    .update(giftCards)
    .set({ value: sql`${giftCards.value} + ${amount}` })
    .where(cardKey(order.storeId, ref));
  await tx.insert(giftCardEvents).values({
    storeId: order.storeId,
    ...ref,
    kind: "returned",
    valueBefore: row.value,
    valueAfter: row.value + amount,
    orderId: order.id,
  });
}

/** The gift-card lookup checkout prices with, reading the shop's keys when a card is typed. */
export function checkoutGiftCards(db: Database, keys: () => Promise<LinkKeys>): GiftCardLookup {
  return async (storeId, code, guesser) => giftCardForCheckout(db, await keys(), storeId, code, guesser);
}

const SEND_BATCH = 50;
const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Emails each present whose day has come (the day the buyer chose in the shop's time zone, or at
 * once without one) to its recipient, once its order is paid and stands: the codes, their value and
 * the buyer's message, through the outbox. The sending's row is written first, in the transaction
 * that queues the email; a line whose row is there already (another process sent it) is skipped,
 * so a present goes once however many processes sweep.
 */
export async function sendDueGiftCards(
  db: Database,
  keys: () => Promise<LinkKeys>,
): Promise<{ sent: number }> {
  const candidates = rowsOf<{ store_id: number; id: number }>(
    await db.execute(sql`
      SELECT l.store_id, l.id
      FROM order_lines l
      JOIN orders o ON o.store_id = l.store_id AND o.id = l.order_id
      LEFT JOIN delivery_settings d ON d.store_id = l.store_id
      WHERE l.gift_recipient IS NOT NULL AND l.is_gift_card
        AND o.status IN (${sql.join(
          LIVE_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        AND (o.payment_status IN ('captured', 'partially_refunded', 'cash_collected')
          OR (o.payment_status = 'none' AND o.payable_amount = 0))
        AND coalesce(l.gift_recipient->>'sendOn', '0001-01-01')
          <= to_char(now() AT TIME ZONE coalesce(d.timezone, 'UTC'), 'YYYY-MM-DD')
        AND NOT EXISTS (SELECT 1 FROM ${giftCardSendings} s
          WHERE s.store_id = l.store_id AND s.order_line_id = l.id)
      LIMIT ${SEND_BATCH}`),
  );
  if (candidates.length === 0) return { sent: 0 };
  const linkKeys = await keys();
  let sent = 0;
  for (const candidate of candidates) {
    const found = await orderLineWithOrder(db, candidate.store_id, candidate.id);
    const recipient = found?.line.giftRecipient;
    if (!found || !recipient) continue;
    const { line, order } = found;
    const store = await storeById(db, order.storeId);
    if (!store) continue;
    const wrote = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(giftCardSendings)
        .values({
          storeId: order.storeId,
          orderLineId: line.id,
          orderId: order.id,
          sendOn: recipient.sendOn,
        })
        .onConflictDoNothing()
        .returning({ id: giftCardSendings.orderLineId });
      if (!row) return false;
      const message = outboxMessage(
        store,
        "email",
        recipient.email,
        {
          kind: "giftCardSent",
          recipientName: recipient.name,
          fromName: order.customerName || order.customerContact,
          value: formatMoney(line.unitPrice, order.currency, order.locale),
          codes: codesOfLines(linkKeys, order.storeId, [line]),
          note: recipient.message,
          link: storeOwnOrigin(store),
        },
        order.locale,
      );
      await enqueueComposed(tx, order.storeId, { ...message, unverifiedRecipient: true });
      return true;
    });
    if (wrote) sent += 1;
  }
  return { sent };
}
