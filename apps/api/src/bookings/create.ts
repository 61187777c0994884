import {
  type AppointmentSource,
  type BookingCreated,
  type BookingCreateRequest,
  CARD_PAYMENT,
  cardSummary,
  FIELD_ERROR_KEYS,
  type Locale,
} from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { sha256 } from "../auth/crypto.ts";
import { isUniqueViolation } from "../customers/service.ts";
import { type CardChoice, cardChoiceOf } from "../flows/card-choice.ts";
import type { PaymentProviders } from "../flows/payments.ts";
import { newCardGatewayOf } from "../flows/payments.ts";
import { sign } from "../orders/links.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { type Booker, chooseResources, slotUnavailable } from "./choose.ts";
import { appointmentCode, hashManageToken } from "./codes.ts";
import { chargeDeposit, depositDeclined, refundDeposit } from "./deposit.ts";
import { tellShopper } from "./messages.ts";
import { type BookingRules, bookingRulesOf } from "./settings.ts";
import { type BookingRow, bookingHistory, bookings } from "./tables.ts";
import { namesOf, showBooking } from "./view.ts";

/*
 * Making a booking: online by a shopper (`POST booking/`) or by staff on the phone or for a
 * walk-in (the diary). The time is checked against hours, exceptions and other bookings, then the
 * row is written; the exclusion constraint `bookings_no_overlap` is the final word, and a booking
 * it refuses (SQLSTATE 23P01: another request took the time first) answers SLOT_UNAVAILABLE with
 * the next free times. A service with a deposit is written `pending` (holding the time) before
 * the card is charged, `confirmed` once paid, `cancelled` by 'payment' (the time freed) if not.
 */

/** Where a booking's links go and what signs its manage token: the storefront origin and the link key. */
export type BookingShop = { store: StoreRow; origin: string; manageKey: Buffer };

/**
 * A booking's manage token: the HMAC of its store and code under the link key, so it can be given
 * again with every message (and a repeated request) while only its hash is stored.
 */
export const manageTokenOf = (shop: BookingShop, code: string) =>
  sign(shop.manageKey, `booking:${shop.store.id}:${code}`);

export function isExclusionViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  return code === "23P01";
}

/** Who booked and for when: what both an online and a staff booking give. */
export type BookingRequest = {
  serviceId: number;
  /** A resource, or null for the first free one. */
  resourceId: number | null;
  startsAt: Date;
  name: string;
  phone: string;
  email: string;
  note: string;
  language: Locale;
  customerId: number | null;
};

/** How staff book: by phone or for a walk-in, and why a time outside hours or in a closure is taken. */
export type StaffBookingOptions = {
  source: Exclude<AppointmentSource, "online">;
  /** Needed (else OVERRIDE_REASON_REQUIRED) only when the time is outside hours or inside a closure; kept. */
  overrideReason?: string | null;
  staffId: number;
};

type Written = { row: BookingRow; token: string };

/** One attempt at writing the booking with one resource: the database refuses an overlap. */
async function writeBooking(
  db: Database,
  shop: BookingShop,
  rules: BookingRules,
  values: Omit<typeof bookings.$inferInsert, "code" | "manageTokenHash" | "storeId">,
  staffId: number | null,
): Promise<Written> {
  const code = appointmentCode("B");
  const token = manageTokenOf(shop, code);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({ ...values, storeId: shop.store.id, code, manageTokenHash: hashManageToken(token) })
      .returning();
    if (!row) throw new Error("booking not written");
    await tx.insert(bookingHistory).values({
      storeId: row.storeId,
      bookingId: row.id,
      action: "booked",
      toStartsAt: row.startsAt,
      toResourceId: row.resourceId,
      version: row.version,
      staffId,
      reason: row.overrideReason,
    });
    if (row.status === "confirmed") await tellOf(tx, shop, rules, "confirmed", row, token);
    return { row, token };
  });
}

/** Queues a message about a booking with its names in the booking's language. */
export async function tellOf(
  tx: Database | Tx,
  shop: BookingShop,
  rules: BookingRules,
  news: Parameters<typeof tellShopper>[1],
  row: BookingRow,
  token: string,
  refunded = false,
): Promise<void> {
  const names = await namesOf(tx, row.storeId, [row], row.language as Locale);
  await tellShopper(tx, news, {
    store: shop.store,
    origin: shop.origin,
    timezone: rules.timezone,
    token,
    booking: row,
    serviceName: () => names.services.get(row.serviceId) ?? "",
    resourceName: () => names.resources.get(row.resourceId) ?? "",
    refunded,
  });
}

