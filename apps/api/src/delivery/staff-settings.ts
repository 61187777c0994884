import {
  type DeliverySettingsForm,
  LOCALES,
  type Localizations,
  type OpeningHours,
  type PickupPointForm,
  type PostOptionForm,
  type StaffPickupPoint,
  type StaffPickupPointList,
  type StaffPostOption,
  type StaffPostOptionList,
} from "@stoa/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { bookedWindowLayout, DEFAULT_DELIVERY_SETTINGS, deliverySettingsOf } from "./service.ts";
import {
  deliverySettings,
  type PickupPointRow,
  type PostOptionRow,
  pickupPoints,
  postOptions,
} from "./tables.ts";

/*
 * The delivery settings the staff change from the console (issue 32): when the shop delivers to the
 * door, its postal options and its pickup points. Each change is audited in its own transaction;
 * checkout reads the new settings within STORE_FRESH_MS (pricing/checkout-settings.ts).
 */

/** Who makes a change, for the audit log. */
export type Changer = { storeId: number; staffId: number };

/** The part of the delivery screen the delivery module keeps: to the door, and its windows. */
export type DeliveryWindowSettings = Pick<
  DeliverySettingsForm,
  | "offersDelivery"
  | "scheduled"
  | "daysAhead"
  | "windowMinutes"
  | "windowOpensAt"
  | "windowClosesAt"
  | "windowDays"
  | "cutoffMinutes"
  | "capacity"
>;

/** The windows as the shop has them now (their hours the opening hours' until set apart), and the opening hours. */
export async function deliveryWindowSettingsOf(
  db: Database,
  storeId: number,
): Promise<{ windows: DeliveryWindowSettings; openingHours: OpeningHours }> {
  const settings = await deliverySettingsOf(db, storeId);
  const layout = bookedWindowLayout(settings);
  return {
    windows: {
      offersDelivery: settings.offersDelivery,
      scheduled: settings.scheduled,
      daysAhead: settings.daysAhead,
      windowMinutes: settings.windowMinutes,
      windowOpensAt: layout.opensAt,
      windowClosesAt: layout.closesAt,
      windowDays: [...layout.openDays],
      cutoffMinutes: settings.cutoffMinutes,
      capacity: settings.capacity,
    },
    openingHours: {
      timezone: settings.timezone,
      opensAt: settings.opensAt,
      closesAt: settings.closesAt,
      openDays: [...settings.openDays],
    },
  };
}

/** Sets delivery to the door and its windows; the opening hours stay as they are. */
export async function setDeliveryWindowSettings(
  tx: Database,
  storeId: number,
  windows: DeliveryWindowSettings,
): Promise<void> {
  const values = { ...windows, windowDays: [...new Set(windows.windowDays)].sort((a, b) => a - b) };
  await tx
    .insert(deliverySettings)
    .values({ ...DEFAULT_DELIVERY_SETTINGS, storeId, ...values })
    .onConflictDoUpdate({ target: deliverySettings.storeId, set: { ...values, updatedAt: sql`now()` } });
}

/** The texts of the languages given, empty ones left out (the storefront falls back to another). */
const kept = (texts: Record<string, string>): Localizations =>
  Object.fromEntries(LOCALES.filter((locale) => texts[locale]).map((locale) => [locale, texts[locale]]));

const everyLanguage = (texts: Localizations) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, texts[locale] ?? ""]));

