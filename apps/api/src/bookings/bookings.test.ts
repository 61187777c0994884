import { bookingCreateBodySchema, IDEMPOTENCY_KEY_HEADER } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type PaymentProviders, storePaymentProviders } from "../flows/payments.ts";
import { freshEmail, inbox, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { APPROVED_CARD } from "../test/shops.ts";
import { cancelBooking } from "./change.ts";
import { bookForStaff, bookOnline } from "./create.ts";
import { bookingExceptions, bookings } from "./tables.ts";
import { at, bookingShopOf, dayAhead, guest } from "./test-shop.ts";

const key = () => ({ [IDEMPOTENCY_KEY_HEADER]: `key-${Math.random().toString(36).slice(2)}` });

describe("what a shopper reads before booking", () => {
  it("lists services, resources, exceptions and free times; another shop's service is not offered", async () => {
    const s = await bookingShopOf();
    const services = await s.api("GET", "/booking/service/list");
    expect(services.status).toBe(200);
    expect(services.json.data.services).toEqual([
      expect.objectContaining({
        id: s.serviceId,
        name: "Fitting",
        durationMinutes: 60,
        price: 5000,
        deposit: 0,
        resourceIds: [s.bay1, s.bay2],
      }),
    ]);
    expect(services.json.data.rules).toMatchObject({ timezone: "UTC", leadMinutes: 60, slotStepMinutes: 15 });
    const resources = await s.api("GET", "/booking/resource/list", { query: { serviceId: s.serviceId } });
    expect(resources.json.data.resources.map((r: { name: string }) => r.name)).toEqual(["Bay 1", "Bay 2"]);

    const day = dayAhead(5);
    await s.db.insert(bookingExceptions).values({
      storeId: s.shop.id,
      resourceId: s.bay2,
      kind: "closed",
      startsAt: new Date(at(day, "09:00")),
      endsAt: new Date(at(day, "12:00")),
      reason: "Away",
    });
    const exceptions = await s.api("GET", "/booking/timeslot-exception/list", {
      query: { from: day, to: day },
    });
    expect(exceptions.json.data.exceptions).toEqual([
      expect.objectContaining({ resourceId: s.bay2, kind: "closed", reason: "Away" }),
    ]);

    const slots = await s.api("GET", "/booking/timeslot/list", {
      query: { serviceId: s.serviceId, from: day, to: day },
    });
    expect(slots.status).toBe(200);
    const times = slots.json.data.days[0].times;
    // 09:00 to 16:00 on the quarter hours; Bay 2 only once it is back (its 60 + 15 minutes after 12:00).
    expect(times[0]).toEqual({ startsAt: at(day, "09:00"), localTime: "09:00", resourceIds: [s.bay1] });
    expect(times.at(-1).localTime).toBe("16:00");
    expect(times.find((t: { localTime: string }) => t.localTime === "12:00").resourceIds).toEqual([
      s.bay1,
      s.bay2,
    ]);

    const free = await s.api("POST", "/booking/timeslot-resource/available", {
      body: { serviceId: s.serviceId, startsAt: at(day, "10:00") },
    });
    expect(free.json.data.resources).toEqual([{ id: s.bay1, name: "Bay 1" }]);

    const other = await bookingShopOf();
    expectError(
      await other.api("GET", "/booking/timeslot/list", {
        query: { serviceId: s.serviceId, from: day, to: day },
      }),
      "SERVICE_NOT_OFFERED",
    );
    expectError(
      await s.api("GET", "/booking/timeslot/list", {
        query: { serviceId: s.serviceId, from: day, to: dayAhead(100) },
      }),
      "INVALID_INPUT",
    );
  });
});

describe("booking as a guest", () => {
  it("books once per key, mails the code and the manage link, and the link opens it", async () => {
    const s = await bookingShopOf();
    const email = freshEmail();
    const day = dayAhead(4);
    const body = { serviceId: s.serviceId, resourceId: s.bay1, startsAt: at(day, "10:00"), ...guest(email) };
    const headers = key();
    const made = await s.api("POST", "/booking/", { body, headers });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const { booking, manageToken } = made.json.data;
    expect(booking).toMatchObject({
      status: "confirmed",
      resourceName: "Bay 1",
      localTime: "10:00",
      version: 1,
      changeable: true,
    });
    expect(booking.code).toMatch(/^B-/);

    const again = await s.api("POST", "/booking/", { body, headers });
    expect(again.json.data.booking.id).toBe(booking.id);
    expect(again.json.data.manageToken).toBe(manageToken);
    expectError(
      await s.api("POST", "/booking/", { body: { ...body, note: "other" }, headers }),
      "IDEMPOTENCY_KEY_REUSED",
    );

    const [mail] = await inbox(email);
    expect(mail?.subject).toContain(booking.code);
    expect(mail?.body).toContain(`/appointment/manage/${manageToken}`);
    expect(mail?.body).toContain("calendar.ics");
    expect(mail?.body).toContain("UTC");

    const view = await s.api("POST", "/booking/manage/view", { body: { token: manageToken } });
    expect(view.json.data.id).toBe(booking.id);
    expectError(
      await s.api("POST", "/booking/manage/view", { body: { token: "x".repeat(43) } }),
      "APPOINTMENT_LINK_INVALID",
    );
    expectError(await s.api("POST", "/booking/manage/view", { body: {} }), "INVALID_INPUT");
    const other = await bookingShopOf();
    expectError(
      await other.api("POST", "/booking/manage/view", { body: { token: manageToken } }),
      "APPOINTMENT_LINK_INVALID",
    );
  });

  it("refuses a taken time with the next free ones, and books any free resource", async () => {
    const s = await bookingShopOf();
    const day = dayAhead(6);
    const ask = (resourceId: number | null, time = "11:00") =>
      s.api("POST", "/booking/", {
        body: { serviceId: s.serviceId, resourceId, startsAt: at(day, time), ...guest(freshEmail()) },
        headers: key(),
      });
    expect((await ask(s.bay1)).status).toBe(200);
    const taken = await ask(s.bay1, "11:30");
    expectError(taken, "SLOT_UNAVAILABLE");
    // Bay 1 is held 11:00–12:15: its next starts are 12:15 onwards.
    expect(taken.json.data.nextFreeTimes).toEqual([at(day, "12:15"), at(day, "12:30"), at(day, "12:45")]);
    const any = await ask(null);
    expect(any.json.data.booking.resourceId).toBe(s.bay2);
    expectError(await ask(null), "SLOT_UNAVAILABLE");
  });

  it("refuses too soon, too far, outside hours, a closure and a service the shop does not book", async () => {
    const s = await bookingShopOf();
    const ask = (startsAt: string, serviceId = s.serviceId) =>
      s.api("POST", "/booking/", {
        body: { serviceId, resourceId: null, startsAt, ...guest(freshEmail()) },
        headers: key(),
      });
    expectError(await ask(new Date(Date.now() + 10 * 60_000).toISOString()), "BOOKING_TOO_SOON");
    expectError(await ask(at(dayAhead(400), "10:00")), "BOOKING_TOO_FAR");
    expectError(await ask(at(dayAhead(3), "16:30")), "BOOKING_CLOSED");
    expectError(await ask(at(dayAhead(3), "10:07")), "BOOKING_CLOSED");
    const day = dayAhead(7);
    await s.db.insert(bookingExceptions).values({
      storeId: s.shop.id,
      resourceId: null,
      kind: "closed",
      startsAt: new Date(at(day, "00:00")),
      endsAt: new Date(at(dayAhead(8), "00:00")),
    });
    expectError(await ask(at(day, "10:00")), "BOOKING_CLOSED");
    expectError(await ask(at(dayAhead(3), "10:00"), 999_999), "SERVICE_NOT_OFFERED");
    expectError(
      await s.api("POST", "/booking/", {
        body: { serviceId: s.serviceId, startsAt: at(dayAhead(3), "10:00"), name: "" },
      }),
      "INVALID_INPUT",
    );
  });
});

describe("a signed-in shopper's bookings", () => {
  it("lists, reschedules in place with history, refuses a replayed reschedule and a cancelled booking", async () => {
    const s = await bookingShopOf();
    const me = await registerVerified(s.api);
    const day = dayAhead(10);
    const made = await s.api("POST", "/booking/", {
      token: me.token,
      body: { serviceId: s.serviceId, resourceId: s.bay1, startsAt: at(day, "09:00"), ...guest(me.email) },
      headers: key(),
    });
    const id = made.json.data.booking.id;
    const list = await s.api("POST", "/booking/list", { token: me.token, body: {} });
    expect(list.json.data.records.map((b: { id: number }) => b.id)).toEqual([id]);
    expect(
      (await s.api("POST", "/booking/list", { token: me.token, body: { when: "past" } })).json.data.total,
    ).toBe(0);
    expect((await s.api("POST", "/booking/list", { body: {} })).status).toBe(401);

    const moved = await s.api("POST", `/booking/${id}`, {
      token: me.token,
      body: { version: 1, startsAt: at(day, "14:00"), resourceId: s.bay2 },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.data).toMatchObject({ id, version: 2, localTime: "14:00", resourceId: s.bay2 });
    const history = await s.history(id);
    expect(history.map((h) => [h.action, h.version])).toEqual([
      ["booked", 1],
      ["moved", 2],
    ]);
    expect(history[1]?.fromStartsAt?.toISOString()).toBe(at(day, "09:00"));
    // The old time is free again.
    const free = await s.api("POST", "/booking/timeslot-resource/available", {
      body: { serviceId: s.serviceId, startsAt: at(day, "09:00") },
    });
    expect(free.json.data.resources.map((r: { id: number }) => r.id)).toEqual([s.bay1, s.bay2]);

    expectError(
      await s.api("POST", `/booking/${id}`, {
        token: me.token,
        body: { version: 1, startsAt: at(day, "15:00") },
      }),
      "RESCHEDULE_STALE",
    );
    const stranger = await registerVerified(s.api);
    expectError(
      await s.api("POST", `/booking/${id}`, {
        token: stranger.token,
        body: { version: 2, startsAt: at(day, "15:00") },
      }),
      "NOT_FOUND",
    );
    expectError(
      await s.api("POST", `/booking/${id}/cancel`, { token: stranger.token, body: {} }),
      "NOT_FOUND",
    );
    expect((await s.api("POST", `/booking/${id}/cancel`, { body: {} })).status).toBe(401);
    const other = await bookingShopOf();
    expect((await other.api("POST", `/booking/${id}/cancel`, { token: me.token, body: {} })).status).toBe(
      403,
    );

    const cancelled = await s.api("POST", `/booking/${id}/cancel`, {
      token: me.token,
      body: { reason: "Plans changed" },
    });
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", cancelledBy: "customer", version: 3 });
    expectError(
      await s.api("POST", `/booking/${id}`, {
        token: me.token,
        body: { version: 3, startsAt: at(day, "15:00") },
      }),
      "APPOINTMENT_NOT_ACTIVE",
    );
    expectError(
      await s.api("POST", `/booking/${id}/cancel`, { token: me.token, body: {} }),
      "APPOINTMENT_NOT_ACTIVE",
    );
    const mails = await inbox(me.email);
    expect(mails.map((m) => m.subject).join("|")).toMatch(
      /confirmed.*moved.*cancelled|cancelled.*moved.*confirmed/,
    );
  });

  it("moves and cancels by the manage link, and not inside the cancellation window", async () => {
    const s = await bookingShopOf();
    const day = dayAhead(9);
    const made = await s.api("POST", "/booking/", {
      body: { serviceId: s.serviceId, resourceId: null, startsAt: at(day, "09:00"), ...guest(freshEmail()) },
      headers: key(),
    });
    const token = made.json.data.manageToken;
    const moved = await s.api("POST", "/booking/manage/update", {
      body: { token, version: 1, startsAt: at(day, "10:00") },
    });
    expect(moved.json.data).toMatchObject({ id: made.json.data.booking.id, version: 2, localTime: "10:00" });
    expectError(
      await s.api("POST", "/booking/manage/update", {
        body: { token, version: 1, startsAt: at(day, "11:00") },
      }),
      "RESCHEDULE_STALE",
    );
    expect((await s.api("POST", "/booking/manage/cancel", { body: { token } })).json.data.status).toBe(
      "cancelled",
    );

    // Starting within the day (staff took it by phone): online changes are closed, call the shop.
    const near = await bookForStaff(
      s.db,
      await s.desk(),
      {
        serviceId: s.serviceId,
        resourceId: s.bay1,
        startsAt: new Date(Math.ceil((Date.now() + 3 * 60 * 60_000) / 900_000) * 900_000),
        ...guest(freshEmail()),
        note: "",
        language: "en",
        customerId: null,
      },
      { source: "phone", staffId: 1, overrideReason: "Called in" },
    );
    const view = await s.api("POST", "/booking/manage/view", { body: { token: near.token } });
    expect(view.json.data.changeable).toBe(false);
    const cancel = await s.api("POST", "/booking/manage/cancel", { body: { token: near.token } });
    expectError(cancel, "CANCEL_WINDOW_PASSED");
    expect(cancel.json.msg).toMatch(/call/i);
    expectError(
      await s.api("POST", "/booking/manage/update", {
        body: { token: near.token, version: 1, startsAt: at(dayAhead(20), "10:00") },
      }),
      "CANCEL_WINDOW_PASSED",
    );
  });
});

describe("a deposit", () => {
  it("declined: no booking and the time stays free; paid: confirmed; cancelled: refunded", async () => {
    const s = await bookingShopOf({ deposit: 2000 });
    const day = dayAhead(12);
    const body = (card: typeof APPROVED_CARD | null) => ({
      serviceId: s.serviceId,
      resourceId: s.bay1,
      startsAt: at(day, "10:00"),
      ...guest(freshEmail()),
      credit_card: card,
    });
    expectError(await s.api("POST", "/booking/", { body: body(null), headers: key() }), "INVALID_INPUT");
    const declined = await s.api("POST", "/booking/", {
      body: body({ ...APPROVED_CARD, number: "4000000000000002" }),
      headers: key(),
    });
    expectError(declined, "PAYMENT_DECLINED");
    const free = await s.api("POST", "/booking/timeslot-resource/available", {
      body: { serviceId: s.serviceId, startsAt: at(day, "10:00") },
    });
    expect(free.json.data.resources.map((r: { id: number }) => r.id)).toContain(s.bay1);

    const paid = await s.api("POST", "/booking/", { body: body(APPROVED_CARD), headers: key() });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.data.booking).toMatchObject({
      status: "confirmed",
      deposit: 2000,
      depositStatus: "paid",
    });
    const cancelled = await s.api("POST", "/booking/manage/cancel", {
      body: { token: paid.json.data.manageToken },
    });
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", depositStatus: "refunded" });
  });
});

describe("a deposit charged while staff cancel the booking", () => {
  it("goes back to the card: the cancellation stands and the deposit is refunded", async () => {
    const s = await bookingShopOf({ deposit: 2000 });
    const shop = await s.desk();
    const real = storePaymentProviders(s.db, "test");
    let reached: () => void = () => {};
    const charging = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let refundsAsked = 0;
    const payments: PaymentProviders = (store, gateway, use) => {
      const provider = real(store, gateway, use);
      if (!provider) return null;
      return {
        ...provider,
        authorize: async (input) => {
          reached();
          await gate;
          return provider.authorize(input);
        },
        refund: async (input) => {
          refundsAsked += 1;
          return provider.refund(input);
        },
      };
    };
    const booking = bookOnline(
      {
        db: s.db,
        payments,
        shop,
        locale: "en",
        customerId: null,
        idempotencyKey: key()[IDEMPOTENCY_KEY_HEADER],
      },
      bookingCreateBodySchema.parse({
        serviceId: s.serviceId,
        resourceId: s.bay1,
        startsAt: at(dayAhead(14), "10:00"),
        ...guest(freshEmail()),
        credit_card: APPROVED_CARD,
      }),
    );
    await charging;
    const [pending] = await s.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.storeId, s.shop.id), eq(bookings.status, "pending")));
    if (!pending) throw new Error("no pending booking");
    await cancelBooking(s.db, payments, shop, pending.id, { by: "staff", staffId: 1 }, "Bay closed");
    release();
    const answered = await booking;
    expect(answered.booking.status).toBe("cancelled");
    expect(await s.row(pending.id)).toMatchObject({ status: "cancelled", depositStatus: "refunded" });
    expect(refundsAsked).toBe(1);
  });
});

