import { beforeAll, describe, expect, it } from "vitest";
import { client, freshEmail, inbox, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import {
  bookingRules,
  daysFromToday,
  reservableService,
  reservationException,
} from "../test/reservation-shops.ts";
import { openShop, type Shop } from "../test/shops.ts";

beforeAll(async () => {
  await testHarness();
});

const day = daysFromToday(3);
const at = (time: string, date = day) => `${date}T${time}:00.000Z`;

function details(serviceId: number, start: string, extra: Record<string, unknown> = {}) {
  return {
    serviceId,
    date: start.slice(0, 10),
    start,
    partySize: 2,
    name: "Dana Levi",
    phone: "050-1234567",
    email: freshEmail(),
    note: "Window please",
    ...extra,
  };
}

async function reserve(
  shop: Shop,
  body: unknown,
  options: { key?: string; token?: string; locale?: string } = {},
) {
  return client(shop.domain)("POST", "/store-reservation/reserve/create", {
    body,
    ...(options.key ? { headers: { "Idempotency-Key": options.key } } : {}),
    ...(options.token ? { token: options.token } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  });
}

async function slots(shop: Shop, serviceId: number, date: string, partySize = 2) {
  return client(shop.domain)("GET", "/store-reservation/timeslot/search", {
    query: { serviceId, date, partySize },
  });
}

const manage = (shop: Shop, what: "view" | "cancel" | "calendar", token: string) =>
  client(shop.domain)("POST", `/store-reservation/manage/${what}`, { body: { token } });

describe("reservable services", () => {
  it("lists the shop's active services in the shopper's language, and none of another shop's", async () => {
    const shop = await openShop({ timezone: "America/New_York" });
    await reservableService(shop);
    await reservableService(shop, { nameLocalizations: { en: "Old" }, active: false });
    const list = await client(shop.domain)("POST", "/store-service/list", { locale: "ar" });
    expect(list.status).toBe(200);
    expect(list.json.data).toMatchObject({ timezone: "America/New_York", horizonDays: 60 });
    expect(list.json.data.services).toEqual([
      expect.objectContaining({
        name: "العشاء",
        partyMin: 1,
        partyMax: 6,
        stayMinutes: 120,
        capacityUnit: "covers",
      }),
    ]);
    const other = await openShop();
    expect((await client(other.domain)("POST", "/store-service/list")).json.data.services).toEqual([]);
  });
});

describe("days and slots", () => {
  it("gives the days the service runs with room, leaving out closed weekdays, closing exceptions and days past the horizon", async () => {
    const shop = await openShop();
    const third = new Date(`${day}T00:00:00Z`).getUTCDay();
    const serviceId = await reservableService(shop, {
      weekdays: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== third),
    });
    await bookingRules(shop, { horizonDays: 10 });
    await reservationException(shop, daysFromToday(4), null);
    await reservationException(shop, daysFromToday(5), 1, serviceId);
    const answer = await client(shop.domain)("GET", "/store-reservation/workday/search", {
      query: { serviceId, from: daysFromToday(1), to: daysFromToday(30), partySize: 2 },
    });
    expect(answer.status).toBe(200);
    const dates = answer.json.data.days.map((d: { date: string }) => d.date);
    expect(dates).not.toContain(day);
    expect(dates).not.toContain(daysFromToday(4));
    // Days 3 and 10 are the same weekday, the one it does not run: day 9 is the last within the horizon.
    expect(dates.at(-1)).toBe(daysFromToday(9));
    expect(answer.json.data.days.find((d: { date: string }) => d.date === daysFromToday(5))).toEqual({
      date: daysFromToday(5),
      hasRoom: false,
    });
    expect(answer.json.data.days.find((d: { date: string }) => d.date === daysFromToday(6)).hasRoom).toBe(
      true,
    );
  });

  it("lays out a day's slots with the seats left for the party, and refuses a party out of range, a day too far and another shop's service", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop);
    const answer = await slots(shop, serviceId, day);
    expect(answer.status).toBe(200);
    expect(answer.json.data.slots.map((s: { localTime: string }) => s.localTime)).toEqual([
      "18:00",
      "18:30",
      "19:00",
      "19:30",
      "20:00",
      "20:30",
      "21:00",
      "21:30",
    ]);
    expect(answer.json.data.slots[0]).toEqual({
      start: at("18:00"),
      localTime: "18:00",
      seatsLeft: 10,
      available: true,
      reason: null,
    });
    expectError(await slots(shop, serviceId, day, 7), "PARTY_SIZE_INVALID");
    expectError(await slots(shop, serviceId, daysFromToday(90)), "BOOKING_TOO_FAR");
    const other = await openShop();
    expectError(await slots(other, serviceId, day), "SERVICE_NOT_OFFERED");
    await bookingRules(shop, { leadMinutes: 14 * 24 * 60 });
    const soon = await slots(shop, serviceId, day);
    expect(soon.json.data.slots.every((s: { reason: string }) => s.reason === "tooSoon")).toBe(true);
  });

  it("counts capacity over each party's whole stay: a two-hour party at 19:00 still holds its seats at 20:30", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop);
    expect((await reserve(shop, details(serviceId, at("19:00"), { partySize: 6 }))).status).toBe(200);
    expect((await reserve(shop, details(serviceId, at("20:00"), { partySize: 2 }))).status).toBe(200);
    const left = (await slots(shop, serviceId, day, 3)).json.data.slots.map(
      (s: { localTime: string; seatsLeft: number; reason: string | null }) => [
        s.localTime,
        s.seatsLeft,
        s.reason,
      ],
    );
    expect(left).toEqual([
      ["18:00", 4, null],
      ["18:30", 2, "full"],
      ["19:00", 2, "full"],
      ["19:30", 2, "full"],
      ["20:00", 2, "full"],
      ["20:30", 2, "full"],
      ["21:00", 8, null],
      ["21:30", 8, null],
    ]);
    const refused = await reserve(shop, details(serviceId, at("20:30"), { partySize: 3 }));
    expectError(refused, "SLOT_UNAVAILABLE");
    expect(refused.json.data.nextFreeTimes).toEqual([
      at("21:00"),
      at("21:30"),
      at("18:00", daysFromToday(4)),
    ]);
    expect((await reserve(shop, details(serviceId, at("20:30"), { partySize: 2 }))).status).toBe(200);
  });

  it("counts a late party's stay past midnight against the next day's first slots", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop, { firstSlot: 0, lastSlot: 23 * 60 + 30 });
    expect((await reserve(shop, details(serviceId, at("23:30"), { partySize: 6 }))).status).toBe(200);
    const next = (await slots(shop, serviceId, daysFromToday(4))).json.data.slots.slice(0, 4);
    expect(next.map((s: { localTime: string; seatsLeft: number }) => [s.localTime, s.seatsLeft])).toEqual([
      ["00:00", 4],
      ["00:30", 4],
      ["01:00", 4],
      ["01:30", 10],
    ]);
    expectError(
      await reserve(shop, details(serviceId, at("00:30", daysFromToday(4)), { partySize: 5 })),
      "SLOT_UNAVAILABLE",
    );
  });

  it("counts tables when the service is counted in tables", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop, { capacityUnit: "tables", capacity: 2, tableSeats: 4 });
    expect((await reserve(shop, details(serviceId, at("19:00"), { partySize: 5 }))).status).toBe(200);
    expectError(await reserve(shop, details(serviceId, at("19:00"), { partySize: 1 })), "SLOT_UNAVAILABLE");
  });
});

