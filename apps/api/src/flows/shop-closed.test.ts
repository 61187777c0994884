import {
  CHECKOUT_ERROR_KEYS,
  type DeliverySchedule,
  ERRORS,
  messageText,
  type OpeningHours,
  openingText,
} from "@stoa/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { client, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import {
  SHOPPER_ADDRESS as address,
  APPROVED_CARD as card,
  openShop,
  SHOP_STAFF,
  type Shop,
} from "../test/shops.ts";

/*
 * A shop closed now, whatever hour the tests run at: its hours are set to open a few hours from
 * the present minute, by the staff call a shop's back office uses.
 */

beforeAll(async () => {
  await testHarness();
});

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Hours in UTC that open `inMinutes` after the present minute, for two hours, every day. */
function closedForNow(inMinutes: number): { hours: OpeningHours; opensAt: string } {
  const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
  const opensAt =
    (new Date(minute).getUTCHours() * 60 + new Date(minute).getUTCMinutes() + inMinutes) % DAY_MINUTES;
  return {
    hours: { timezone: "UTC", opensAt, closesAt: opensAt + 120, openDays: EVERY_DAY },
    opensAt: new Date(minute + inMinutes * MINUTE).toISOString(),
  };
}

async function staffOf(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  const token = login.json.data.token as string;
  return {
    hours: () => api("POST", "/api/staff/hours/detail", { token, body: {} }),
    setHours: (hours: unknown) => api("POST", "/api/staff/hours/update", { token, body: hours }),
  };
}

async function shopperOf(shop: Shop) {
  const api = client(shop.domain);
  const { token } = await registerVerified(api);
  const body = (extra: Record<string, unknown>) => ({
    products: [{ productId: shop.apple, quantity: 2 }],
    delivery_type: "pickup",
    pickupOption: shop.pickupPoint,
    payment_gateway: "cash",
    customer_name: "Dana Levi",
    ...extra,
  });
  return {
    calculate: (extra: Record<string, unknown> = {}, locale?: string) =>
      api("POST", "/api/storeOrder/calculate", { token, body: body(extra), locale }),
    create: (extra: Record<string, unknown> = {}, locale?: string) =>
      api("POST", "/api/storeOrder/create", { token, body: body(extra), locale }),
    schedule: async (type: "delivery" | "pickup") =>
      (await api("POST", "/api/storeDeliverySchedule/query/storeCustomer", { body: { delivery_type: type } }))
        .json.data as DeliverySchedule,
  };
}

const firstOpen = (schedule: DeliverySchedule) => {
  const found = schedule.days.flatMap((day) => day.windows).find((time) => time.available);
  if (!found) throw new Error("no time to choose");
  return { start: found.start, end: found.end };
};

