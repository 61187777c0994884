import {
  type BookingResourceSetup,
  type BookingServiceSetup,
  type BookingSettingsSetup,
  HOLDING_STATUSES,
  type Locale,
  localized,
} from "@stoa/contract";
import { and, asc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database, Tx } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { isExclusionViolation } from "./create.ts";
import { bookingRulesOf } from "./settings.ts";
import {
  type BookingRow,
  bookingExceptions,
  bookingHistory,
  bookingResourceServices,
  bookingResources,
  bookingServices,
  bookingSettings,
  bookings,
} from "./tables.ts";

/*
 * The bookings side of the staff diary: a range's bookings, marking them (moving and cancelling go
 * through change.ts, as a shopper's do), exceptions to the resources' hours, and the setup of
 * services, resources and the shop's rules.
 */

export type Actor = { storeId: number; staffId: number };

export type BookingEntry = BookingRow & { serviceName: string; resourceName: string };

async function withNames(db: Database | Tx, storeId: number, rows: BookingRow[], locale: Locale) {
  const [services, resources] = await Promise.all([
    db.select().from(bookingServices).where(eq(bookingServices.storeId, storeId)),
    db.select().from(bookingResources).where(eq(bookingResources.storeId, storeId)),
  ]);
  const serviceNames = new Map(services.map((s) => [s.id, localized(s.nameLocalizations, locale)]));
  const resourceNames = new Map(resources.map((r) => [r.id, localized(r.nameLocalizations, locale)]));
  return rows.map((row) => ({
    ...row,
    serviceName: serviceNames.get(row.serviceId) ?? "",
    resourceName: resourceNames.get(row.resourceId) ?? "",
  }));
}

/** The bookings starting in [from, to), by start. */
export async function bookingsBetween(db: Database, storeId: number, from: Date, to: Date, locale: Locale) {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.storeId, storeId), gte(bookings.startsAt, from), lt(bookings.startsAt, to)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return withNames(db, storeId, rows, locale);
}

export async function bookingEntry(db: Database | Tx, storeId: number, id: number, locale: Locale) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.storeId, storeId), eq(bookings.id, id)));
  if (!row) throw new ApiError("NOT_FOUND");
  const [entry] = await withNames(db, storeId, [row], locale);
  return entry as BookingEntry;
}

export async function bookingHistoryOf(db: Database, storeId: number, id: number) {
  return db
    .select()
    .from(bookingHistory)
    .where(and(eq(bookingHistory.storeId, storeId), eq(bookingHistory.bookingId, id)))
    .orderBy(asc(bookingHistory.id));
}

/** The shop's resources (or those performing one service), for the diary's grouping and a move. */
export async function resourceNames(
  db: Database,
  storeId: number,
  locale: Locale,
  serviceId: number | null = null,
) {
  const rows = await db
    .select()
    .from(bookingResources)
    .where(
      and(
        eq(bookingResources.storeId, storeId),
        ...(serviceId === null
          ? []
          : [
              sql`${bookingResources.id} IN (SELECT resource_id FROM ${bookingResourceServices}
                WHERE store_id = ${storeId} AND service_id = ${serviceId})`,
            ]),
      ),
    )
    .orderBy(asc(bookingResources.sort), asc(bookingResources.id));
  return rows.map((r) => ({ id: r.id, name: localized(r.nameLocalizations, locale), active: r.active }));
}

/** The shop's bookable services, for taking a booking by phone. */
export async function bookingServiceNames(db: Database, storeId: number, locale: Locale) {
  const rows = await db
    .select()
    .from(bookingServices)
    .where(eq(bookingServices.storeId, storeId))
    .orderBy(asc(bookingServices.sort), asc(bookingServices.id));
  return rows.map((s) => ({ id: s.id, name: localized(s.nameLocalizations, locale), active: s.active }));
}

async function lockedBooking(tx: Tx, storeId: number, id: number) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.storeId, storeId), eq(bookings.id, id)))
    .for("update");
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

const where = (storeId: number, id: number) => and(eq(bookings.storeId, storeId), eq(bookings.id, id));

export async function markBooking(db: Database, actor: Actor, id: number, status: "arrived" | "noShow") {
  try {
    await markedBooking(db, actor, id, status);
  } catch (error) {
    // A no-show marked arrived holds its time again: refused when another booking has it since.
    if (isExclusionViolation(error)) throw new ApiError("SLOT_UNAVAILABLE");
    throw error;
  }
}

async function markedBooking(db: Database, actor: Actor, id: number, status: "arrived" | "noShow") {
  await db.transaction(async (tx) => {
    const row = await lockedBooking(tx, actor.storeId, id);
    if (row.status === "cancelled") throw new ApiError("APPOINTMENT_NOT_ACTIVE");
    await tx
      .update(bookings)
      .set({ status, version: row.version + 1, updatedAt: sql`now()` })
      .where(where(actor.storeId, id));
    await tx.insert(bookingHistory).values({
      storeId: actor.storeId,
      bookingId: id,
      action: status,
      version: row.version + 1,
      staffId: actor.staffId,
    });
  });
}

