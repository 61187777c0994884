import { eq } from "drizzle-orm";
import { bookingSettings } from "../bookings/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { reservationServices } from "../reservations/tables.ts";
import { stores } from "../stores/tables.ts";

/*
 * Reservations in the demo (issue 35): the restaurant takes lunch and dinner reservations, counted
 * in covers, in its own zone. Idempotent: a service the shop has (by its English name) is left as
 * staff may have changed it, and so are its booking settings.
 */

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const at = (hours: number, minutes = 0) => hours * 60 + minutes;

const RESTAURANT_SERVICES = [
  {
    nameLocalizations: { en: "Lunch", ar: "الغداء", he: "ארוחת צהריים" },
    descriptionLocalizations: {
      en: "A table for lunch, an hour and a half.",
      ar: "طاولة للغداء، لمدة ساعة ونصف.",
      he: "שולחן לארוחת צהריים, שעה וחצי.",
    },
    weekdays: EVERY_DAY,
    firstSlot: at(12),
    lastSlot: at(14),
    slotEveryMinutes: 30,
    stayMinutes: 90,
    capacity: 30,
    partyMin: 1,
    partyMax: 8,
    sort: 1,
  },
  {
    nameLocalizations: { en: "Dinner", ar: "العشاء", he: "ארוחת ערב" },
    descriptionLocalizations: {
      en: "A table for the evening, two hours.",
      ar: "طاولة للمساء، لمدة ساعتين.",
      he: "שולחן לערב, שעתיים.",
    },
    weekdays: EVERY_DAY,
    firstSlot: at(18),
    lastSlot: at(21, 30),
    slotEveryMinutes: 30,
    stayMinutes: 120,
    capacity: 40,
    partyMin: 1,
    partyMax: 10,
    sort: 0,
  },
];

export async function seedReservations(db: Database): Promise<void> {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.domain, "restaurant.localhost"));
  if (!store) return;
  // Book an hour ahead and cancel online until two hours before: a dinner tonight can still be reserved.
  await db
    .insert(bookingSettings)
    .values({ storeId: store.id, leadMinutes: 60, cancelWindowMinutes: 120 })
    .onConflictDoNothing();
  const existing = await db
    .select({ name: reservationServices.nameLocalizations })
    .from(reservationServices)
    .where(eq(reservationServices.storeId, store.id));
  const names = new Set(existing.map((row) => row.name.en));
  const missing = RESTAURANT_SERVICES.filter((service) => !names.has(service.nameLocalizations.en));
  if (missing.length > 0)
    await db
      .insert(reservationServices)
      .values(missing.map((service) => ({ storeId: store.id, ...service })));
}