describe("an order for as soon as possible while the shop is closed", () => {
  let shop: Shop;
  let shopper: Awaited<ReturnType<typeof shopperOf>>;
  let opensAt: string;

  beforeAll(async () => {
    shop = await openShop();
    shopper = await shopperOf(shop);
    const closed = closedForNow(180);
    opensAt = closed.opensAt;
    expect((await (await staffOf(shop)).setHours(closed.hours)).status).toBe(200);
  });

  it("is told by calculate, with when the shop opens next, for a pickup and for a delivery", async () => {
    const pickup = await shopper.calculate();
    expect(pickup.status).toBe(200);
    expect(pickup.json.data.shopClosed).toEqual({ opensAt, timezone: "UTC" });
    const delivery = await shopper.calculate({
      delivery_type: "delivery",
      pickupOption: null,
      shipping_address: address,
    });
    expect(delivery.json.data.shopClosed).toEqual({ opensAt, timezone: "UTC" });
    // The totals are answered all the same.
    expect(delivery.json.data.totals.payable_amount).toBe(1000);
  });

  it("is refused by create, saying when the shop opens in the shopper's language, and nothing is taken", async () => {
    const stock = await shop.stockOf(shop.apple);
    const refused = await shopper.create({}, "he");
    expect({ status: refused.status, code: refused.json.code }).toEqual({
      status: ERRORS.SHOP_CLOSED.status,
      code: ERRORS.SHOP_CLOSED.code,
    });
    expect(refused.json.data.errors).toEqual({ delivery_time: CHECKOUT_ERROR_KEYS.shopClosed });
    expect(refused.json.msg).toBe(
      messageText(CHECKOUT_ERROR_KEYS.shopClosed, "he", { opens: openingText(opensAt, "he", "UTC") }),
    );
    expect(refused.json.data.calculation.shopClosed).toEqual({ opensAt, timezone: "UTC" });
    const english = await shopper.create();
    expect(english.json.msg).toContain(openingText(opensAt, "en", "UTC"));
    expect(await shop.stockOf(shop.apple)).toBe(stock);
  });

  it("is placed for a time the shopper chooses, kept on the order, pickup and delivery alike", async () => {
    const pickupTimes = await shopper.schedule("pickup");
    expect(pickupTimes.scheduled).toBe(false);
    const time = firstOpen(pickupTimes);
    // Times follow the opening hours and take any number of orders.
    expect(Date.parse(time.start)).toBeGreaterThanOrEqual(Date.parse(opensAt));
    expect(pickupTimes.days.flatMap((day) => day.windows)).toContainEqual(
      expect.objectContaining({ ...time, available: true, remaining: null, full: false }),
    );
    expect((await shopper.calculate({ delivery_time: time })).json.data.shopClosed).toBeNull();
    const pickup = await shopper.create({ delivery_time: time });
    expect(pickup.status).toBe(200);
    expect(pickup.json.data.order).toMatchObject({ delivery_type: "pickup", delivery_time: time });

    const deliveryTime = firstOpen(await shopper.schedule("delivery"));
    const delivery = await shopper.create({
      delivery_type: "delivery",
      pickupOption: null,
      shipping_address: address,
      delivery_time: deliveryTime,
    });
    expect(delivery.status).toBe(200);
    expect(delivery.json.data.order.delivery_time).toEqual(deliveryTime);
  });

  it("is refused for a time the shop does not offer", async () => {
    const time = firstOpen(await shopper.schedule("pickup"));
    const shifted = {
      start: new Date(Date.parse(time.start) + MINUTE).toISOString(),
      end: new Date(Date.parse(time.end) + MINUTE).toISOString(),
    };
    const refused = await shopper.create({ delivery_time: shifted });
    expect(refused.json.code).toBe(ERRORS.INVALID_INPUT.code);
    expect(refused.json.data.errors).toEqual({
      delivery_time: CHECKOUT_ERROR_KEYS.deliveryWindowUnavailable,
    });
  });

  it("leaves parcels and downloads alone: they do not wait for the shop to open", async () => {
    const parcel = await shopper.create({
      delivery_type: "post",
      pickupOption: null,
      delivery_post: shop.postOption,
      shipping_address: address,
      payment_gateway: "test-card",
      credit_card: card,
    });
    expect(parcel.status).toBe(200);
    expect(parcel.json.data.order.delivery_time).toBeNull();
    const download = await shopper.create({
      products: [{ productId: shop.giftCard, quantity: 1 }],
      delivery_type: "digital",
      pickupOption: null,
      payment_gateway: "test-card",
      credit_card: card,
      customer_contact: "dana@example.com",
    });
    expect(download.status).toBe(200);
  });
});

describe("a shop that books delivery windows, while closed", () => {
  it("keeps taking orders for its windows, laid out by its new hours", async () => {
    const shop = await openShop({ windowCapacity: 2 });
    const shopper = await shopperOf(shop);
    const closed = closedForNow(180);
    await (await staffOf(shop)).setHours(closed.hours);
    const schedule = await shopper.schedule("delivery");
    expect(schedule.scheduled).toBe(true);
    const window = firstOpen(schedule);
    expect(Date.parse(window.start)).toBeGreaterThanOrEqual(Date.parse(closed.opensAt));
    const booked = schedule.days.flatMap((day) => day.windows).find((w) => w.start === window.start);
    expect(booked).toMatchObject({ remaining: 2, full: false });
    const placed = await shopper.create({
      delivery_type: "delivery",
      pickupOption: null,
      shipping_address: address,
      delivery_time: window,
    });
    expect(placed.status).toBe(200);
    const after = (await shopper.schedule("delivery")).days.flatMap((day) => day.windows);
    expect(after.find((w) => w.start === window.start)?.remaining).toBe(1);
    // A pickup there is for as soon as possible, and the shop is closed.
    expect((await shopper.create()).json.code).toBe(ERRORS.SHOP_CLOSED.code);
  });
});