/** A name for the row no later seed or re-run takes for one of its own. */
const staffSlug = () => `staff-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const postOptionOfRow = (row: PostOptionRow): StaffPostOption => ({
  id: row.id,
  name: everyLanguage(row.nameLocalizations),
  price: row.price,
  daysMin: row.daysMin,
  daysMax: row.daysMax,
  isActive: row.isActive,
});

const pickupPointOfRow = (row: PickupPointRow): StaffPickupPoint => ({
  id: row.id,
  name: everyLanguage(row.nameLocalizations),
  address: everyLanguage(row.addressLocalizations),
  isActive: row.isActive,
});

async function postOptionRows(db: Database, storeId: number, lock = false): Promise<PostOptionRow[]> {
  const query = db
    .select()
    .from(postOptions)
    .where(eq(postOptions.storeId, storeId))
    .orderBy(asc(postOptions.sort), asc(postOptions.id));
  return lock ? query.for("update") : query;
}

async function pickupPointRows(db: Database, storeId: number, lock = false): Promise<PickupPointRow[]> {
  const query = db
    .select()
    .from(pickupPoints)
    .where(eq(pickupPoints.storeId, storeId))
    .orderBy(asc(pickupPoints.sort), asc(pickupPoints.id));
  return lock ? query.for("update") : query;
}

/** Every postal option of the shop, active or not, in checkout's order. */
export async function staffPostOptions(
  db: Database,
  storeId: number,
  currency: string,
): Promise<StaffPostOptionList> {
  return { currency, options: (await postOptionRows(db, storeId)).map(postOptionOfRow) };
}

/** Every pickup point of the shop, active or not, in checkout's order. */
export async function staffPickupPoints(db: Database, storeId: number): Promise<StaffPickupPointList> {
  return { points: (await pickupPointRows(db, storeId)).map(pickupPointOfRow) };
}

/** The row with this id among the list, or NOT_FOUND (another shop's id is not found either). */
function found<T extends { id: number }>(rows: readonly T[], id: number): T {
  const row = rows.find((one) => one.id === id);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/**
 * The list's order after moving one row a place up or down: positions as the sort numbers, so
 * rows that shared a number (seeded ones) get an order of their own. null when it cannot move.
 */
function movedOrder<T extends { id: number }>(rows: readonly T[], id: number, direction: "up" | "down") {
  const at = rows.findIndex((row) => row.id === id);
  if (at < 0) throw new ApiError("NOT_FOUND");
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= rows.length) return null;
  const order = rows.map((row) => row.id);
  [order[at], order[to]] = [order[to] as number, order[at] as number];
  return order;
}

const postValues = (form: PostOptionForm) => ({
  nameLocalizations: kept(form.name),
  price: form.price,
  daysMin: form.daysMin,
  daysMax: form.daysMax,
});

/** Adds a postal option last in the list, audited. */
export async function addPostOption(db: Database, who: Changer, form: PostOptionForm): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await postOptionRows(tx, who.storeId, true);
    const [row] = await tx
      .insert(postOptions)
      .values({
        storeId: who.storeId,
        slug: staffSlug(),
        ...postValues(form),
        sort: Math.max(-1, ...rows.map((one) => one.sort)) + 1,
      })
      .returning();
    if (!row) throw new Error("post option not added");
    await recordChange(tx, {
      ...who,
      action: "settings.postOption",
      subject: `postOption:${row.id}`,
      after: postOptionOfRow(row),
    });
  });
}

type PostChange = { values: Partial<typeof postOptions.$inferInsert> } | { move: "up" | "down" };

async function changePostOption(db: Database, who: Changer, id: number, change: PostChange): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await postOptionRows(tx, who.storeId, true);
    const before = found(rows, id);
    if ("values" in change) {
      await tx
        .update(postOptions)
        .set({ ...change.values, updatedAt: sql`now()` })
        .where(and(eq(postOptions.storeId, who.storeId), eq(postOptions.id, id)));
    } else {
      const order = movedOrder(rows, id, change.move);
      if (!order) return;
      for (const [sort, rowId] of order.entries()) {
        await tx
          .update(postOptions)
          .set({ sort })
          .where(and(eq(postOptions.storeId, who.storeId), eq(postOptions.id, rowId)));
      }
    }
    const afterRows = await postOptionRows(tx, who.storeId);
    const position = (list: readonly { id: number }[]) => list.findIndex((row) => row.id === id);
    await recordChange(tx, {
      ...who,
      action: "settings.postOption",
      subject: `postOption:${id}`,
      before: { ...postOptionOfRow(before), position: position(rows) },
      after: { ...postOptionOfRow(found(afterRows, id)), position: position(afterRows) },
    });
  });
}

export const updatePostOption = (db: Database, who: Changer, id: number, form: PostOptionForm) =>
  changePostOption(db, who, id, { values: postValues(form) });
export const setPostOptionActive = (db: Database, who: Changer, id: number, active: boolean) =>
  changePostOption(db, who, id, { values: { isActive: active } });
export const movePostOption = (db: Database, who: Changer, id: number, direction: "up" | "down") =>
  changePostOption(db, who, id, { move: direction });

const pickupValues = (form: PickupPointForm) => ({
  nameLocalizations: kept(form.name),
  addressLocalizations: kept(form.address),
});

/** Adds a pickup point last in the list, audited. */
export async function addPickupPoint(db: Database, who: Changer, form: PickupPointForm): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await pickupPointRows(tx, who.storeId, true);
    const [row] = await tx
      .insert(pickupPoints)
      .values({
        storeId: who.storeId,
        slug: staffSlug(),
        ...pickupValues(form),
        sort: Math.max(-1, ...rows.map((one) => one.sort)) + 1,
      })
      .returning();
    if (!row) throw new Error("pickup point not added");
    await recordChange(tx, {
      ...who,
      action: "settings.pickupPoint",
      subject: `pickupPoint:${row.id}`,
      after: pickupPointOfRow(row),
    });
  });
}

type PickupChange = { values: Partial<typeof pickupPoints.$inferInsert> } | { move: "up" | "down" };

async function changePickupPoint(
  db: Database,
  who: Changer,
  id: number,
  change: PickupChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await pickupPointRows(tx, who.storeId, true);
    const before = found(rows, id);
    if ("values" in change) {
      await tx
        .update(pickupPoints)
        .set({ ...change.values, updatedAt: sql`now()` })
        .where(and(eq(pickupPoints.storeId, who.storeId), eq(pickupPoints.id, id)));
    } else {
      const order = movedOrder(rows, id, change.move);
      if (!order) return;
      for (const [sort, rowId] of order.entries()) {
        await tx
          .update(pickupPoints)
          .set({ sort })
          .where(and(eq(pickupPoints.storeId, who.storeId), eq(pickupPoints.id, rowId)));
      }
    }
    const afterRows = await pickupPointRows(tx, who.storeId);
    const position = (list: readonly { id: number }[]) => list.findIndex((row) => row.id === id);
    await recordChange(tx, {
      ...who,
      action: "settings.pickupPoint",
      subject: `pickupPoint:${id}`,
      before: { ...pickupPointOfRow(before), position: position(rows) },
      after: { ...pickupPointOfRow(found(afterRows, id)), position: position(afterRows) },
    });
  });
}

export const updatePickupPoint = (db: Database, who: Changer, id: number, form: PickupPointForm) =>
  changePickupPoint(db, who, id, { values: pickupValues(form) });
export const setPickupPointActive = (db: Database, who: Changer, id: number, active: boolean) =>
  changePickupPoint(db, who, id, { values: { isActive: active } });
export const movePickupPoint = (db: Database, who: Changer, id: number, direction: "up" | "down") =>
  changePickupPoint(db, who, id, { move: direction });
