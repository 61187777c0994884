import { type BookingList, type Locale, paginate } from "@stoa/contract";
import { and, asc, count, desc, eq, gte, lt } from "drizzle-orm";
import { authenticate } from "../auth/sessions.ts";
import { type ThrottleRule, throttle } from "../auth/throttle.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { manageTokenLookup } from "./codes.ts";
import { bookingRulesOf } from "./settings.ts";
import { type BookingRow, bookings } from "./tables.ts";
import { bookingView, namesOf } from "./view.ts";

/* A shopper's own bookings: by their account, or by the manage link's token (guests included). */

/** Manage links opened per client address a minute: a token cannot be guessed, and is not tried at volume. */
const MANAGE_LINKS_PER_IP: ThrottleRule = { limit: 60, windowSeconds: 60 };

/** The booking a manage link opens in this store, or APPOINTMENT_LINK_INVALID. */
export async function bookingByToken(db: Database, ctx: RequestContext, token: string): Promise<BookingRow> {
  await throttle(db, `booking-manage:ip:${ctx.caller.ip}`, MANAGE_LINKS_PER_IP);
  const hash = manageTokenLookup(token);
  if (!hash) throw new ApiError("APPOINTMENT_LINK_INVALID");
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.storeId, ctx.store.id), eq(bookings.manageTokenHash, hash)));
  if (!row) throw new ApiError("APPOINTMENT_LINK_INVALID");
  return row;
}

/** The signed-in shopper (or guest session) booking, so the booking lands in their account; else nobody. */
export async function bookingCustomer(db: Database, ctx: RequestContext): Promise<number | null> {
  if (!ctx.caller.bearerToken) return null;
  return authenticate(db, ctx, { unverifiedMayCall: true }).then(
    ({ customer }) => customer.id,
    () => null,
  );
}

/** A customer's bookings: upcoming by start, or past newest first. */
export async function listBookings(
  db: Database,
  store: StoreRow,
  locale: Locale,
  customerId: number,
  when: "upcoming" | "past",
  page: { limit: number; page: number },
): Promise<BookingList> {
  const now = new Date();
  const where = and(
    eq(bookings.storeId, store.id),
    eq(bookings.customerId, customerId),
    when === "upcoming" ? gte(bookings.startsAt, now) : lt(bookings.startsAt, now),
  );
  const [rows, [total], rules] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(where)
      .orderBy(when === "upcoming" ? asc(bookings.startsAt) : desc(bookings.startsAt), asc(bookings.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(bookings).where(where),
    bookingRulesOf(db, store.id),
  ]);
  const names = await namesOf(db, store.id, rows, locale);
  return paginate(
    rows.map((row) => bookingView(row, store, rules, names, locale, now)),
    total?.n ?? 0,
    page,
  );
}