/** Exceptions still to come or under way. */
export async function bookingExceptionsFrom(db: Database, storeId: number, from: Date) {
  return db
    .select()
    .from(bookingExceptions)
    .where(and(eq(bookingExceptions.storeId, storeId), gt(bookingExceptions.endsAt, from)))
    .orderBy(asc(bookingExceptions.startsAt), asc(bookingExceptions.id));
}

/** Adds an exception; a closed one answers the bookings already inside it. */
export async function addBookingException(
  db: Database,
  actor: Actor,
  exception: {
    resourceId: number | null;
    kind: "closed" | "open";
    startsAt: Date;
    endsAt: Date;
    reason: string;
  },
  locale: Locale,
) {
  return db.transaction(async (tx) => {
    if (exception.resourceId !== null) {
      const [resource] = await tx
        .select({ id: bookingResources.id })
        .from(bookingResources)
        .where(
          and(eq(bookingResources.storeId, actor.storeId), eq(bookingResources.id, exception.resourceId)),
        );
      if (!resource) throw new ApiError("NOT_FOUND");
    }
    const [made] = await tx
      .insert(bookingExceptions)
      .values({ storeId: actor.storeId, ...exception, createdBy: actor.staffId })
      .returning();
    if (!made) throw new ApiError("NOT_FOUND");
    await recordChange(tx as unknown as Database, {
      storeId: actor.storeId,
      staffId: actor.staffId,
      action: "bookingException.add",
      subject: `bookingException:${made.id}`,
      after: exception,
    });
    const inside =
      exception.kind === "open"
        ? []
        : await tx
            .select()
            .from(bookings)
            .where(
              and(
                eq(bookings.storeId, actor.storeId),
                inArray(bookings.status, [...HOLDING_STATUSES]),
                lt(bookings.startsAt, exception.endsAt),
                gt(bookings.endsAt, exception.startsAt),
                ...(exception.resourceId === null ? [] : [eq(bookings.resourceId, exception.resourceId)]),
              ),
            )
            .orderBy(asc(bookings.startsAt));
    return { exception: made, affected: await withNames(tx, actor.storeId, inside, locale) };
  });
}

export async function removeBookingException(db: Database, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(bookingExceptions)
      .where(and(eq(bookingExceptions.storeId, actor.storeId), eq(bookingExceptions.id, id)))
      .returning();
    if (!gone) throw new ApiError("NOT_FOUND");
    await recordChange(tx as unknown as Database, {
      storeId: actor.storeId,
      staffId: actor.staffId,
      action: "bookingException.remove",
      subject: `bookingException:${id}`,
      before: { resourceId: gone.resourceId, kind: gone.kind, startsAt: gone.startsAt, endsAt: gone.endsAt },
    });
  });
}

function serviceSetup(row: typeof bookingServices.$inferSelect): BookingServiceSetup {
  return {
    id: row.id,
    nameLocalizations: row.nameLocalizations,
    descriptionLocalizations: row.descriptionLocalizations,
    durationMinutes: row.durationMinutes,
    bufferMinutes: row.bufferMinutes,
    price: row.price,
    deposit: row.deposit,
    active: row.active,
  };
}

export async function bookingSetupOf(db: Database, storeId: number) {
  const [services, resources, links, rules] = await Promise.all([
    db
      .select()
      .from(bookingServices)
      .where(eq(bookingServices.storeId, storeId))
      .orderBy(asc(bookingServices.sort), asc(bookingServices.id)),
    db
      .select()
      .from(bookingResources)
      .where(eq(bookingResources.storeId, storeId))
      .orderBy(asc(bookingResources.sort), asc(bookingResources.id)),
    db.select().from(bookingResourceServices).where(eq(bookingResourceServices.storeId, storeId)),
    bookingRulesOf(db, storeId),
  ]);
  const { timezone, ...settings } = rules;
  return {
    timezone,
    settings,
    bookingServices: services.map(serviceSetup),
    resources: resources.map(
      (r): BookingResourceSetup => ({
        id: r.id,
        nameLocalizations: r.nameLocalizations,
        hours: r.hours,
        serviceIds: links
          .filter((l) => l.resourceId === r.id)
          .map((l) => l.serviceId)
          .sort((a, b) => a - b),
        active: r.active,
      }),
    ),
  };
}