describe("daylight-saving days", () => {
  it("lays out Copenhagen's spring-forward night: the lost hour's slots start as the clocks go on", async () => {
    const shop = await openShop({ timezone: "Europe/Copenhagen" });
    await bookingRules(shop, { horizonDays: 365, leadMinutes: 0 });
    const serviceId = await reservableService(shop, { firstSlot: 60, lastSlot: 4 * 60, stayMinutes: 60 });
    const answer = await slots(shop, serviceId, "2027-03-28");
    expect(
      answer.json.data.slots.map((s: { localTime: string; start: string }) => [s.localTime, s.start]),
    ).toEqual([
      ["01:00", "2027-03-28T00:00:00.000Z"],
      ["01:30", "2027-03-28T00:30:00.000Z"],
      ["03:00", "2027-03-28T01:00:00.000Z"],
      ["03:30", "2027-03-28T01:30:00.000Z"],
      ["04:00", "2027-03-28T02:00:00.000Z"],
    ]);
  });

  it("keeps New York's dinner at 18:00 local on the day the clocks change, and reserves it", async () => {
    const shop = await openShop({ timezone: "America/New_York" });
    await bookingRules(shop, { horizonDays: 365 });
    const serviceId = await reservableService(shop);
    const before = await slots(shop, serviceId, "2027-03-13");
    const after = await slots(shop, serviceId, "2027-03-14");
    expect(before.json.data.slots[0]).toMatchObject({
      localTime: "18:00",
      start: "2027-03-13T23:00:00.000Z",
    });
    expect(after.json.data.slots[0]).toMatchObject({ localTime: "18:00", start: "2027-03-14T22:00:00.000Z" });
    const made = await reserve(shop, {
      ...details(serviceId, "2027-03-14T22:00:00.000Z"),
      date: "2027-03-14",
    });
    expect(made.json.data.reservation).toMatchObject({ date: "2027-03-14", localTime: "18:00" });
  });
});

