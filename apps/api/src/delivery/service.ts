import {
  type DeliveryOptions,
  type DeliverySchedule,
  type DeliveryType,
  type Locale,
  localized,
  type OpeningHours,
  type PickupPoint,
  type PostOption,
  type TimedDeliveryType,
} from "@stoa/contract";
import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import type { StoreRow } from "../stores/tables.ts";
import { hasHours, isOpenAt, nextOpening } from "./opening-hours.ts";
import {
  DEFAULT_DELIVERY_SETTINGS as DEFAULTS,
  type DeliverySettingsRow,
  deliveryBookings,
  deliverySettings,
  deliveryWindowLoads,
  type PickupPointRow,
  type PostOptionRow,
  pickupPoints,
  postOptions,
} from "./tables.ts";
import { findWindow, type ScheduledDay, scheduleDays } from "./windows.ts";

export type DeliverySettings = Omit<DeliverySettingsRow, "storeId" | "createdAt" | "updatedAt">;

/** A store without a settings row has the columns' defaults (tables.ts). */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  ...DEFAULTS,
  openDays: [...DEFAULTS.openDays],
};

export async function deliverySettingsOf(db: Database, storeId: number): Promise<DeliverySettings> {
  const [row] = await db.select().from(deliverySettings).where(eq(deliverySettings.storeId, storeId));
  if (!row) return DEFAULT_DELIVERY_SETTINGS;
  const { storeId: _store, createdAt: _created, updatedAt: _updated, ...settings } = row;
  return settings;
}

/**
 * How the booked windows are laid out: between their own hours and on their own days where the
 * shop set them (decision 056), else by the opening hours, as windows were before they had their own.
 */
export function bookedWindowLayout(settings: DeliverySettings): DeliverySettings {
  return {
    ...settings,
    opensAt: settings.windowOpensAt ?? settings.opensAt,
    closesAt: settings.windowClosesAt ?? settings.closesAt,
    openDays: settings.windowDays ?? settings.openDays,
  };
}

/** The shop's opening hours (staff), from its delivery settings. */
export async function openingHoursOf(db: Database, storeId: number): Promise<OpeningHours> {
  const { timezone, opensAt, closesAt, openDays } = await deliverySettingsOf(db, storeId);
  return { timezone, opensAt, closesAt, openDays };
}

/**
 * Sets the shop's opening hours (staff); the rest of its delivery settings stay as they were. A
 * store without settings gets a row with the defaults beside the hours. Checkout reads the new
 * hours within the moment its settings are remembered for (STORE_FRESH_MS).
 */
export async function setOpeningHours(
  db: Database,
  storeId: number,
  hours: OpeningHours,
): Promise<OpeningHours> {
  const { timezone, opensAt, closesAt, openDays } = hours;
  const values = { timezone, opensAt, closesAt, openDays: [...new Set(openDays)].sort((a, b) => a - b) };
  await db
    .insert(deliverySettings)
    .values({ ...DEFAULT_DELIVERY_SETTINGS, storeId, ...values })
    .onConflictDoUpdate({ target: deliverySettings.storeId, set: { ...values, updatedAt: sql`now()` } });
  return values;
}

export async function postOptionsOf(db: Database, storeId: number): Promise<PostOptionRow[]> {
  return db
    .select()
    .from(postOptions)
    .where(and(eq(postOptions.storeId, storeId), eq(postOptions.isActive, true)))
    .orderBy(asc(postOptions.sort), asc(postOptions.id));
}

export async function pickupPointsOf(db: Database, storeId: number): Promise<PickupPointRow[]> {
  return db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.storeId, storeId), eq(pickupPoints.isActive, true)))
    .orderBy(asc(pickupPoints.sort), asc(pickupPoints.id));
}

export function postOptionOf(row: PostOptionRow, locale: Locale): PostOption {
  return {
    id: row.id,
    name: localized(row.nameLocalizations, locale),
    price: row.price,
    daysMin: row.daysMin,
    daysMax: row.daysMax,
  };
}

export function pickupPointOf(row: PickupPointRow, locale: Locale): PickupPoint {
  return {
    id: row.id,
    name: localized(row.nameLocalizations, locale),
    address: localized(row.addressLocalizations, locale),
  };
}

/**
 * The delivery types a shop takes, given what it has set up; digital goods are always downloadable.
 * A shop with no opening hours takes neither deliveries nor pickups: it has no time to prepare them.
 */
