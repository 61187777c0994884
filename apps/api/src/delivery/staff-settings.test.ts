import { DEFAULT_STORE_FRESH_MS, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createLogger } from "../platform/logger.ts";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { type CallResult, testHarness } from "../test/harness.ts";
import { cashDelivery, openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

beforeAll(async () => {
  await testHarness();
});

async function signedIn(shop: Shop) {
  const api = client(shop.domain);
  const token = (await api("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data.token as string;
  const as = (path: string, body?: unknown, t = token) => api("POST", path, { token: t, body });
  /** A member of another role, invited by the owner and signed in through the emailed link. */
  const member = async (role: string) => {
    const email = freshEmail();
    await as("/api/staff/accounts/invite", { email, name: role, role });
    const link = linkTokenIn((await inbox(email))[0]?.body ?? "");
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: link, password: "a long password 1" },
    });
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}

const delivery = {
  offersDelivery: true,
  scheduled: true,
  daysAhead: 2,
  windowMinutes: 60,
  windowOpensAt: 10 * 60,
  windowClosesAt: 14 * 60,
  windowDays: [0, 1, 2, 3, 4, 5, 6],
  cutoffMinutes: 0,
  capacity: 3,
  deliveryFee: 900,
  freeDeliveryAbove: 10_000,
  zones: [
    { country: "IL", city: "Haifa", zipPrefix: "", fee: 300 },
    { country: "IL", city: "", zipPrefix: "", fee: 600 },
  ],
};

const post = { name: { en: "Courier", ar: "ساعي", he: "שליח" }, price: 1250, daysMin: 1, daysMax: 2 };
const pickup = {
  name: { en: "Harbour kiosk", ar: "كشك الميناء", he: "קיוסק הנמל" },
  address: { en: "2 Port St", ar: "", he: "" },
};

/** Field names of an INVALID_INPUT answer. */
const fieldsOf = (result: CallResult) => {
  expectError(result, "INVALID_INPUT");
  return Object.keys(result.json.data.errors).sort();
};

describe("the delivery screen", () => {
  it("changes delivery to the door, its windows, fee and zones, audited, and checkout follows", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    const read = await owner.as("/api/staff/delivery/detail");
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    // Windows follow the opening hours until they are set apart.
    expect(read.json.data).toMatchObject({
      currency: "USD",
      settings: {
        deliveryFee: 500,
        freeDeliveryAbove: null,
        zones: [],
        windowOpensAt: 0,
        windowClosesAt: 1440,
      },
      openingHours: { opensAt: 0, closesAt: 1440 },
    });

    const changed = await owner.as("/api/staff/delivery/update", delivery, manager);
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data.settings).toEqual(delivery);
    // The opening hours stay as they were.
    expect(changed.json.data.openingHours).toMatchObject({ opensAt: 0, closesAt: 1440 });
    const hours = await owner.as("/api/staff/hours/detail", {});
    expect(hours.json.data).toMatchObject({ opensAt: 0, closesAt: 1440 });

    const audit = await owner.as("/api/staff/audit", { action: "settings.delivery" });
    expect(audit.json.data.records[0]).toMatchObject({
      action: "settings.delivery",
      before: expect.objectContaining({ deliveryFee: 500, zones: [] }),
      after: expect.objectContaining({ deliveryFee: 900, capacity: 3 }),
    });

    // The shopper's checkout: the windows laid out by their own hours, the zone's fee, the new fee.
    const shopper = client(shop.domain);
    const schedule = await shopper("POST", "/api/storeDeliverySchedule/query/storeCustomer", {
      body: { delivery_type: "delivery" },
    });
    expect(schedule.json.data.scheduled).toBe(true);
    const tomorrow = schedule.json.data.days[1];
    expect(tomorrow.windows.map((w: { start: string }) => w.start.slice(11, 16))).toEqual([
      "10:00",
      "11:00",
      "12:00",
      "13:00",
    ]);
    expect(tomorrow.windows[0]).toMatchObject({ remaining: 3 });
    const customer = await registerVerified(shopper);
    const window = { start: tomorrow.windows[0].start, end: tomorrow.windows[0].end };
    const feeTo = async (address: Record<string, string>) => {
      const calc = await shopper("POST", "/api/storeOrder/calculate", {
        token: customer.token,
        body: cashDelivery([{ productId: shop.apple, quantity: 1 }], {
          shipping_address: { customerName: "Dana Levi", address: { street_address: "1 Road", ...address } },
          delivery_time: window,
        }),
      });
      expect(calc.status, JSON.stringify(calc.json)).toBe(200);
      return calc.json.data.totals.shipping_charge as number;
    };
    expect(await feeTo({ country: "IL", city: "haifa" })).toBe(300);
    expect(await feeTo({ country: "IL", city: "Eilat" })).toBe(600);
    expect(await feeTo({ country: "FR", city: "Paris" })).toBe(900);
  });

  it("shows a change at checkout within STORE_FRESH_MS where checkout settings are remembered", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const { handle } = await testHarness();
    // An API process that remembers store and checkout settings, as production does.
    const app = createApp({
      db: handle.db,
      logger: createLogger("silent"),
      storeFreshMs: DEFAULT_STORE_FRESH_MS,
    });
    const customer = await registerVerified(client(shop.domain));
    const calculate = async () => {
      const response = await app.request(
        "/api/storeOrder/calculate",
        {
          method: "POST",
          headers: {
            [STORE_DOMAIN_HEADER]: shop.domain,
            authorization: `Bearer ${customer.token}`,
            "content-type": "application/json",
          },
          body: JSON.stringify(cashDelivery([{ productId: shop.apple, quantity: 1 }])),
        },
        { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
      );
      const json = (await response.json()) as { data: { totals: { shipping_charge: number } } };
      return json.data.totals.shipping_charge;
    };
    expect(await calculate()).toBe(500);
    const changedAt = performance.now();
    const changed = await owner.as("/api/staff/delivery/update", {
      ...delivery,
      scheduled: false,
      deliveryFee: 750,
      zones: [],
    });
    expect(changed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_STORE_FRESH_MS + 50));
    expect(await calculate()).toBe(750);
    expect(performance.now() - changedAt).toBeLessThan(DEFAULT_STORE_FRESH_MS * 5);
  });

  it("refuses settings that do not hold together, naming each field", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    expect(
      fieldsOf(
        await owner.as("/api/staff/delivery/update", {
          ...delivery,
          daysAhead: 0,
          cutoffMinutes: -1,
          capacity: 0,
          deliveryFee: -1,
          freeDeliveryAbove: 1.5,
          windowDays: [1, 1],
          zones: [
            { country: "", city: "", zipPrefix: "", fee: 100 },
            { country: "IL", city: "", zipPrefix: "", fee: -5 },
          ],
        }),
      ),
    ).toEqual([
      "capacity",
      "cutoffMinutes",
      "daysAhead",
      "deliveryFee",
      "freeDeliveryAbove",
      "windowDays",
      "zones.0.country",
      "zones.1.fee",
    ]);
    // The last window must end after the first starts, within a day.
    expect(
      fieldsOf(
        await owner.as("/api/staff/delivery/update", {
          ...delivery,
          windowOpensAt: 600,
          windowClosesAt: 600,
        }),
      ),
    ).toEqual(["windowClosesAt"]);
    // A window longer than the hours it is laid out in.
    expect(
      fieldsOf(await owner.as("/api/staff/delivery/update", { ...delivery, windowMinutes: 300 })),
    ).toEqual(["windowMinutes"]);
    const unchanged = await owner.as("/api/staff/delivery/detail");
    expect(unchanged.json.data.settings.deliveryFee).toBe(500);
  });

  it("refuses another shop's staff, shoppers, no token and roles without the right", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const staff = await owner.member("staff");
    const kitchen = await owner.member("kitchen");
    const customer = await registerVerified(client(shop.domain));
    const other = await openShop();
    for (const path of [
      "/api/staff/delivery/detail",
      "/api/staff/delivery/update",
      "/api/staff/postOptions/list",
      "/api/staff/postOptions/add",
      "/api/staff/pickupPoints/list",
      "/api/staff/pickupPoints/add",
    ]) {
      const body = path.endsWith("update") ? delivery : path.includes("post") ? post : pickup;
      expectError(await owner.as(path, body, staff), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, kitchen), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.api("POST", path, { body }), "UNAUTHORIZED");
      expectError(await owner.api("POST", path, { token: customer.token, body }), "INVALID_SESSION");
      expectError(await client(other.domain)("POST", path, { token: owner.token, body }), "FORBIDDEN");
    }
  });
});

