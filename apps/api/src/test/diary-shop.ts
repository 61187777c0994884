import { and, eq } from "drizzle-orm";
import { bookingRulesOf } from "../bookings/settings.ts";
import { bookingResourceServices, bookingResources, bookingServices, bookings } from "../bookings/tables.ts";
import { localMidnight, zonedInstant } from "../delivery/windows.ts";
import { outbox } from "../notifications/tables.ts";
import { reservationServices, reservations } from "../reservations/tables.ts";
import { testHarness } from "./harness.ts";
import { openShop } from "./shops.ts";
import { shopOwner } from "./staff.ts";

const DAY = 86_400_000;
let counter = 0;

/**
 * A test shop that takes reservations and bookings: "Dinner" every day, slots 17:00–21:00 every 30
 * minutes, a two-hour stay, 10 covers; "Fitting" (60 minutes, 15 to clear the bay) on two bays open
 * 08:00–20:00 every day. `at(days, minutes)` is a local time `days` from today in the shop's zone;
 * `reserve` and `book` put rows straight in, as the shoppers' calls would.
 */
export async function diaryShop() {
  const { handle } = await testHarness();
  const db = handle.db;
  const shop = await openShop();
  const owner = await shopOwner(shop);
  const { timezone } = await bookingRulesOf(db, shop.id);
  const [dinner] = await db
    .insert(reservationServices)
    .values({
      storeId: shop.id,
      nameLocalizations: { en: "Dinner", ar: "عشاء", he: "ארוחת ערב" },
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      firstSlot: 17 * 60,
      lastSlot: 21 * 60,
      slotEveryMinutes: 30,
      stayMinutes: 120,
      capacity: 10,
    })
    .returning();
  const [fitting] = await db
    .insert(bookingServices)
    .values({
      storeId: shop.id,
      nameLocalizations: { en: "Fitting" },
      durationMinutes: 60,
      bufferMinutes: 15,
    })
    .returning();
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: 8 * 60, closes: 20 * 60 }));
  const bays = await db
    .insert(bookingResources)
    .values([
      { storeId: shop.id, nameLocalizations: { en: "Bay 1" }, hours },
      { storeId: shop.id, nameLocalizations: { en: "Bay 2" }, hours },
    ])
    .returning();
  if (!dinner || !fitting || bays.length !== 2) throw new Error("diary shop not made");
  await db
    .insert(bookingResourceServices)
    .values(bays.map((bay) => ({ storeId: shop.id, resourceId: bay.id, serviceId: fitting.id })));
  const [bay1, bay2] = bays.map((b) => b.id) as [number, number];

  const at = (days: number, minutes: number) =>
    zonedInstant(localMidnight(new Date(), timezone) + days * DAY, minutes, timezone);
  const dayOf = (days: number) =>
    new Date(localMidnight(new Date(), timezone) + days * DAY).toISOString().slice(0, 10);

  const reserve = async (
    startsAt: Date,
    partySize: number,
    extra: Partial<typeof reservations.$inferInsert> = {},
  ) => {
    counter += 1;
    const [row] = await db
      .insert(reservations)
      .values({
        storeId: shop.id,
        code: `R-T${counter}${process.pid}`.slice(0, 12),
        serviceId: dinner.id,
        name: `Guest ${counter}`,
        email: `guest${counter}.${shop.id}@example.com`,
        partySize,
        seatsTaken: partySize,
        day: new Date(localMidnight(startsAt, timezone)).toISOString().slice(0, 10),
        startsAt,
        endsAt: new Date(startsAt.getTime() + 120 * 60_000),
        manageTokenHash: `test-r-${shop.id}-${counter}-${process.pid}`,
        ...extra,
      })
      .returning();
    if (!row) throw new Error("reservation not made");
    return row;
  };
  const book = async (
    startsAt: Date,
    resourceId = bay1,
    extra: Partial<typeof bookings.$inferInsert> = {},
  ) => {
    counter += 1;
    const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
    const [row] = await db
      .insert(bookings)
      .values({
        storeId: shop.id,
        code: `B-T${counter}${process.pid}`.slice(0, 12),
        serviceId: fitting.id,
        resourceId,
        name: `Driver ${counter}`,
        phone: `+1555${String(counter).padStart(6, "0")}`,
        email: `driver${counter}.${shop.id}@example.com`,
        startsAt,
        endsAt,
        blockedUntil: new Date(endsAt.getTime() + 15 * 60_000),
        currency: "USD",
        manageTokenHash: `test-b-${shop.id}-${counter}-${process.pid}`,
        ...extra,
      })
      .returning();
    if (!row) throw new Error("booking not made");
    return row;
  };
  /** What the outbox holds for one recipient. */
  const messagesTo = (recipient: string) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.storeId, shop.id), eq(outbox.recipient, recipient)));
  return { db, shop, owner, timezone, dinner, fitting, bay1, bay2, at, dayOf, reserve, book, messagesTo };
}