/**
 * Writes a booking on the first free resource at the start, or throws why it cannot be made.
 * Tries the next free resource when another request took one in between (any resource asked).
 */
async function place(
  db: Database,
  shop: BookingShop,
  rules: BookingRules,
  request: BookingRequest,
  booker: Booker,
  extra: {
    source: AppointmentSource;
    staffId: number | null;
    idempotencyKey: string | null;
    digest: string | null;
    /** Whether a card came to pay a deposit with. */
    card: boolean;
  },
): Promise<Written> {
  const chosen = await chooseResources(db, shop.store.id, rules, request, booker);
  const { service } = chosen;
  const deposit = booker.staff ? 0 : service.deposit;
  if (deposit > 0 && !extra.card)
    throw new ApiError("INVALID_INPUT", { credit_card: FIELD_ERROR_KEYS.required });
  const length = service.durationMinutes * 60_000;
  for (const resourceId of chosen.resourceIds) {
    try {
      return await writeBooking(
        db,
        shop,
        rules,
        {
          serviceId: service.id,
          resourceId,
          customerId: request.customerId,
          name: request.name,
          phone: request.phone,
          email: request.email,
          note: request.note,
          language: request.language,
          startsAt: request.startsAt,
          endsAt: new Date(request.startsAt.getTime() + length),
          blockedUntil: new Date(request.startsAt.getTime() + length + service.bufferMinutes * 60_000),
          status: deposit > 0 ? "pending" : "confirmed",
          source: extra.source,
          idempotencyKey: extra.idempotencyKey,
          requestDigest: extra.digest,
          currency: shop.store.currency,
          price: service.price,
          deposit,
          depositStatus: deposit > 0 ? "pending" : "none",
          overrideReason: chosen.overrideReason,
        },
        extra.staffId,
      );
    } catch (error) {
      if (!isExclusionViolation(error)) throw error;
    }
  }
  throw await slotUnavailable(db, chosen.ask, request.startsAt);
}

/**
 * A booking taken by staff (phone or walk-in; the diary): no lead time, horizon or deposit, and
 * outside hours or inside a closure only with `overrideReason` (kept). Never over another booking
 * of the resource. Answers the row and its manage token (the shopper is mailed the link).
 */
export async function bookForStaff(
  db: Database,
  shop: BookingShop,
  request: BookingRequest,
  options: StaffBookingOptions,
): Promise<Written> {
  const rules = await bookingRulesOf(db, shop.store.id);
  return place(
    db,
    shop,
    rules,
    request,
    { staff: true, overrideReason: options.overrideReason?.trim() || null },
    { source: options.source, staffId: options.staffId, idempotencyKey: null, digest: null, card: false },
  );
}

/** Every choice of the request, a typed card by brand and last four digits only (never its number). */
function digestOf(body: BookingCreateRequest): string {
  const { credit_card: card, ...choices } = body;
  return sha256(JSON.stringify({ ...choices, card: card ? cardSummary(card.number) : null }));
}

export type OnlineBooking = {
  db: Database;
  payments: PaymentProviders;
  shop: BookingShop;
  locale: Locale;
  customerId: number | null;
  idempotencyKey: string | null;
};

/** The booking a repeated request names: the same answer, or the same refusal. */
async function repeated(
  deps: OnlineBooking,
  rules: BookingRules,
  row: BookingRow,
  digest: string,
  card: CardChoice | null,
): Promise<BookingCreated> {
  if (row.requestDigest !== digest) throw new ApiError("IDEMPOTENCY_KEY_REUSED");
  if (row.status === "cancelled" && row.cancelledBy === "payment") throw depositDeclined("card_declined");
  if (row.status === "pending" && card) return settleDeposit(deps, rules, row, card);
  return answer(deps, rules, row);
}

async function answer(deps: OnlineBooking, rules: BookingRules, row: BookingRow): Promise<BookingCreated> {
  return {
    booking: await showBooking(deps.db, deps.shop.store, rules, row, deps.locale),
    manageToken: manageTokenOf(deps.shop, row.code),
  };
}