export function offeredDeliveryTypes(
  settings: DeliverySettings,
  posts: readonly unknown[],
  pickups: readonly unknown[],
): DeliveryType[] {
  const types: DeliveryType[] = [];
  const opens = hasHours(settings);
  if (settings.offersDelivery && opens) types.push("delivery");
  if (pickups.length > 0 && opens) types.push("pickup");
  if (posts.length > 0) types.push("post");
  types.push("digital");
  return types;
}

/** The answer of `storeDeliveryByPost/query`. */
export async function deliveryOptions(
  db: Database,
  store: StoreRow,
  locale: Locale,
): Promise<DeliveryOptions> {
  const [settings, posts, pickups] = await Promise.all([
    deliverySettingsOf(db, store.id),
    postOptionsOf(db, store.id),
    pickupPointsOf(db, store.id),
  ]);
  return {
    currency: store.currency,
    deliveryTypes: offeredDeliveryTypes(settings, posts, pickups),
    postOptions: posts.map((row) => postOptionOf(row, locale)),
    pickupPoints: pickups.map((row) => pickupPointOf(row, locale)),
  };
}

/** Bookings held by the store's windows that start in [from, to), by start instant (ms). */
async function loadsBetween(
  db: Database,
  storeId: number,
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ startsAt: deliveryWindowLoads.startsAt, booked: deliveryWindowLoads.booked })
    .from(deliveryWindowLoads)
    .where(
      and(
        eq(deliveryWindowLoads.storeId, storeId),
        gte(deliveryWindowLoads.startsAt, from),
        lt(deliveryWindowLoads.startsAt, to),
      ),
    );
  return new Map(rows.map((row) => [row.startsAt.getTime(), row.booked]));
}

function spanOf(days: readonly ScheduledDay[]): { from: Date; to: Date } | null {
  const windows = days.flatMap((day) => day.windows);
  const first = windows[0];
  const last = windows.at(-1);
  return first && last ? { from: first.start, to: new Date(last.start.getTime() + 1) } : null;
}

/**
 * Whether the shop books deliveries in windows: then a delivery needs one, and each takes only so
 * many orders. Otherwise a delivery, like every pickup, is prepared as soon as possible or for a
 * time the shopper chooses.
 */
export const booksDeliveryWindows = (settings: DeliverySettings, type: DeliveryType): boolean =>
  type === "delivery" && settings.offersDelivery && settings.scheduled;

/**
 * The times a shopper may choose for an order the shop prepares without booking a window (a
 * pickup, or a delivery of a shop that does not book them): the schedule's days, laid out by the
 * opening hours, and at least through the day the shop opens next, so a shop that asks for a time
 * because it is closed has one to offer.
 */
export function orderTimes(settings: DeliverySettings, now: Date): ScheduledDay[] {
  const opening = isOpenAt(settings, now) ? null : nextOpening(settings, now);
  const daysAhead = Math.max(settings.daysAhead, (opening?.daysFromToday ?? 0) + 1);
  // A day whose hours are shorter than the cut-off has no time left to choose: a closed shop runs
  // on to the first day that has one, within a week of the day it opens next.
  for (let more = 0; ; more++) {
    const days = scheduleDays({ ...settings, daysAhead: daysAhead + more }, now);
    if (!opening || more === 7 || days.some((day) => day.windows.some((time) => !time.cutoffPassed)))
      return days;
  }
}

/** Whether a time is one of `orderTimes` and not past its cut-off. */
export function isOfferedTime(
  settings: DeliverySettings,
  time: { start: Date; end: Date },
  now = new Date(),
): boolean {
  const found = findWindow(orderTimes(settings, now), time.start, time.end);
  return !!found && !found.cutoffPassed;
}

/**
 * Whether an order for as soon as possible is taken now: `open` while the shop is open by its
 * hours, else when it opens next (null when no day of the week has hours: it never does).
 */
export function asSoonAsPossible(
  hours: OpeningHours,
  now = new Date(),
): { open: true } | { open: false; opensAt: Date | null } {
  if (isOpenAt(hours, now)) return { open: true };
  return { open: false, opensAt: nextOpening(hours, now)?.opensAt ?? null };
}

/**
 * The answer of `storeDeliverySchedule/query`: the windows of the coming days with what each still
 * takes, where the shop books deliveries; else the times an order may be asked for, which take any
 * number of orders.
 */
