import { and, eq } from "drizzle-orm";
import { linkKeys } from "../orders/links.ts";
import { storeById } from "../stores/service.ts";
import { client } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { openShop } from "../test/shops.ts";
import type { BookingShop } from "./create.ts";
import {
  bookingHistory,
  bookingResourceServices,
  bookingResources,
  bookingServices,
  bookingSettings,
  bookings,
} from "./tables.ts";

/*
 * A test shop that books one service (60 minutes, 15 to clear after, 50.00) on two resources open
 * every day 09:00–17:00 in the shop's zone: a lead time of an hour, a year ahead, cancellation
 * online until a day before, times on the quarter hours.
 */

const names = (en: string) => ({ en, ar: en, he: en });
const everyDay = Array.from({ length: 7 }, (_, weekday) => ({ weekday, opens: 9 * 60, closes: 17 * 60 }));

export async function bookingShopOf(options: { timezone?: string; deposit?: number } = {}) {
  const shop = await openShop({ timezone: options.timezone });
  const { handle } = await testHarness();
  const db = handle.db;
  await db.insert(bookingSettings).values({
    storeId: shop.id,
    leadMinutes: 60,
    horizonDays: 365,
    cancelWindowMinutes: 24 * 60,
    slotStepMinutes: 15,
  });
  const [service] = await db
    .insert(bookingServices)
    .values({
      storeId: shop.id,
      nameLocalizations: names("Fitting"),
      durationMinutes: 60,
      bufferMinutes: 15,
      price: 5000,
      deposit: options.deposit ?? 0,
    })
    .returning();
  const resources = await db
    .insert(bookingResources)
    .values([
      { storeId: shop.id, nameLocalizations: names("Bay 1"), hours: everyDay, sort: 1 },
      { storeId: shop.id, nameLocalizations: names("Bay 2"), hours: everyDay, sort: 2 },
    ])
    .returning();
  if (!service || resources.length !== 2) throw new Error("booking shop not made");
  await db
    .insert(bookingResourceServices)
    .values(resources.map((r) => ({ storeId: shop.id, resourceId: r.id, serviceId: service.id })));
  const [bay1, bay2] = resources.map((r) => r.id) as [number, number];
  return {
    shop,
    db,
    serviceId: service.id,
    bay1,
    bay2,
    api: client(shop.domain),
    /** What the staff functions take: the shop, its storefront origin and the link key. */
    async desk(): Promise<BookingShop> {
      const store = await storeById(db, shop.id);
      if (!store) throw new Error("no store");
      return { store, origin: `http://${shop.domain}`, manageKey: (await linkKeys(db)()).guestOrders };
    },
    async row(id: number) {
      const [row] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.storeId, shop.id), eq(bookings.id, id)));
      return row;
    },
    history(id: number) {
      return db
        .select()
        .from(bookingHistory)
        .where(and(eq(bookingHistory.storeId, shop.id), eq(bookingHistory.bookingId, id)))
        .orderBy(bookingHistory.id);
    },
  };
}

const DAY = 24 * 60 * 60_000;
/** A UTC day `days` from today, "YYYY-MM-DD". */
export const dayAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** An instant on a UTC day (the test shops' zone unless told). */
export const at = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`).toISOString();

export const guest = (email: string) => ({ name: "Dana Levi", phone: "555 0100", email });
