import type { Diary, DiaryDetail, DiaryEntry, DiaryKind, DiaryView, Locale } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { bookingRulesOf } from "../bookings/settings.ts";
import {
  type BookingEntry,
  bookingEntry,
  bookingHistoryOf,
  bookingServiceNames,
  bookingsBetween,
  resourceNames,
} from "../bookings/staff-diary.ts";
import { zonedInstant } from "../delivery/windows.ts";
import type { Database } from "../platform/db/database.ts";
import { localDateOf } from "../reservations/calendar.ts";
import {
  type ReservationEntry,
  reservationEntry,
  reservationServiceNames,
  reservationsOfDays,
} from "../reservations/staff-diary.ts";

/*
 * The diary staff keep: a local day (or a week from it) of reservations and bookings, side by side,
 * each with how often its customer did not come.
 */

const DAY = 86_400_000;

type Person = { customerId: number | null; email: string; phone: string };

/** A customer's key for no-shows: their account, else their email, else their phone. */
function personKey(p: Person): string | null {
  if (p.customerId !== null) return `c:${p.customerId}`;
  if (p.email) return `e:${p.email.toLowerCase()}`;
  if (p.phone) return `p:${p.phone}`;
  return null;
}

/** How many reservations and bookings each of these people did not come to, at this shop. */
async function noShowCounts(db: Database, storeId: number, people: Person[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const ids = [...new Set(people.flatMap((p) => (p.customerId === null ? [] : [p.customerId])))];
  const emails = [
    ...new Set(people.flatMap((p) => (p.customerId === null && p.email ? [p.email.toLowerCase()] : []))),
  ];
  const phones = [
    ...new Set(people.flatMap((p) => (p.customerId === null && !p.email && p.phone ? [p.phone] : []))),
  ];
  if (ids.length + emails.length + phones.length === 0) return counts;
  const any = (column: string, values: (string | number)[]) =>
    values.length === 0
      ? sql`false`
      : sql`${sql.raw(column)} IN (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`;
  const match = sql`(${any("customer_id", ids)} OR ${any("lower(email)", emails)} OR ${any("phone", phones)})`;
  const result = await db.execute(sql`
    SELECT customer_id, email, phone FROM reservations WHERE store_id = ${storeId} AND status = 'noShow' AND ${match}
    UNION ALL
    SELECT customer_id, email, phone FROM bookings WHERE store_id = ${storeId} AND status = 'noShow' AND ${match}`);
  const rows = (result as unknown as { rows: { customer_id: number | null; email: string; phone: string }[] })
    .rows;
  for (const row of rows) {
    const keys = [
      row.customer_id === null ? null : `c:${row.customer_id}`,
      row.email ? `e:${row.email.toLowerCase()}` : null,
      row.phone ? `p:${row.phone}` : null,
    ];
    for (const key of new Set(keys)) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function fromReservation(row: ReservationEntry, noShows: number): DiaryEntry {
  return {
    kind: "reservation",
    id: row.id,
    code: row.code,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    resourceId: null,
    resourceName: null,
    partySize: row.partySize,
    name: row.name,
    phone: row.phone,
    email: row.email,
    note: row.note,
    status: row.status,
    source: row.source,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    noShows,
    overrideReason: row.overrideReason,
    cancelReason: row.cancelReason,
  };
}

function fromBooking(row: BookingEntry, noShows: number): DiaryEntry {
  return {
    kind: "booking",
    id: row.id,
    code: row.code,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    resourceId: row.resourceId,
    resourceName: row.resourceName,
    partySize: null,
    name: row.name,
    phone: row.phone,
    email: row.email,
    note: row.note,
    status: row.status,
    source: row.source,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    noShows,
    overrideReason: row.overrideReason,
    cancelReason: row.cancelReason,
  };
}

/** Diary entries of reservations and bookings, each with its customer's no-show count, by start. */
export async function toEntries(
  db: Database,
  storeId: number,
  reservations: ReservationEntry[],
  bookings: BookingEntry[],
): Promise<DiaryEntry[]> {
  const counts = await noShowCounts(db, storeId, [...reservations, ...bookings]);
  const count = (p: Person) => {
    const key = personKey(p);
    return key ? (counts.get(key) ?? 0) : 0;
  };
  return [
    ...reservations.map((r) => fromReservation(r, count(r))),
    ...bookings.map((b) => fromBooking(b, count(b))),
  ].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.kind.localeCompare(b.kind) || a.id - b.id);
}

/** A local day, or the week from it, of the shop's diary. */
export async function diaryOf(
  db: Database,
  storeId: number,
  locale: Locale,
  date: string | null,
  view: DiaryView,
): Promise<Diary> {
  const { timezone } = await bookingRulesOf(db, storeId);
  const first = date ?? localDateOf(new Date(), timezone);
  const count = view === "week" ? 7 : 1;
  const firstMidnight = Date.parse(`${first}T00:00:00Z`);
  const days = Array.from({ length: count }, (_, i) =>
    new Date(firstMidnight + i * DAY).toISOString().slice(0, 10),
  );
  const last = days[days.length - 1] ?? first;
  const [reservations, bookings, reservationServices, bookingServices, resources] = await Promise.all([
    reservationsOfDays(db, storeId, first, last, locale),
    bookingsBetween(
      db,
      storeId,
      zonedInstant(firstMidnight, 0, timezone),
      zonedInstant(firstMidnight + count * DAY, 0, timezone),
      locale,
    ),
    reservationServiceNames(db, storeId, locale),
    bookingServiceNames(db, storeId, locale),
    resourceNames(db, storeId, locale),
  ]);
  return {
    timezone,
    date: first,
    view,
    days,
    reservationServices,
    bookingServices,
    resources,
    entries: await toEntries(db, storeId, reservations, bookings),
  };
}

/** One entry with a booking's history and the resources it may move to. */
export async function diaryDetail(
  db: Database,
  storeId: number,
  locale: Locale,
  kind: DiaryKind,
  id: number,
): Promise<DiaryDetail> {
  const { timezone } = await bookingRulesOf(db, storeId);
  if (kind === "reservation") {
    const row = await reservationEntry(db, storeId, id, locale);
    const [entry] = await toEntries(db, storeId, [row], []);
    return { entry: entry as DiaryEntry, timezone, history: [], resources: [], version: null };
  }
  const row = await bookingEntry(db, storeId, id, locale);
  const [[entry], history, resources] = await Promise.all([
    toEntries(db, storeId, [], [row]),
    bookingHistoryOf(db, storeId, id),
    resourceNames(db, storeId, locale, row.serviceId),
  ]);
  return {
    entry: entry as DiaryEntry,
    timezone,
    history: history.map((h) => ({
      action: h.action,
      fromStartsAt: h.fromStartsAt?.toISOString() ?? null,
      toStartsAt: h.toStartsAt?.toISOString() ?? null,
      fromResourceId: h.fromResourceId,
      toResourceId: h.toResourceId,
      reason: h.reason,
      at: h.createdAt.toISOString(),
    })),
    resources,
    version: row.version,
  };
}