describe("reserving", () => {
  it("confirms a guest's reservation with a code and a manage link, and emails it with the shop's time and the links", async () => {
    const shop = await openShop({ timezone: "America/New_York" });
    const serviceId = await reservableService(shop);
    const body = details(serviceId, `${day}T23:00:00.000Z`);
    const made = await reserve(shop, body, { locale: "he" });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const { reservation, manageToken } = made.json.data;
    expect(reservation).toMatchObject({
      status: "confirmed",
      source: "online",
      partySize: 2,
      localTime: "18:00",
      timezone: "America/New_York",
      serviceName: "ארוחת ערב",
      cancellable: true,
    });
    expect(reservation.code).toMatch(/^R-[2-9A-Z]{6}$/);
    expect(manageToken).toMatch(/^[\w-]{43}$/);
    const [mail] = await inbox(body.email);
    expect(mail?.subject).toContain(reservation.code);
    expect(mail?.body).toContain(`/reserve/manage/${manageToken}`);
    expect(mail?.body).toContain(`/reserve/manage/${manageToken}/calendar.ics`);
    expect(mail?.body).toContain("America/New_York");
  });

  it("refuses a party out of range, too soon, too far, a closed day, a time off the slots and another shop's service", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop);
    expectError(await reserve(shop, details(serviceId, at("19:00"), { partySize: 9 })), "PARTY_SIZE_INVALID");
    expectError(await reserve(shop, details(serviceId, at("19:15"))), "BOOKING_CLOSED");
    expectError(await reserve(shop, details(serviceId, at("19:00", daysFromToday(80)))), "BOOKING_TOO_FAR");
    await reservationException(shop, daysFromToday(5), null, serviceId);
    expectError(await reserve(shop, details(serviceId, at("19:00", daysFromToday(5)))), "BOOKING_CLOSED");
    const other = await openShop();
    expectError(await reserve(other, details(serviceId, at("19:00"))), "SERVICE_NOT_OFFERED");
    await bookingRules(shop, { leadMinutes: 14 * 24 * 60 });
    expectError(await reserve(shop, details(serviceId, at("19:00"))), "BOOKING_TOO_SOON");
    expectError(await reserve(shop, { ...details(serviceId, at("19:00")), name: "" }), "INVALID_INPUT");
  });

  it("answers a repeat under the same Idempotency-Key with the same reservation, and another body under it as a reuse", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop);
    const body = details(serviceId, at("19:00"));
    const [first, second] = await Promise.all([
      reserve(shop, body, { key: "reserve-key-0001" }),
      reserve(shop, body, { key: "reserve-key-0001" }),
    ]);
    expect(first.status).toBe(200);
    expect(second.json.data).toEqual(first.json.data);
    const again = await reserve(shop, body, { key: "reserve-key-0001" });
    expect(again.json.data).toEqual(first.json.data);
    expect((await slots(shop, serviceId, day)).json.data.slots[2].seatsLeft).toBe(8);
    expectError(
      await reserve(shop, { ...body, partySize: 3 }, { key: "reserve-key-0001" }),
      "IDEMPOTENCY_KEY_REUSED",
    );
    expect((await manage(shop, "view", first.json.data.manageToken)).json.data.id).toBe(
      first.json.data.reservation.id,
    );
  });
});