/** Creates or edits a bookable service; the audit log keeps before and after. */
export async function saveBookingService(
  db: Database,
  actor: Actor,
  body: Omit<BookingServiceSetup, "id"> & { id: number | null },
): Promise<BookingServiceSetup> {
  const { id, ...values } = body;
  return db.transaction(async (tx) => {
    let before: BookingServiceSetup | null = null;
    let row: typeof bookingServices.$inferSelect | undefined;
    if (id === null) {
      [row] = await tx
        .insert(bookingServices)
        .values({ storeId: actor.storeId, ...values })
        .returning();
    } else {
      const [old] = await tx
        .select()
        .from(bookingServices)
        .where(and(eq(bookingServices.storeId, actor.storeId), eq(bookingServices.id, id)))
        .for("update");
      if (!old) throw new ApiError("NOT_FOUND");
      before = serviceSetup(old);
      [row] = await tx
        .update(bookingServices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(bookingServices.storeId, actor.storeId), eq(bookingServices.id, id)))
        .returning();
    }
    if (!row) throw new ApiError("NOT_FOUND");
    const after = serviceSetup(row);
    await recordChange(tx as unknown as Database, {
      storeId: actor.storeId,
      staffId: actor.staffId,
      action: id === null ? "bookingService.create" : "bookingService.update",
      subject: `bookingService:${row.id}`,
      before,
      after,
    });
    return after;
  });
}

/** Creates or edits a resource with its hours and the services it performs. */
export async function saveBookingResource(
  db: Database,
  actor: Actor,
  body: Omit<BookingResourceSetup, "id"> & { id: number | null },
): Promise<BookingResourceSetup> {
  const { id, serviceIds, ...values } = body;
  const unique = [...new Set(serviceIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    let before: unknown = null;
    let row: typeof bookingResources.$inferSelect | undefined;
    if (id === null) {
      [row] = await tx
        .insert(bookingResources)
        .values({ storeId: actor.storeId, ...values })
        .returning();
    } else {
      const [old] = await tx
        .select()
        .from(bookingResources)
        .where(and(eq(bookingResources.storeId, actor.storeId), eq(bookingResources.id, id)))
        .for("update");
      if (!old) throw new ApiError("NOT_FOUND");
      const oldLinks = await tx
        .select({ serviceId: bookingResourceServices.serviceId })
        .from(bookingResourceServices)
        .where(
          and(eq(bookingResourceServices.storeId, actor.storeId), eq(bookingResourceServices.resourceId, id)),
        );
      before = {
        nameLocalizations: old.nameLocalizations,
        hours: old.hours,
        active: old.active,
        serviceIds: oldLinks.map((l) => l.serviceId),
      };
      [row] = await tx
        .update(bookingResources)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(bookingResources.storeId, actor.storeId), eq(bookingResources.id, id)))
        .returning();
    }
    if (!row) throw new ApiError("NOT_FOUND");
    // Checked after the resource is found: another shop's resource is not found, whatever it names.
    if (unique.length > 0) {
      const known = await tx
        .select({ id: bookingServices.id })
        .from(bookingServices)
        .where(and(eq(bookingServices.storeId, actor.storeId), inArray(bookingServices.id, unique)));
      if (known.length !== unique.length)
        throw new ApiError("INVALID_INPUT", { serviceIds: "error-field-invalid" });
    }
    await tx
      .delete(bookingResourceServices)
      .where(
        and(
          eq(bookingResourceServices.storeId, actor.storeId),
          eq(bookingResourceServices.resourceId, row.id),
        ),
      );
    if (unique.length > 0)
      await tx
        .insert(bookingResourceServices)
        .values(unique.map((serviceId) => ({ storeId: actor.storeId, resourceId: row.id, serviceId })));
    const after: BookingResourceSetup = {
      id: row.id,
      nameLocalizations: row.nameLocalizations,
      hours: row.hours,
      serviceIds: unique,
      active: row.active,
    };
    await recordChange(tx as unknown as Database, {
      storeId: actor.storeId,
      staffId: actor.staffId,
      action: id === null ? "bookingResource.create" : "bookingResource.update",
      subject: `bookingResource:${row.id}`,
      before,
      after,
    });
    return after;
  });
}

/** The shop's booking rules; the audit log keeps before and after. */
export async function saveBookingSettings(
  db: Database,
  actor: Actor,
  settings: BookingSettingsSetup,
): Promise<BookingSettingsSetup> {
  return db.transaction(async (tx) => {
    const { timezone: _zone, ...before } = await bookingRulesOf(tx as unknown as Database, actor.storeId);
    await tx
      .insert(bookingSettings)
      .values({ storeId: actor.storeId, ...settings })
      .onConflictDoUpdate({ target: bookingSettings.storeId, set: { ...settings, updatedAt: sql`now()` } });
    await recordChange(tx as unknown as Database, {
      storeId: actor.storeId,
      staffId: actor.staffId,
      action: "bookingSettings.update",
      subject: "bookingSettings",
      before,
      after: settings,
    });
    return settings;
  });
}
