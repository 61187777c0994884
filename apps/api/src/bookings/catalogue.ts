import {
  type BookingException,
  type BookingResource,
  type BookingService,
  HOLDING_STATUSES,
  type Locale,
  localized,
} from "@stoa/contract";
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import type { Database, Tx } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import {
  type BookingResourceRow,
  type BookingServiceRow,
  bookingExceptions,
  bookingResourceServices,
  bookingResources,
  bookingServices,
  bookings,
} from "./tables.ts";

/* What the shop books and who performs it, as stored and as shoppers see it. */

type Reader = Database | Tx;

export async function activeServices(db: Reader, storeId: number): Promise<BookingServiceRow[]> {
  return db
    .select()
    .from(bookingServices)
    .where(and(eq(bookingServices.storeId, storeId), eq(bookingServices.active, true)))
    .orderBy(asc(bookingServices.sort), asc(bookingServices.id));
}

export async function activeResources(db: Reader, storeId: number): Promise<BookingResourceRow[]> {
  return db
    .select()
    .from(bookingResources)
    .where(and(eq(bookingResources.storeId, storeId), eq(bookingResources.active, true)))
    .orderBy(asc(bookingResources.sort), asc(bookingResources.id));
}

/** Which resource performs which service in the store. */
export async function performers(db: Reader, storeId: number) {
  return db
    .select({ resourceId: bookingResourceServices.resourceId, serviceId: bookingResourceServices.serviceId })
    .from(bookingResourceServices)
    .where(eq(bookingResourceServices.storeId, storeId));
}

/** A service the shop books, with the active resources performing it; null when it books none such. */
export async function serviceWithResources(
  db: Reader,
  storeId: number,
  serviceId: number,
): Promise<{ service: BookingServiceRow; resources: BookingResourceRow[] } | null> {
  const [services, resources, links] = await Promise.all([
    activeServices(db, storeId),
    activeResources(db, storeId),
    performers(db, storeId),
  ]);
  const service = services.find((s) => s.id === serviceId);
  if (!service) return null;
  const ids = new Set(links.filter((l) => l.serviceId === serviceId).map((l) => l.resourceId));
  return { service, resources: resources.filter((r) => ids.has(r.id)) };
}

/** The exceptions of the store (shop-wide and every resource's) that overlap [from, until). */
export async function exceptionsBetween(db: Reader, storeId: number, from: Date, until: Date) {
  return db
    .select()
    .from(bookingExceptions)
    .where(
      and(
        eq(bookingExceptions.storeId, storeId),
        gt(bookingExceptions.endsAt, from),
        lt(bookingExceptions.startsAt, until),
      ),
    )
    .orderBy(asc(bookingExceptions.startsAt), asc(bookingExceptions.id));
}

/** The holding bookings of these resources whose blocked time overlaps [from, until). */
export async function holdingBookingsBetween(
  db: Reader,
  storeId: number,
  resourceIds: number[],
  from: Date,
  until: Date,
) {
  if (resourceIds.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      resourceId: bookings.resourceId,
      startsAt: bookings.startsAt,
      blockedUntil: bookings.blockedUntil,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.storeId, storeId),
        inArray(bookings.resourceId, resourceIds),
        inArray(bookings.status, [...HOLDING_STATUSES]),
        lt(bookings.startsAt, until),
        gt(bookings.blockedUntil, from),
      ),
    );
}

export function serviceView(
  row: BookingServiceRow,
  store: StoreRow,
  locale: Locale,
  resourceIds: number[],
): BookingService {
  return {
    id: row.id,
    name: localized(row.nameLocalizations, locale),
    description: localized(row.descriptionLocalizations, locale),
    durationMinutes: row.durationMinutes,
    bufferMinutes: row.bufferMinutes,
    price: row.price,
    deposit: row.deposit,
    currency: store.currency,
    resourceIds,
  };
}

export function resourceView(row: BookingResourceRow, locale: Locale, serviceIds: number[]): BookingResource {
  return {
    id: row.id,
    name: localized(row.nameLocalizations, locale),
    description: localized(row.descriptionLocalizations, locale),
    hours: row.hours,
    serviceIds,
  };
}

export function exceptionView(row: typeof bookingExceptions.$inferSelect): BookingException {
  return {
    id: row.id,
    resourceId: row.resourceId,
    kind: row.kind,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reason: row.reason,
  };
}