export async function deliverySchedule(
  db: Database,
  store: StoreRow,
  type: TimedDeliveryType = "delivery",
  now = new Date(),
): Promise<DeliverySchedule> {
  const settings = await deliverySettingsOf(db, store.id);
  const base = { timezone: settings.timezone, windowMinutes: settings.windowMinutes };
  if (type === "delivery" && !settings.offersDelivery) return { ...base, scheduled: false, days: [] };
  if (!booksDeliveryWindows(settings, type))
    return {
      ...base,
      scheduled: false,
      days: orderTimes(settings, now).map((day) => ({
        date: day.date,
        windows: day.windows.map((time) => ({
          start: time.start.toISOString(),
          end: time.end.toISOString(),
          available: !time.cutoffPassed,
          remaining: null,
          full: false,
        })),
      })),
    };
  const days = scheduleDays(bookedWindowLayout(settings), now);
  const span = spanOf(days);
  const loads = span ? await loadsBetween(db, store.id, span.from, span.to) : new Map<number, number>();
  return {
    ...base,
    scheduled: true,
    days: days.map((day) => ({
      date: day.date,
      windows: day.windows.map((window) => {
        const remaining = Math.max(0, settings.capacity - (loads.get(window.start.getTime()) ?? 0));
        const available = !window.cutoffPassed && remaining > 0;
        return {
          start: window.start.toISOString(),
          end: window.end.toISOString(),
          available,
          remaining: available ? remaining : 0,
          full: remaining === 0,
        };
      }),
    })),
  };
}

/** Whether the window is one the schedule offers now, before its cut-off: only such a one is looked up. */
export function isOfferedWindow(
  settings: DeliverySettings,
  window: { start: Date; end: Date },
  now = new Date(),
): boolean {
  const found = findWindow(scheduleDays(bookedWindowLayout(settings), now), window.start, window.end);
  return !!found && !found.cutoffPassed;
}

/**
 * The orders a window holds, by the placeholders of a statement's store and window start; no row
 * before its first booking. A checkout's reads ask it in their one statement (pricing/checkout-reads.ts).
 */
export const windowLoadSelect = (store: string, start: string) =>
  `SELECT booked FROM delivery_window_loads WHERE store_id = ${store} AND starts_at = ${start}`;

/** Whether an offered window holding `booked` orders has no room for one more. */
export const isWindowFull = (settings: DeliverySettings, booked: number): boolean =>
  booked >= settings.capacity;

/** Raises the window's count below capacity and records the booking (migration 0012). */
const bookWindow = statement<{ booked: boolean }>(
  "delivery_book_window",
  "SELECT stoa_book_delivery_window($1, $2, $3, $4, $5) AS booked",
);

/**
 * Books a window for an order inside the caller's transaction, in one call that concurrent orders
 * can never overfill a window through. false when the window is full or
 * not one the schedule offers (the order must not be placed). `settings` are the store's delivery
 * settings when the caller has them already.
 */
export async function bookDeliveryWindow(
  tx: Database,
  storeId: number,
  window: { start: Date; end: Date },
  orderId: number,
  settings?: DeliverySettings,
): Promise<boolean> {
  const schedule = settings ?? (await deliverySettingsOf(tx, storeId));
  const found = schedule.scheduled
    ? findWindow(scheduleDays(bookedWindowLayout(schedule), new Date()), window.start, window.end)
    : null;
  if (!found || found.cutoffPassed || schedule.capacity < 1) return false;
  const [row] = await run(tx, bookWindow, [storeId, window.start, window.end, orderId, schedule.capacity]);
  return row?.booked === true;
}

/** Gives an order's window back (cancelled or failed order); a second call changes nothing. */
export async function releaseDeliveryWindow(tx: Database, storeId: number, orderId: number): Promise<void> {
  const released = await tx
    .update(deliveryBookings)
    .set({ releasedAt: sql`now()` })
    .where(
      and(
        eq(deliveryBookings.storeId, storeId),
        eq(deliveryBookings.orderId, orderId),
        isNull(deliveryBookings.releasedAt),
      ),
    )
    .returning({ startsAt: deliveryBookings.startsAt });
  for (const { startsAt } of released) {
    await tx
      .update(deliveryWindowLoads)
      .set({ booked: sql`${deliveryWindowLoads.booked} - 1` })
      .where(
        and(
          eq(deliveryWindowLoads.storeId, storeId),
          eq(deliveryWindowLoads.startsAt, startsAt),
          sql`${deliveryWindowLoads.booked} > 0`,
        ),
      );
  }
}