describe("postal options", () => {
  it("are added, edited, moved, switched off and on, audited, and checkout shows the active ones", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    const list = await owner.as("/api/staff/postOptions/list");
    expect(list.json.data).toMatchObject({
      currency: "USD",
      options: [{ id: shop.postOption, isActive: true }],
    });

    const added = await owner.as("/api/staff/postOptions/add", post, manager);
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const courier = added.json.data.options[1];
    expect(courier).toMatchObject({ ...post, isActive: true });

    const edited = await owner.as("/api/staff/postOptions/update", { id: courier.id, ...post, price: 1500 });
    expect(edited.json.data.options[1]).toMatchObject({ id: courier.id, price: 1500 });
    const moved = await owner.as("/api/staff/postOptions/move", { id: courier.id, direction: "up" });
    expect(moved.json.data.options.map((o: { id: number }) => o.id)).toEqual([courier.id, shop.postOption]);
    // Already first: nothing moves.
    const still = await owner.as("/api/staff/postOptions/move", { id: courier.id, direction: "up" });
    expect(still.json.data.options.map((o: { id: number }) => o.id)).toEqual([courier.id, shop.postOption]);
    await owner.as("/api/staff/postOptions/active", { id: shop.postOption, active: false });

    const shopper = client(shop.domain);
    const options = async (locale = "en") =>
      (await shopper("POST", "/api/storeDeliveryByPost/query/storeCustomer", { body: {}, locale })).json.data;
    expect((await options()).postOptions).toEqual([
      { id: courier.id, name: "Courier", price: 1500, daysMin: 1, daysMax: 2 },
    ]);
    expect((await options("he")).postOptions[0].name).toBe("שליח");
    await owner.as("/api/staff/postOptions/active", { id: shop.postOption, active: true });
    expect((await options()).postOptions.map((o: { id: number }) => o.id)).toEqual([
      courier.id,
      shop.postOption,
    ]);

    const audit = await owner.as("/api/staff/audit", { action: "settings.postOption" });
    const records = audit.json.data.records as { subject: string; before: unknown; after: unknown }[];
    expect(records).toHaveLength(5);
    expect(records.at(-1)).toMatchObject({ subject: `postOption:${courier.id}`, before: null });
    expect(
      records.find(
        (r) =>
          (r.after as { price: number }).price === 1500 && (r.before as { price: number })?.price === 1250,
      ),
    ).toBeTruthy();
    expect(records[0]).toMatchObject({
      before: expect.objectContaining({ isActive: false }),
      after: expect.objectContaining({ isActive: true }),
    });
  });

  it("refuses an option without a name, a negative price, days the wrong way round, and another shop's option", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    expect(
      fieldsOf(
        await owner.as("/api/staff/postOptions/add", {
          name: { en: "", ar: "", he: "" },
          price: -1,
          daysMin: 3,
          daysMax: 2,
        }),
      ),
    ).toEqual(["daysMax", "name.en", "price"]);
    expect(fieldsOf(await owner.as("/api/staff/postOptions/add", { ...post, price: 12.5 }))).toEqual([
      "price",
    ]);
    const other = await openShop();
    expectError(
      await owner.as("/api/staff/postOptions/update", { id: other.postOption, ...post }),
      "NOT_FOUND",
    );
    expectError(
      await owner.as("/api/staff/postOptions/active", { id: other.postOption, active: false }),
      "NOT_FOUND",
    );
    expectError(
      await owner.as("/api/staff/postOptions/move", { id: other.postOption, direction: "up" }),
      "NOT_FOUND",
    );
    expect(
      fieldsOf(await owner.as("/api/staff/postOptions/move", { id: shop.postOption, direction: "left" })),
    ).toEqual(["direction"]);
  });
});