describe("staff bookings (the diary's)", () => {
  it("book outside hours only with a reason, and never over another booking", async () => {
    const s = await bookingShopOf();
    const desk = await s.desk();
    const day = dayAhead(5);
    const request = (time: string) => ({
      serviceId: s.serviceId,
      resourceId: s.bay1,
      startsAt: new Date(at(day, time)),
      name: "Walk-in",
      phone: "",
      email: "",
      note: "",
      language: "en" as const,
      customerId: null,
    });
    await expect(
      bookForStaff(s.db, desk, request("18:00"), { source: "phone", staffId: 1 }),
    ).rejects.toMatchObject({
      kind: "OVERRIDE_REASON_REQUIRED",
    });
    const late = await bookForStaff(s.db, desk, request("18:00"), {
      source: "phone",
      staffId: 1,
      overrideReason: "Regular customer",
    });
    expect(late.row).toMatchObject({
      status: "confirmed",
      source: "phone",
      overrideReason: "Regular customer",
    });
    await expect(
      bookForStaff(s.db, desk, request("18:30"), {
        source: "walkIn",
        staffId: 1,
        overrideReason: "Squeeze in",
      }),
    ).rejects.toMatchObject({ kind: "SLOT_UNAVAILABLE" });
  });
});

describe("across a daylight-saving change", () => {
  // Chicago's clocks go forward at 02:00 on Sunday 14 March 2027: 09:00 is 15:00Z the day before, 14:00Z that day.
  it("keeps 09:00 local on the Sunday the clocks change, and a moved booking keeps its local hour", async () => {
    const s = await bookingShopOf({ timezone: "America/Chicago" });
    const slots = await s.api("GET", "/booking/timeslot/list", {
      query: { serviceId: s.serviceId, resourceId: s.bay1, from: "2027-03-13", to: "2027-03-14" },
    });
    const [saturday, sunday] = slots.json.data.days;
    expect(saturday.times[0]).toMatchObject({ startsAt: "2027-03-13T15:00:00.000Z", localTime: "09:00" });
    expect(sunday.times[0]).toMatchObject({ startsAt: "2027-03-14T14:00:00.000Z", localTime: "09:00" });
    expect(sunday.times.at(-1)).toMatchObject({ startsAt: "2027-03-14T21:00:00.000Z", localTime: "16:00" });

    const me = await registerVerified(s.api);
    const made = await s.api("POST", "/booking/", {
      token: me.token,
      body: {
        serviceId: s.serviceId,
        resourceId: s.bay1,
        startsAt: "2027-03-13T15:00:00.000Z",
        ...guest(me.email),
      },
      headers: key(),
    });
    expect(made.json.data.booking).toMatchObject({
      localDate: "2027-03-13",
      localTime: "09:00",
      timezone: "America/Chicago",
    });
    const moved = await s.api("POST", `/booking/${made.json.data.booking.id}`, {
      token: me.token,
      body: { version: 1, startsAt: "2027-03-14T14:00:00.000Z" },
    });
    expect(moved.json.data).toMatchObject({
      localDate: "2027-03-14",
      localTime: "09:00",
      startsAt: "2027-03-14T14:00:00.000Z",
    });
    const row = await s.row(made.json.data.booking.id);
    expect(row?.endsAt.toISOString()).toBe("2027-03-14T15:00:00.000Z");
  });
});
