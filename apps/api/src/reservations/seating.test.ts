import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingRulesOf } from "../bookings/settings.ts";
import { ApiError } from "../platform/http/errors.ts";
import { stores } from "../stores/tables.ts";
import { testHarness } from "../test/harness.ts";
import { daysFromToday, reservableService } from "../test/reservation-shops.ts";
import { openShop } from "../test/shops.ts";
import { moveReservation, type PartyRequest, type ShopPlace, SlotFull, takeReservation } from "./seating.ts";
import { offeredService } from "./services.ts";

beforeAll(async () => {
  await testHarness();
});

const day = daysFromToday(3);

/** The error a staff call throws, as its contract name. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error.kind;
    if (error instanceof SlotFull) return "SlotFull";
    throw error;
  }
  return "none";
}

/** The staff side of seating: phone reservations and moves, over capacity only with a reason kept. */
describe("staff seating", () => {
  it("takes a phone reservation onto a full slot only with an override reason, and keeps the reason", async () => {
    const shop = await openShop();
    const db = (await testHarness()).handle.db;
    const service = await offeredService(db, shop.id, await reservableService(shop, { capacity: 4 }));
    const [store] = await db.select().from(stores).where(eq(stores.id, shop.id));
    if (!store) throw new Error("no store");
    const place: ShopPlace = {
      store: { ...store, infoPages: [], pricesIncludeTax: false, referralsOn: false, openingHours: null },
      origin: "http://shop.test",
      rules: await bookingRulesOf(db, shop.id),
    };
    const party = (size: number, time = "19:00"): PartyRequest => ({
      service,
      date: day,
      start: new Date(`${day}T${time}:00.000Z`),
      partySize: size,
      name: "Phone guest",
      phone: "5551234",
      email: "",
      note: "",
      language: "en",
      customerId: null,
    });
    const first = await takeReservation(db, place, party(4), { source: "phone" });
    expect(first.source).toBe("phone");
    expect(await refusal(takeReservation(db, place, party(2), { source: "phone" }))).toBe(
      "OVERRIDE_REASON_REQUIRED",
    );
    expect(await refusal(takeReservation(db, place, party(2), { source: "online" }))).toBe("SlotFull");
    const over = await takeReservation(db, place, party(2), {
      source: "walkIn",
      overrideReason: "Regulars, extra chairs",
    });
    expect(over.overrideReason).toBe("Regulars, extra chairs");

    const later = await takeReservation(db, place, party(2, "21:30"), { source: "phone" });
    expect(
      await refusal(
        moveReservation(db, place, { reservation: later, service, date: day, start: party(2).start }, {}),
      ),
    ).toBe("OVERRIDE_REASON_REQUIRED");
    const moved = await moveReservation(
      db,
      place,
      { reservation: later, service, date: day, start: party(2, "18:00").start },
      { overrideReason: "Asked to come early" },
    );
    expect(moved).toMatchObject({ id: later.id, overrideReason: "Asked to come early" });
  });
});