describe("pickup points", () => {
  it("are added, edited, moved, switched off and on, audited, and checkout shows the active ones", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const added = await owner.as("/api/staff/pickupPoints/add", pickup);
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const kiosk = added.json.data.points[1];
    expect(kiosk).toMatchObject({ ...pickup, isActive: true });
    const edited = await owner.as("/api/staff/pickupPoints/update", {
      id: kiosk.id,
      ...pickup,
      address: { en: "4 Port St", ar: "٤ شارع الميناء", he: "" },
    });
    expect(edited.json.data.points[1].address).toEqual({ en: "4 Port St", ar: "٤ شارع الميناء", he: "" });
    await owner.as("/api/staff/pickupPoints/move", { id: shop.pickupPoint, direction: "down" });
    await owner.as("/api/staff/pickupPoints/active", { id: shop.pickupPoint, active: false });

    const shopper = client(shop.domain);
    const points = async (locale = "en") =>
      (await shopper("POST", "/api/storeDeliveryByPost/query/storeCustomer", { body: {}, locale })).json.data;
    expect((await points()).pickupPoints).toEqual([
      { id: kiosk.id, name: "Harbour kiosk", address: "4 Port St" },
    ]);
    expect((await points("ar")).pickupPoints[0]).toMatchObject({
      name: "كشك الميناء",
      address: "٤ شارع الميناء",
    });
    // Hebrew left empty: the address falls back to another language.
    expect((await points("he")).pickupPoints[0].address).not.toBe("");

    // No active point left: the shop offers no pickup.
    await owner.as("/api/staff/pickupPoints/active", { id: kiosk.id, active: false });
    expect((await points()).deliveryTypes).not.toContain("pickup");
    await owner.as("/api/staff/pickupPoints/active", { id: kiosk.id, active: true });
    expect((await points()).deliveryTypes).toContain("pickup");

    const audit = await owner.as("/api/staff/audit", { action: "settings.pickupPoint" });
    expect(audit.json.data.records).toHaveLength(6);
    expect(audit.json.data.records[2]).toMatchObject({
      subject: `pickupPoint:${shop.pickupPoint}`,
      before: expect.objectContaining({ isActive: true }),
      after: expect.objectContaining({ isActive: false }),
    });
  });

  it("refuses a point without a name or address, and another shop's point", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    expect(
      fieldsOf(
        await owner.as("/api/staff/pickupPoints/add", {
          name: { en: "", ar: "", he: "" },
          address: { en: " ", ar: "", he: "" },
        }),
      ),
    ).toEqual(["address.en", "name.en"]);
    expect(
      fieldsOf(await owner.as("/api/staff/pickupPoints/add", { ...pickup, name: { en: "x".repeat(81) } })),
    ).toEqual(["name.en"]);
    const other = await openShop();
    expectError(
      await owner.as("/api/staff/pickupPoints/update", { id: other.pickupPoint, ...pickup }),
      "NOT_FOUND",
    );
    expectError(
      await owner.as("/api/staff/pickupPoints/active", { id: other.pickupPoint, active: true }),
      "NOT_FOUND",
    );
  });
});
