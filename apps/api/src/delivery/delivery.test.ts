import {
  CHECKOUT_ERROR_KEYS,
  checkoutRequestSchema,
  type DeliverySchedule,
  FIELD_ERROR_KEYS,
} from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { priceCheckout } from "../pricing/service.ts";
import {
  addPickupPoint,
  addPostOption,
  type CheckoutStore,
  createCheckoutStore,
  setDelivery,
  shopper,
} from "../test/checkout-store.ts";
import { call, testHarness } from "../test/harness.ts";
import {
  bookDeliveryWindow,
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  deliverySchedule,
  deliverySettingsOf,
  orderTimes,
  releaseDeliveryWindow,
} from "./service.ts";
import { deliveryBookings, deliverySettings, deliveryWindowLoads } from "./tables.ts";
import { findWindow, scheduleDays, type WindowLayout, zonedInstant } from "./windows.ts";

const layout = (over: Partial<WindowLayout> = {}): WindowLayout => ({
  timezone: "UTC",
  daysAhead: 2,
  windowMinutes: 120,
  opensAt: 9 * 60,
  closesAt: 21 * 60,
  openDays: [0, 1, 2, 3, 4, 5, 6],
  cutoffMinutes: 60,
  ...over,
});

describe("delivery windows", () => {
  it("lays out the windows of each day in the shop's own time zone", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const days = scheduleDays(layout({ timezone: "America/New_York", daysAhead: 2 }), now);
    expect(days.map((d) => d.date)).toEqual(["2026-03-10", "2026-03-11"]);
    // 09:00 in New York in March, after the clocks went forward on the 8th, is 13:00 UTC.
    expect(days[0]?.windows[0]?.start.toISOString()).toBe("2026-03-10T13:00:00.000Z");
    expect(days[0]?.windows).toHaveLength(6);
    expect(days[1]?.windows.at(-1)?.end.toISOString()).toBe("2026-03-12T01:00:00.000Z");
  });

  it("keeps local opening hours across a daylight-saving change", () => {
    const before = scheduleDays(
      layout({ timezone: "Europe/Copenhagen", daysAhead: 3 }),
      new Date("2026-03-28T00:30:00Z"),
    );
    const starts = before.map((d) => d.windows[0]?.start.toISOString());
    // 09:00 in Copenhagen: UTC+1 on the 28th, UTC+2 from the 29th.
    expect(starts).toEqual([
      "2026-03-28T08:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
    ]);
    expect(zonedInstant(Date.UTC(2026, 9, 25), 9 * 60, "Europe/Copenhagen").toISOString()).toBe(
      "2026-10-25T08:00:00.000Z",
    );
  });

  it("marks windows past their cut-off, skips closed days and finds a window by its instants", () => {
    // A Saturday at 10:30 UTC; the shop is closed on Sundays.
    const now = new Date("2026-11-28T10:30:00Z");
    const days = scheduleDays(layout({ daysAhead: 3, openDays: [1, 2, 3, 4, 5, 6] }), now);
    expect(days.map((d) => d.windows.length)).toEqual([6, 0, 6]);
    const today = days[0]?.windows ?? [];
    // 09–11 has begun, 11–13 is within the hour of cut-off, 13–15 is still open.
    expect(today.slice(0, 3).map((w) => w.cutoffPassed)).toEqual([true, true, false]);
    const third = today[2];
    expect(third && findWindow(days, third.start, third.end)).toBe(third);
    expect(third && findWindow(days, third.start, new Date(third.end.getTime() + 60_000))).toBeNull();
  });
});

/** Delivery settings of a shop that delivers without booked windows. */
const unscheduled: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, scheduled: false };