/** Charges the deposit of a pending booking and confirms it, or cancels it (the time freed) and throws the decline. */
async function settleDeposit(
  deps: OnlineBooking,
  rules: BookingRules,
  pending: BookingRow,
  card: CardChoice,
): Promise<BookingCreated> {
  const outcome = await chargeDeposit(deps.payments, deps.shop.store, pending, card);
  const settled = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set(
        outcome.paid
          ? {
              status: "confirmed",
              depositStatus: "paid",
              depositPaymentRef: outcome.ref,
              updatedAt: new Date(),
            }
          : {
              status: "cancelled",
              depositStatus: "failed",
              cancelledBy: "payment",
              cancelledAt: new Date(),
              updatedAt: new Date(),
            },
      )
      .where(
        and(
          eq(bookings.storeId, pending.storeId),
          eq(bookings.id, pending.id),
          eq(bookings.status, "pending"),
        ),
      )
      .returning();
    // Another request of the same key settled it first.
    if (!row) return null;
    await tx.insert(bookingHistory).values({
      storeId: row.storeId,
      bookingId: row.id,
      action: outcome.paid ? "depositPaid" : "depositDeclined",
      version: row.version,
    });
    if (outcome.paid)
      await tellOf(tx, deps.shop, rules, "confirmed", row, manageTokenOf(deps.shop, row.code));
    return row;
  });
  if (!outcome.paid) throw depositDeclined(outcome.reason);
  const [now] = settled
    ? [settled]
    : await deps.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.storeId, pending.storeId), eq(bookings.id, pending.id)));
  if (!now) throw new Error(`booking ${pending.id} vanished`);
  // Staff cancelled it while the card was being charged: the deposit just taken goes back.
  if (!settled && now.status === "cancelled" && now.depositStatus === "pending") {
    const paidRow = { ...now, depositStatus: "paid" as const, depositPaymentRef: outcome.ref };
    const refunded = await refundDeposit(deps.payments, deps.shop.store, paidRow);
    await deps.db
      .update(bookings)
      .set({ depositStatus: refunded ? "refunded" : "paid", depositPaymentRef: outcome.ref })
      .where(and(eq(bookings.storeId, now.storeId), eq(bookings.id, now.id)));
  }
  return answer(deps, rules, now);
}

async function bookingByKey(db: Database, storeId: number, key: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.storeId, storeId), eq(bookings.idempotencyKey, key)));
  return row;
}

/**
 * `POST booking/`: a shopper books online. The same Idempotency-Key with the same body answers the
 * same booking; with another body it is IDEMPOTENCY_KEY_REUSED. A deposit's card is charged after
 * the time is held; declined, the booking is cancelled and the time is free again.
 */
export async function bookOnline(deps: OnlineBooking, body: BookingCreateRequest): Promise<BookingCreated> {
  const { db, shop } = deps;
  const store = shop.store;
  const rules = await bookingRulesOf(db, store.id);
  const digest = digestOf(body);
  const card = body.credit_card
    ? cardChoiceOf(
        {
          payment_gateway: CARD_PAYMENT,
          payment_sub_gateway: null,
          credit_card: body.credit_card,
          stripePaymentMethodId: null,
          bamboraCard: null,
        },
        null,
        newCardGatewayOf(deps.payments, store),
      )
    : null;
  const key = deps.idempotencyKey;
  if (key) {
    const before = await bookingByKey(db, store.id, key);
    if (before) return repeated(deps, rules, before, digest, card);
  }
  let written: Written;
  try {
    written = await place(
      db,
      shop,
      rules,
      {
        serviceId: body.serviceId,
        resourceId: body.resourceId ?? null,
        startsAt: new Date(body.startsAt),
        name: body.name,
        phone: body.phone,
        email: body.email,
        note: body.note ?? "",
        language: deps.locale,
        customerId: deps.customerId,
      },
      { staff: false },
      { source: "online", staffId: null, idempotencyKey: key, digest, card: card !== null },
    );
  } catch (error) {
    // The same key sent twice at once: the first wrote it.
    const first = key && isUniqueViolation(error) ? await bookingByKey(db, store.id, key) : undefined;
    if (first) return repeated(deps, rules, first, digest, card);
    throw error;
  }
  if (written.row.status !== "pending" || !card) return answer(deps, rules, written.row);
  return settleDeposit(deps, rules, written.row, card);
}
