import { and, eq, sql } from "drizzle-orm";
import type { PaymentProviders } from "../flows/payments.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { chooseResources, slotUnavailable } from "./choose.ts";
import { type BookingShop, isExclusionViolation, manageTokenOf, tellOf } from "./create.ts";
import { refundDeposit } from "./deposit.ts";
import { type BookingRules, bookingRulesOf } from "./settings.ts";
import { type BookingRow, bookingHistory, bookings } from "./tables.ts";
import { changeableUntil } from "./view.ts";

/*
 * Moving and cancelling a booking, by its shopper (within the shop's cancellation window) or by
 * staff (any time, with `staffId`). A move is an UPDATE of the row in place: the same id, its
 * version + 1, a history row — never a moment holding both times or neither, and the exclusion
 * constraint refuses a new time another booking holds. A move made from an older version is
 * refused (RESCHEDULE_STALE), so a replayed reschedule link cannot move a booking twice.
 */

/** Who changes a booking: its shopper (by id when signed in, or by its manage link), or staff. */
export type Changer =
  | { by: "customer"; customerId?: number }
  | { by: "staff"; staffId: number; overrideReason?: string | null };

export type BookingMove = { version: number; startsAt: Date; resourceId: number | null };

async function lockBooking(tx: Tx, storeId: number, id: number): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.storeId, storeId), eq(bookings.id, id)))
    .for("update");
  return row;
}

/** The booking a changer may change, or NOT_FOUND (another shopper's is none of theirs). */
function mine(row: BookingRow | undefined, changer: Changer): BookingRow {
  if (!row) throw new ApiError("NOT_FOUND");
  if (changer.by === "customer" && changer.customerId !== undefined && row.customerId !== changer.customerId)
    throw new ApiError("NOT_FOUND");
  return row;
}

/** A shopper changes online only before the cancellation window; staff always. */
function checkWindow(row: BookingRow, rules: BookingRules, changer: Changer, now: Date): void {
  if (changer.by === "customer" && now.getTime() > changeableUntil(row, rules).getTime())
    throw new ApiError("CANCEL_WINDOW_PASSED");
}

/**
 * Moves a booking to a new start and/or resource. Staff may move outside hours with
 * `overrideReason` (kept in the history), never onto another booking. Answers the moved row.
 */
export async function moveBooking(
  db: Database,
  shop: BookingShop,
  id: number,
  move: BookingMove,
  changer: Changer,
  now = new Date(),
): Promise<BookingRow> {
  const storeId = shop.store.id;
  const rules = await bookingRulesOf(db, storeId);
  let retry: (() => Promise<ApiError>) | null = null;
  try {
    return await db.transaction(async (tx) => {
      const row = mine(await lockBooking(tx, storeId, id), changer);
      const active = changer.by === "staff" ? ["confirmed", "arrived"] : ["confirmed"];
      if (!active.includes(row.status)) throw new ApiError("APPOINTMENT_NOT_ACTIVE");
      if (row.version !== move.version) throw new ApiError("RESCHEDULE_STALE");
      checkWindow(row, rules, changer, now);
      const chosen = await chooseResources(
        tx,
        storeId,
        rules,
        {
          serviceId: row.serviceId,
          resourceId: move.resourceId,
          startsAt: move.startsAt,
          ignoreBookingId: row.id,
        },
        changer.by === "staff"
          ? { staff: true, overrideReason: changer.overrideReason?.trim() || null }
          : { staff: false },
        now,
      );
      const resourceId = chosen.resourceIds.includes(row.resourceId) ? row.resourceId : chosen.resourceIds[0];
      if (resourceId === undefined) throw new Error("a chosen time without a resource");
      retry = () => slotUnavailable(db, chosen.ask, move.startsAt);
      const length = row.endsAt.getTime() - row.startsAt.getTime();
      const buffer = row.blockedUntil.getTime() - row.endsAt.getTime();
      const [moved] = await tx
        .update(bookings)
        .set({
          startsAt: move.startsAt,
          endsAt: new Date(move.startsAt.getTime() + length),
          blockedUntil: new Date(move.startsAt.getTime() + length + buffer),
          resourceId,
          version: sql`${bookings.version} + 1`,
          reminderSentAt: null,
          updatedAt: now,
          ...(chosen.overrideReason ? { overrideReason: chosen.overrideReason } : {}),
        })
        .where(
          and(eq(bookings.storeId, storeId), eq(bookings.id, row.id), eq(bookings.version, move.version)),
        )
        .returning();
      if (!moved) throw new ApiError("RESCHEDULE_STALE");
      await tx.insert(bookingHistory).values({
        storeId,
        bookingId: row.id,
        action: "moved",
        fromStartsAt: row.startsAt,
        fromResourceId: row.resourceId,
        toStartsAt: moved.startsAt,
        toResourceId: moved.resourceId,
        version: moved.version,
        staffId: changer.by === "staff" ? changer.staffId : null,
        reason: chosen.overrideReason,
      });
      await tellOf(tx, shop, rules, "moved", moved, manageTokenOf(shop, moved.code));
      return moved;
    });
  } catch (error) {
    const unavailable = retry as (() => Promise<ApiError>) | null;
    if (isExclusionViolation(error) && unavailable) throw await unavailable();
    throw error;
  }
}

/**
 * Cancels a booking: its time is free at once; a paid deposit is refunded (a shopper cancels only
 * within the window; staff any time). Answers the cancelled row.
 */
export async function cancelBooking(
  db: Database,
  payments: PaymentProviders,
  shop: BookingShop,
  id: number,
  changer: Changer,
  reason: string,
  now = new Date(),
): Promise<BookingRow> {
  const storeId = shop.store.id;
  const rules = await bookingRulesOf(db, storeId);
  const cancelled = await db.transaction(async (tx) => {
    const row = mine(await lockBooking(tx, storeId, id), changer);
    if (
      !["pending", "confirmed", "arrived"].includes(row.status) ||
      (changer.by === "customer" && row.status !== "confirmed")
    )
      throw new ApiError("APPOINTMENT_NOT_ACTIVE");
    checkWindow(row, rules, changer, now);
    const [done] = await tx
      .update(bookings)
      .set({
        status: "cancelled",
        cancelledAt: now,
        cancelledBy: changer.by,
        cancelReason: reason || null,
        version: sql`${bookings.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(bookings.storeId, storeId), eq(bookings.id, row.id)))
      .returning();
    if (!done) throw new Error(`booking ${row.id} not cancelled`);
    await tx.insert(bookingHistory).values({
      storeId,
      bookingId: row.id,
      action: "cancelled",
      fromStartsAt: row.startsAt,
      fromResourceId: row.resourceId,
      version: done.version,
      staffId: changer.by === "staff" ? changer.staffId : null,
      reason: reason || null,
    });
    // Told in the same transaction, so a cancellation is never left untold; a paid deposit is
    // refunded right after the commit.
    await tellOf(
      tx,
      shop,
      rules,
      "cancelled",
      done,
      manageTokenOf(shop, done.code),
      done.depositStatus === "paid",
    );
    return done;
  });
  // The refund is asked after the time is freed; its key makes a second ask move nothing. A refund
  // the provider refuses leaves the deposit `paid` on a cancelled booking, for staff to give back.
  const refunded = await refundDeposit(payments, shop.store, cancelled);
  if (!refunded) return cancelled;
  const [after] = await db
    .update(bookings)
    .set({ depositStatus: "refunded" })
    .where(and(eq(bookings.storeId, storeId), eq(bookings.id, id)))
    .returning();
  return after ?? cancelled;
}