describe("delivery schedule and options", () => {
  let db: Database;
  let shop: CheckoutStore;
  let customer: Awaited<ReturnType<typeof shopper>>;
  let orderId = 7000;

  beforeAll(async () => {
    db = (await testHarness()).handle.db;
    shop = await createCheckoutStore(db, "delivery");
    customer = await shopper(db, shop.store);
  });

  const scheduled = {
    scheduled: true,
    timezone: "UTC",
    daysAhead: 2,
    windowMinutes: 60,
    opensAt: 0,
    closesAt: 24 * 60,
  };

  it("reads a settings row saved without hours as a store with no row: open all day, every day", async () => {
    const bare = await createCheckoutStore(db, "delivery-bare");
    await db.delete(deliverySettings).where(eq(deliverySettings.storeId, bare.store.id));
    expect(await deliverySettingsOf(db, bare.store.id)).toEqual(DEFAULT_DELIVERY_SETTINGS);
    await db.insert(deliverySettings).values({ storeId: bare.store.id });
    expect(await deliverySettingsOf(db, bare.store.id)).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });

  it("answers times to choose that take any number of orders where the shop delivers unscheduled", async () => {
    await setDelivery(db, shop.store.id, { scheduled: false });
    for (const body of [{}, { delivery_type: "pickup" }]) {
      const { json } = await call("POST", "/api/storeDeliverySchedule/query/storeCustomer", {
        domain: shop.domain,
        body,
      });
      const data = json.data as DeliverySchedule;
      expect(data).toMatchObject({ scheduled: false, timezone: "UTC", windowMinutes: 120 });
      expect(data.days.map((day) => day.windows.length)).toEqual([12, 12, 12]);
      const times = data.days.flatMap((day) => day.windows);
      expect(times.every((time) => time.remaining === null && !time.full)).toBe(true);
      // Those within the hour of cut-off have gone, the later ones can be chosen, at whatever hour
      // the test runs (a minute either side of the cut-off is left alone).
      const now = Date.now();
      for (const time of times) {
        const ahead = new Date(time.start).getTime() - now;
        if (ahead > 61 * 60_000) expect(time.available, time.start).toBe(true);
        if (ahead < 59 * 60_000) expect(time.available, time.start).toBe(false);
      }
      expect(times.filter((time) => time.available).length).toBeGreaterThanOrEqual(23);
    }
    await setDelivery(db, shop.store.id, { offersDelivery: false });
    const { json } = await call("POST", "/api/storeDeliverySchedule/query/storeCustomer", {
      domain: shop.domain,
      body: {},
    });
    expect(json.data.days).toEqual([]);
  });

  it("offers times through the day a closed shop opens next, beyond the days it looks ahead", () => {
    // A restaurant in Chicago taking orders for today only, at 23:30 on Saturday 28 November.
    const restaurant = {
      ...unscheduled,
      timezone: "America/Chicago",
      daysAhead: 1,
      windowMinutes: 30,
      opensAt: 11 * 60,
      closesAt: 23 * 60,
      cutoffMinutes: 30,
    };
    const now = new Date("2026-11-29T05:30:00Z");
    const days = orderTimes(restaurant, now);
    expect(days.map((day) => day.date)).toEqual(["2026-11-28", "2026-11-29"]);
    expect(days[0]?.windows.every((time) => time.cutoffPassed)).toBe(true);
    expect(days[1]?.windows[0]).toMatchObject({
      start: new Date("2026-11-29T17:00:00Z"),
      cutoffPassed: false,
    });
    // Open, it offers the days it looks ahead.
    expect(orderTimes(restaurant, new Date("2026-11-28T20:00:00Z")).map((day) => day.date)).toEqual([
      "2026-11-28",
    ]);
  });

  it("runs on to the next day with a time to choose when the cut-off uses up the day a closed shop opens", () => {
    // A stall open 12:00 to 12:30 UTC with an hour's cut-off, asked at 11:50: today's one time is
    // already too close, so tomorrow's is offered.
    const stall = {
      ...unscheduled,
      daysAhead: 1,
      windowMinutes: 30,
      opensAt: 12 * 60,
      closesAt: 12 * 60 + 30,
    };
    const now = new Date("2026-11-27T11:50:00Z");
    const days = orderTimes(stall, now);
    expect(days.map((day) => day.date)).toEqual(["2026-11-27", "2026-11-28"]);
    expect(days.flatMap((day) => day.windows.filter((time) => !time.cutoffPassed))).toEqual([
      { start: new Date("2026-11-28T12:00:00Z"), end: new Date("2026-11-28T12:30:00Z"), cutoffPassed: false },
    ]);
  });

  it("offers a night's times after midnight, which belong to the day the shop opened", () => {
    // A bar in Chicago open 18:00 to 02:00, taking orders for tonight, in half-hour times.
    const bar = {
      ...unscheduled,
      timezone: "America/Chicago",
      daysAhead: 1,
      windowMinutes: 30,
      opensAt: 18 * 60,
      closesAt: 26 * 60,
      cutoffMinutes: 15,
    };
    // 00:10 on Saturday 28 November (06:10 UTC): Friday's night still has 00:30 to 02:00 to come.
    const afterMidnight = new Date("2026-11-28T06:10:00Z");
    const days = orderTimes(bar, afterMidnight);
    expect(days.map((day) => day.date)).toEqual(["2026-11-27", "2026-11-28"]);
    const open = days[0]?.windows.filter((time) => !time.cutoffPassed) ?? [];
    expect(open.map((time) => time.start.toISOString())).toEqual([
      "2026-11-28T06:30:00.000Z",
      "2026-11-28T07:00:00.000Z",
      "2026-11-28T07:30:00.000Z",
    ]);
    const last = open[2];
    expect(last && findWindow(days, last.start, last.end)).not.toBeNull();
    // In the evening, the night before is over and only tonight is offered.
    expect(orderTimes(bar, new Date("2026-11-28T03:00:00Z")).map((day) => day.date)).toEqual(["2026-11-27"]);
  });

  it("books nothing in a window of no capacity, in the database's own check too", async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const end = new Date(start.getTime() + 3_600_000);
    const [row] = await run(
      db,
      statement<{ booked: boolean }>(
        "test_book_window_without_capacity",
        "SELECT stoa_book_delivery_window($1, $2, $3, $4, 0) AS booked",
      ),
      [shop.store.id, start, end, ++orderId],
    );
    expect(row?.booked).toBe(false);
    const loads = await db
      .select()
      .from(deliveryWindowLoads)
      .where(and(eq(deliveryWindowLoads.storeId, shop.store.id), eq(deliveryWindowLoads.startsAt, start)));
    expect(loads).toEqual([]);
  });

  it("answers the windows of the coming days with the bookings each still takes", async () => {
    await setDelivery(db, shop.store.id, { ...scheduled, capacity: 2, cutoffMinutes: 90 });
    const { json } = await call("POST", "/api/storeDeliverySchedule/query/storeCustomer", {
      domain: shop.domain,
    });
    const data = json.data as DeliverySchedule;
    expect(data.scheduled).toBe(true);
    expect(data.days).toHaveLength(2);
    expect(data.days.map((d) => d.windows.length)).toEqual([24, 24]);
    const open = data.days.flatMap((d) => d.windows).filter((w) => w.available);
    const first = open[0];
    if (!first) throw new Error("no open window");
    // Windows that start within the 90-minute cut-off are closed: unavailable, but not full.
    expect(new Date(first.start).getTime() - Date.now()).toBeGreaterThan(90 * 60_000);
    const closed = data.days.flatMap((d) => d.windows).filter((w) => w.start < first.start);
    expect(closed.length).toBeGreaterThan(0);
    for (const w of closed) expect(w).toMatchObject({ available: false, remaining: 0, full: false });
    expect(first).toMatchObject({ remaining: 2, full: false });
    const window = { start: new Date(first.start), end: new Date(first.end) };
    expect(await bookDeliveryWindow(db, shop.store.id, window, ++orderId)).toBe(true);
    const after = (await deliverySchedule(db, shop.store)).days.flatMap((d) => d.windows);
    expect(after.find((w) => w.start === first.start)).toMatchObject({ available: true, remaining: 1 });
    expect(await bookDeliveryWindow(db, shop.store.id, window, ++orderId)).toBe(true);
    expect(await bookDeliveryWindow(db, shop.store.id, window, ++orderId)).toBe(false);
    const full = (await deliverySchedule(db, shop.store)).days.flatMap((d) => d.windows);
    expect(full.find((w) => w.start === first.start)).toMatchObject({
      available: false,
      remaining: 0,
      full: true,
    });
    await releaseDeliveryWindow(db, shop.store.id, orderId - 1);
    await releaseDeliveryWindow(db, shop.store.id, orderId - 1);
    const [load] = await db
      .select({ booked: deliveryWindowLoads.booked })
      .from(deliveryWindowLoads)
      .where(
        and(eq(deliveryWindowLoads.storeId, shop.store.id), eq(deliveryWindowLoads.startsAt, window.start)),
      );
    expect(load?.booked).toBe(1);
    const [released] = await db
      .select({ releasedAt: deliveryBookings.releasedAt })
      .from(deliveryBookings)
      .where(and(eq(deliveryBookings.storeId, shop.store.id), eq(deliveryBookings.orderId, orderId - 1)));
    expect(released?.releasedAt).toBeInstanceOf(Date);
  });

  it("refuses to book a window the schedule does not offer or whose cut-off has passed", async () => {
    await setDelivery(db, shop.store.id, { ...scheduled, cutoffMinutes: 60 });
    const hour = 3_600_000;
    const next = Math.ceil(Date.now() / hour) * hour;
    const soon = { start: new Date(next), end: new Date(next + hour) };
    expect(await bookDeliveryWindow(db, shop.store.id, soon, ++orderId)).toBe(false);
    const odd = { start: new Date(next + 3 * hour + 60_000), end: new Date(next + 4 * hour + 60_000) };
    expect(await bookDeliveryWindow(db, shop.store.id, odd, ++orderId)).toBe(false);
    const later = { start: new Date(next + 3 * hour), end: new Date(next + 4 * hour) };
    expect(await bookDeliveryWindow(db, shop.store.id, later, ++orderId)).toBe(true);
  });

  it("asks checkout for a bookable window where the shop schedules delivery", async () => {
    await setDelivery(db, shop.store.id, { ...scheduled, capacity: 1, cutoffMinutes: 60 });
    const hour = 3_600_000;
    const next = Math.ceil(Date.now() / hour) * hour;
    const request = (window: { start: number; end: number } | null) =>
      checkoutRequestSchema.parse({
        products: [{ productId: shop.ids.plain, quantity: 1 }],
        delivery_type: "delivery",
        shipping_address: {
          customerName: "Dana",
          address: { street_address: "1 Main St", country: "USA", city: "Springfield" },
        },
        payment_gateway: "cash",
        delivery_time: window
          ? { start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString() }
          : null,
      });
    const priced = (window: { start: number; end: number } | null) =>
      priceCheckout(db, shop.store, customer, request(window), "en");
    expect((await priced(null)).fieldErrors).toEqual({ delivery_time: FIELD_ERROR_KEYS.required });
    const tooSoon = await priced({ start: next, end: next + hour });
    expect(tooSoon.fieldErrors).toEqual({ delivery_time: CHECKOUT_ERROR_KEYS.deliveryWindowUnavailable });
    expect(tooSoon.deliveryWindow).toBeNull();
    const window = { start: next + 5 * hour, end: next + 6 * hour };
    const bookable = await priced(window);
    expect(bookable.fieldErrors).toEqual({});
    expect(bookable.deliveryWindow).toEqual({ start: new Date(window.start), end: new Date(window.end) });
    expect(
      await bookDeliveryWindow(
        db,
        shop.store.id,
        { start: new Date(window.start), end: new Date(window.end) },
        ++orderId,
      ),
    ).toBe(true);
    const full = await priced(window);
    expect(full.fieldErrors).toEqual({ delivery_time: CHECKOUT_ERROR_KEYS.deliveryWindowFull });
  });

  it("answers the postal options with prices, the pickup points and the delivery types offered", async () => {
    await setDelivery(db, shop.store.id, { offersDelivery: false });
    const empty = await call("POST", "/api/storeDeliveryByPost/query/storeCustomer", { domain: shop.domain });
    expect(empty.json.data).toEqual({
      currency: "USD",
      deliveryTypes: ["digital"],
      postOptions: [],
      pickupPoints: [],
    });
    const parcel = await addPostOption(db, shop.store.id, "parcel", 650);
    const counter = await addPickupPoint(db, shop.store.id, "main");
    await setDelivery(db, shop.store.id, {});
    const { json } = await call("POST", "/api/storeDeliveryByPost/query/storeCustomer", {
      domain: shop.domain,
      locale: "ar",
    });
    expect(json.data).toEqual({
      currency: "USD",
      deliveryTypes: ["delivery", "pickup", "post", "digital"],
      postOptions: [{ id: parcel, name: "بريد parcel", price: 650, daysMin: 2, daysMax: 4 }],
      pickupPoints: [{ id: counter, name: "كاونتر main", address: "1 شارع main" }],
    });
    // A shop that never opens prepares nothing: parcels and downloads only.
    await setDelivery(db, shop.store.id, { openDays: [] });
    const closed = await call("POST", "/api/storeDeliveryByPost/query/storeCustomer", {
      domain: shop.domain,
    });
    expect(closed.json.data.deliveryTypes).toEqual(["post", "digital"]);
    await setDelivery(db, shop.store.id, { openDays: [0, 1, 2, 3, 4, 5, 6], opensAt: 600, closesAt: 600 });
    const noHours = await call("POST", "/api/storeDeliveryByPost/query/storeCustomer", {
      domain: shop.domain,
    });
    expect(noHours.json.data.deliveryTypes).toEqual(["post", "digital"]);
  });

  it("answers the demo stores' own options", async () => {
    const carparts = await call("POST", "/api/storeDeliveryByPost/query/storeCustomer", {
      domain: "carparts.localhost",
      locale: "he",
    });
    expect(carparts.json.data.deliveryTypes).toEqual(["pickup", "post", "digital"]);
    expect(
      carparts.json.data.postOptions.map((o: { name: string; price: number }) => [o.name, o.price]),
    ).toEqual([
      ["חבילה רגילה", 599],
      ["חבילה מהירה", 1499],
      ["הובלה (צמיגים וחלקים כבדים)", 2999],
    ]);
    const grocery = await call("POST", "/api/storeDeliverySchedule/query/storeCustomer", {
      domain: "localhost",
    });
    expect(grocery.json.data).toMatchObject({
      scheduled: true,
      timezone: "America/New_York",
      windowMinutes: 120,
    });
    expect(grocery.json.data.days).toHaveLength(3);
    expect(grocery.json.data.days[1].windows).toHaveLength(6);
  });
});
