import { type Booking, type Locale, localized } from "@stoa/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Database, Tx } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { localParts } from "./free-times.ts";
import type { BookingRules } from "./settings.ts";
import { type BookingRow, bookingResources, bookingServices } from "./tables.ts";

/** Names of services and resources by id, for showing bookings (inactive ones too: a booking keeps its names). */
export type Names = { services: Map<number, string>; resources: Map<number, string> };

export async function namesOf(
  db: Database | Tx,
  storeId: number,
  rows: BookingRow[],
  locale: Locale,
): Promise<Names> {
  const serviceIds = [...new Set(rows.map((r) => r.serviceId))];
  const resourceIds = [...new Set(rows.map((r) => r.resourceId))];
  const [services, resources] = await Promise.all([
    serviceIds.length
      ? db
          .select({ id: bookingServices.id, names: bookingServices.nameLocalizations })
          .from(bookingServices)
          .where(and(eq(bookingServices.storeId, storeId), inArray(bookingServices.id, serviceIds)))
      : [],
    resourceIds.length
      ? db
          .select({ id: bookingResources.id, names: bookingResources.nameLocalizations })
          .from(bookingResources)
          .where(and(eq(bookingResources.storeId, storeId), inArray(bookingResources.id, resourceIds)))
      : [],
  ]);
  return {
    services: new Map(services.map((s) => [s.id, localized(s.names, locale)])),
    resources: new Map(resources.map((r) => [r.id, localized(r.names, locale)])),
  };
}

/** When online changes close: the cancellation window before the start. */
export function changeableUntil(row: Pick<BookingRow, "startsAt">, rules: BookingRules): Date {
  return new Date(row.startsAt.getTime() - rules.cancelWindowMinutes * 60_000);
}

/** The calendar file's UID: the booking's code at the shop's domain, the same through every reschedule. */
export const calendarUidOf = (row: Pick<BookingRow, "code">, store: StoreRow) =>
  `${row.code}@${store.domain}`;

export function bookingView(
  row: BookingRow,
  store: StoreRow,
  rules: BookingRules,
  names: Names,
  locale: Locale,
  now = new Date(),
): Booking {
  const local = localParts(row.startsAt, rules.timezone);
  const until = changeableUntil(row, rules);
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    source: row.source,
    serviceId: row.serviceId,
    serviceName: names.services.get(row.serviceId) ?? "",
    resourceId: row.resourceId,
    resourceName: names.resources.get(row.resourceId) ?? "",
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timezone: rules.timezone,
    localDate: local.date,
    localTime: local.time,
    name: row.name,
    phone: row.phone,
    email: row.email,
    note: row.note,
    price: row.price,
    deposit: row.deposit,
    depositStatus: row.depositStatus,
    currency: row.currency,
    version: row.version,
    cancelledBy: row.cancelledBy ?? null,
    changeableUntil: until.toISOString(),
    changeable: row.status === "confirmed" && now.getTime() <= until.getTime(),
    calendarUid: calendarUidOf(row, store),
    storeName: localized(store.nameLocalizations, locale),
  };
}

/** One booking shown in a language. */
export async function showBooking(
  db: Database | Tx,
  store: StoreRow,
  rules: BookingRules,
  row: BookingRow,
  locale: Locale,
): Promise<Booking> {
  return bookingView(row, store, rules, await namesOf(db, store.id, [row], locale), locale);
}
