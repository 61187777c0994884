import { bookingSettings } from "../bookings/tables.ts";
import { reservationExceptions, reservationServices } from "../reservations/tables.ts";
import { testHarness } from "./harness.ts";
import type { Shop } from "./shops.ts";

/** The UTC date `days` from today. */
export const daysFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A reservable service of a test shop: every day, slots 18:00–21:30 every 30 minutes, a two-hour
 * stay, 10 covers, parties of 1 to 6, unless said otherwise.
 */
export async function reservableService(
  shop: Shop,
  fields: Partial<typeof reservationServices.$inferInsert> = {},
): Promise<number> {
  const db = (await testHarness()).handle.db;
  const [row] = await db
    .insert(reservationServices)
    .values({
      storeId: shop.id,
      nameLocalizations: { en: "Dinner", ar: "العشاء", he: "ארוחת ערב" },
      descriptionLocalizations: { en: "Two hours" },
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      firstSlot: 18 * 60,
      lastSlot: 21 * 60 + 30,
      slotEveryMinutes: 30,
      stayMinutes: 120,
      capacity: 10,
      partyMin: 1,
      partyMax: 6,
      ...fields,
    })
    .returning({ id: reservationServices.id });
  if (!row) throw new Error("service not made");
  return row.id;
}

export async function bookingRules(shop: Shop, fields: Partial<typeof bookingSettings.$inferInsert>) {
  const db = (await testHarness()).handle.db;
  await db
    .insert(bookingSettings)
    .values({ storeId: shop.id, ...fields })
    .onConflictDoUpdate({ target: bookingSettings.storeId, set: fields });
}

export async function reservationException(
  shop: Shop,
  day: string,
  capacity: number | null,
  serviceId?: number,
) {
  const db = (await testHarness()).handle.db;
  await db
    .insert(reservationExceptions)
    .values({ storeId: shop.id, day, capacity, serviceId: serviceId ?? null, reason: "test" });
}