describe("the manage link", () => {
  it("opens, gives the calendar file, cancels once, and opens nothing in another shop", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop);
    const body = details(serviceId, at("19:00"));
    const made = (await reserve(shop, body)).json.data;
    const token = made.manageToken as string;
    const view = await manage(shop, "view", token);
    expect(view.json.data).toEqual(made.reservation);
    const ics = await manage(shop, "calendar", token);
    expect(ics.json.data.fileName).toBe(`${made.reservation.code}.ics`);
    expect(ics.json.data.ics).toContain("BEGIN:VCALENDAR");
    expect(ics.json.data.ics).toContain(`DTSTART:${day.replace(/-/g, "")}T190000Z`);
    const other = await openShop();
    expectError(await manage(other, "view", token), "APPOINTMENT_LINK_INVALID");
    expectError(await manage(other, "cancel", token), "APPOINTMENT_LINK_INVALID");
    expectError(await manage(shop, "view", "x".repeat(43)), "APPOINTMENT_LINK_INVALID");
    expectError(await manage(shop, "view", "short"), "INVALID_INPUT");

    const cancelled = await manage(shop, "cancel", token);
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", cancellable: false });
    expect((await inbox(body.email))[0]?.subject).toContain("cancelled");
    expect((await slots(shop, serviceId, day)).json.data.slots[2].seatsLeft).toBe(10);
    expectError(await manage(shop, "cancel", token), "APPOINTMENT_NOT_ACTIVE");
  });

  it("refuses to cancel online inside the shop's cancellation window", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop);
    const token = (await reserve(shop, details(serviceId, at("19:00")))).json.data.manageToken;
    await bookingRules(shop, { cancelWindowMinutes: 14 * 24 * 60 });
    expect((await manage(shop, "view", token)).json.data.cancellable).toBe(false);
    expectError(await manage(shop, "cancel", token), "CANCEL_WINDOW_PASSED");
  });
});

describe("guessing manage links", () => {
  it("stops a client address opening links after 120 an hour", async () => {
    const shop = await openShop();
    const api = client(shop.domain);
    const guess = () => api("POST", "/store-reservation/manage/view", { body: { token: "g".repeat(43) } });
    for (let i = 0; i < 120; i++) expectError(await guess(), "APPOINTMENT_LINK_INVALID");
    expectError(await guess(), "TOO_MANY_REQUESTS");
  });
});

describe("the account's reservations", () => {
  it("lists the signed-in customer's own reservations only, and asks a caller without a token to sign in", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop);
    const api = client(shop.domain);
    const dana = await registerVerified(api);
    const made = await reserve(shop, details(serviceId, at("19:00")), { token: dana.token });
    await reserve(shop, details(serviceId, at("20:00")));
    const mine = await api("GET", "/store-reservation/mine", { token: dana.token });
    expect(mine.json.data.reservations.map((r: { id: number }) => r.id)).toEqual([
      made.json.data.reservation.id,
    ]);
    const other = await registerVerified(client(shop.domain));
    expect(
      (await api("GET", "/store-reservation/mine", { token: other.token })).json.data.reservations,
    ).toEqual([]);
    expectError(await api("GET", "/store-reservation/mine"), "UNAUTHORIZED");
  });
});
