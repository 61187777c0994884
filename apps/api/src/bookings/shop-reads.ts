import {
  type BookingExceptionList,
  type BookingResourceAvailable,
  type BookingResourceList,
  type BookingServiceList,
  type BookingTimeslotList,
  type Locale,
  localized,
} from "@stoa/contract";
import { zonedInstant } from "../delivery/windows.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import {
  activeResources,
  activeServices,
  exceptionsBetween,
  exceptionView,
  performers,
  resourceView,
  serviceView,
  serviceWithResources,
} from "./catalogue.ts";
import { checkDayRange, chooseResources, freeDays } from "./choose.ts";
import { DAY, dayMidnight } from "./free-times.ts";
import { bookingRulesOf } from "./settings.ts";

/* What a shopper reads before booking: services, resources, exceptions and free times. */

export async function serviceList(
  db: Database,
  store: StoreRow,
  locale: Locale,
): Promise<BookingServiceList> {
  const [services, resources, links, rules] = await Promise.all([
    activeServices(db, store.id),
    activeResources(db, store.id),
    performers(db, store.id),
    bookingRulesOf(db, store.id),
  ]);
  const active = new Set(resources.map((r) => r.id));
  return {
    services: services.map((s) =>
      serviceView(
        s,
        store,
        locale,
        links.filter((l) => l.serviceId === s.id && active.has(l.resourceId)).map((l) => l.resourceId),
      ),
    ),
    rules: {
      timezone: rules.timezone,
      leadMinutes: rules.leadMinutes,
      horizonDays: rules.horizonDays,
      cancelWindowMinutes: rules.cancelWindowMinutes,
      slotStepMinutes: rules.slotStepMinutes,
    },
  };
}

export async function resourceList(
  db: Database,
  storeId: number,
  locale: Locale,
  serviceId: number | undefined,
): Promise<BookingResourceList> {
  const [resources, links] = await Promise.all([activeResources(db, storeId), performers(db, storeId)]);
  const servicesOf = (id: number) => links.filter((l) => l.resourceId === id).map((l) => l.serviceId);
  return {
    resources: resources
      .filter((r) => serviceId === undefined || servicesOf(r.id).includes(serviceId))
      .map((r) => resourceView(r, locale, servicesOf(r.id))),
  };
}

export async function exceptionList(
  db: Database,
  storeId: number,
  query: { from: string; to: string; resourceId?: number },
): Promise<BookingExceptionList> {
  checkDayRange(query.from, query.to);
  const { timezone } = await bookingRulesOf(db, storeId);
  const from = zonedInstant(dayMidnight(query.from), 0, timezone);
  const until = zonedInstant(dayMidnight(query.to) + DAY, 0, timezone);
  const rows = await exceptionsBetween(db, storeId, from, until);
  return {
    exceptions: rows
      .filter(
        (e) => query.resourceId === undefined || e.resourceId === null || e.resourceId === query.resourceId,
      )
      .map(exceptionView),
  };
}

export async function timeslotList(
  db: Database,
  storeId: number,
  query: { serviceId: number; resourceId?: number; from: string; to: string },
): Promise<BookingTimeslotList> {
  checkDayRange(query.from, query.to);
  const [offered, rules] = await Promise.all([
    serviceWithResources(db, storeId, query.serviceId),
    bookingRulesOf(db, storeId),
  ]);
  if (!offered) throw new ApiError("SERVICE_NOT_OFFERED");
  const resources =
    query.resourceId === undefined
      ? offered.resources
      : offered.resources.filter((r) => r.id === query.resourceId);
  if (resources.length === 0) throw new ApiError("SERVICE_NOT_OFFERED");
  const days = await freeDays(
    db,
    { storeId, rules, service: offered.service, resources, now: new Date() },
    query.from,
    query.to,
  );
  return {
    timezone: rules.timezone,
    days: days.map((day) => ({
      date: day.date,
      times: day.times.map((t) => ({ ...t, startsAt: t.startsAt.toISOString() })),
    })),
  };
}

/** The resources free for a service at one start (empty when none is, or the time is not bookable). */
export async function resourcesAvailable(
  db: Database,
  store: StoreRow,
  locale: Locale,
  body: { serviceId: number; startsAt: string },
): Promise<BookingResourceAvailable> {
  const rules = await bookingRulesOf(db, store.id);
  try {
    const chosen = await chooseResources(
      db,
      store.id,
      rules,
      { serviceId: body.serviceId, resourceId: null, startsAt: new Date(body.startsAt) },
      { staff: false },
    );
    const resources = await activeResources(db, store.id);
    return {
      resources: chosen.resourceIds.map((id) => ({
        id,
        name: localized(resources.find((r) => r.id === id)?.nameLocalizations, locale),
      })),
    };
  } catch (error) {
    if (error instanceof ApiError && error.kind !== "SERVICE_NOT_OFFERED") return { resources: [] };
    throw error;
  }
}