describe("a shop without opening hours", () => {
  it("takes no order for as soon as possible, nor later: the delivery type is not offered", async () => {
    const shop = await openShop();
    const shopper = await shopperOf(shop);
    await (await staffOf(shop)).setHours({ timezone: "UTC", opensAt: 540, closesAt: 1020, openDays: [] });
    const calculated = await shopper.calculate();
    expect(calculated.json.data.shopClosed).toBeNull();
    const refused = await shopper.create();
    expect(refused.json.code).toBe(ERRORS.INVALID_INPUT.code);
    expect(refused.json.data.errors).toEqual({ delivery_type: CHECKOUT_ERROR_KEYS.deliveryTypeUnavailable });
    expect((await shopper.schedule("pickup")).days.flatMap((day) => day.windows)).toEqual([]);
  });
});

describe("the shop's opening hours, set by its staff", () => {
  it("are answered as set, in the shop's own time zone, and refused when they do not make a day", async () => {
    const shop = await openShop();
    const staff = await staffOf(shop);
    expect((await staff.hours()).json.data).toEqual({
      timezone: "UTC",
      opensAt: 0,
      closesAt: DAY_MINUTES,
      openDays: EVERY_DAY,
    });
    const night = { timezone: "America/Chicago", opensAt: 18 * 60, closesAt: 26 * 60, openDays: [6, 5, 5] };
    expect((await staff.setHours(night)).json.code).toBe(ERRORS.INVALID_INPUT.code);
    const set = await staff.setHours({ ...night, openDays: [6, 5] });
    expect(set.json.data).toEqual({ ...night, openDays: [5, 6] });
    expect((await staff.hours()).json.data).toEqual({ ...night, openDays: [5, 6] });
    for (const wrong of [
      { closesAt: 17 * 60 },
      { closesAt: 18 * 60 + DAY_MINUTES + 1 },
      { opensAt: DAY_MINUTES },
      { timezone: "Mars/Olympus_Mons" },
    ]) {
      const refused = await staff.setHours({ ...night, openDays: [5, 6], ...wrong });
      expect(refused.json.code, JSON.stringify(wrong)).toBe(ERRORS.INVALID_INPUT.code);
    }
    // A shopper's token opens no staff call.
    const shopperToken = (await registerVerified(client(shop.domain))).token;
    const asShopper = await client(shop.domain)("POST", "/api/staff/hours/update", {
      token: shopperToken,
      body: { ...night, openDays: [5, 6] },
    });
    expect(asShopper.status).toBe(401);
  });
});

describe("the shop's hours on its storefront", () => {
  it("are in the store's answer as staff set them, and change the store's version", async () => {
    const shop = await openShop();
    const api = client(shop.domain);
    const store = async () => (await api("GET", "/api/store/getByDomain")).json.data;
    const version = async () => (await api("GET", "/api/store/version")).json.data.version as string;
    const hours = { timezone: "Europe/Oslo", opensAt: 9 * 60, closesAt: 17 * 60, openDays: [1, 2, 3, 4, 5] };
    expect((await store()).settings.openingHours).not.toEqual(hours);
    const before = await version();
    expect((await (await staffOf(shop)).setHours(hours)).status).toBe(200);
    expect((await store()).settings.openingHours).toEqual(hours);
    // Pages shared between shoppers are keyed by the version: they show the new hours too.
    expect(await version()).not.toBe(before);
  });
});
