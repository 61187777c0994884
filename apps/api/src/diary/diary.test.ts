import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../staff/tables.ts";
import { diaryShop } from "../test/diary-shop.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";

beforeAll(async () => {
  await testHarness();
});

type Entry = { kind: string; id: number; status: string; noShows: number; startsAt: string; code: string };

describe("the diary", () => {
  it("shows a day's reservations and bookings with each customer's no-show count; a week shows seven days", async () => {
    const { owner, at, dayOf, reserve, book, bay2 } = await diaryShop();
    const party = await reserve(at(3, 19 * 60), 4, { email: "often.late@example.com" });
    await reserve(at(-10, 19 * 60), 2, { email: "often.late@example.com", status: "noShow" });
    const fitting = await book(at(3, 10 * 60), bay2);
    await book(at(4, 10 * 60));
    const day = await owner.as("/api/staff/diary", { date: dayOf(3) });
    expect(day.status).toBe(200);
    expect(day.json.data.days).toEqual([dayOf(3)]);
    const entries = day.json.data.entries as Entry[];
    expect(entries.map((e) => [e.kind, e.id])).toEqual([
      ["booking", fitting.id],
      ["reservation", party.id],
    ]);
    expect(entries[1]).toMatchObject({ partySize: 4, noShows: 1, serviceName: "Dinner", source: "online" });
    expect(entries[0]).toMatchObject({ resourceId: bay2, resourceName: "Bay 2", noShows: 0 });
    expect(day.json.data.resources).toHaveLength(2);
    expect(day.json.data.reservationServices).toHaveLength(1);
    const week = await owner.as("/api/staff/diary", { date: dayOf(3), view: "week" });
    expect(week.json.data.days).toHaveLength(7);
    expect(week.json.data.entries).toHaveLength(3);
    const today = await owner.as("/api/staff/diary", {});
    expect(today.json.data.date).toBe(dayOf(0));
  });

  it("is the shop's own, for members who keep the diary", async () => {
    const { owner, at, reserve } = await diaryShop();
    const party = await reserve(at(2, 18 * 60), 2);
    const other = await shopOwner(await openShop());
    const theirs = await other.as("/api/staff/diary", {});
    expect(theirs.json.data.entries).toEqual([]);
    expectError(
      await other.as("/api/staff/diary/detail", { kind: "reservation", id: party.id }),
      "NOT_FOUND",
    );
    const cook = await owner.member("kitchen");
    for (const [path, body] of [
      ["/api/staff/diary", {}],
      ["/api/staff/diary/detail", { kind: "reservation", id: party.id }],
      ["/api/staff/diary/mark", { kind: "reservation", id: party.id, status: "arrived" }],
      ["/api/staff/diary/exceptions", undefined],
      ["/api/staff/booking-setup", undefined],
    ] as const) {
      expectError(await owner.as(path, body, cook), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.api("POST", path, { body }), "UNAUTHORIZED");
    }
    const waiter = await owner.member("staff");
    expect((await owner.as("/api/staff/diary", {}, waiter)).status).toBe(200);
    expectError(await owner.as("/api/staff/booking-setup", undefined, waiter), "STAFF_ROLE_FORBIDDEN");
  });
});

describe("marking, moving and cancelling", () => {
  it("marks a party arrived or a no-show, never a cancelled one", async () => {
    const { owner, at, reserve, book } = await diaryShop();
    const party = await reserve(at(1, 19 * 60), 2);
    const arrived = await owner.as("/api/staff/diary/mark", {
      kind: "reservation",
      id: party.id,
      status: "arrived",
    });
    expect(arrived.json.data.entry.status).toBe("arrived");
    const fitting = await book(at(1, 9 * 60));
    const missed = await owner.as("/api/staff/diary/mark", {
      kind: "booking",
      id: fitting.id,
      status: "noShow",
    });
    expect(missed.json.data.entry).toMatchObject({ status: "noShow", noShows: 1 });
    expect(missed.json.data.history.map((h: { action: string }) => h.action)).toEqual(["noShow"]);
    const gone = await reserve(at(1, 18 * 60), 2, { status: "cancelled" });
    expectError(
      await owner.as("/api/staff/diary/mark", { kind: "reservation", id: gone.id, status: "arrived" }),
      "APPOINTMENT_NOT_ACTIVE",
    );
    expectError(
      await owner.as("/api/staff/diary/mark", { kind: "booking", id: 999_999, status: "arrived" }),
      "NOT_FOUND",
    );
  });

  it("moves a party to a slot with room; onto a full one only with a reason, kept; the shopper is told", async () => {
    const { owner, at, reserve, messagesTo } = await diaryShop();
    const party = await reserve(at(2, 18 * 60), 4);
    await reserve(at(2, 20 * 60), 8);
    const moved = await owner.as("/api/staff/diary/move", {
      kind: "reservation",
      id: party.id,
      startsAt: at(2, 17 * 60).toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(moved.json.data.entry.startsAt).toBe(at(2, 17 * 60).toISOString());
    const told = await messagesTo(party.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(party.code);
    const full = { kind: "reservation", id: party.id, startsAt: at(2, 20 * 60).toISOString() };
    expectError(await owner.as("/api/staff/diary/move", full), "OVERRIDE_REASON_REQUIRED");
    expectError(
      await owner.as("/api/staff/diary/move", { ...full, startsAt: at(2, 17 * 60 + 10).toISOString() }),
      "OVERRIDE_REASON_REQUIRED",
    );
    const forced = await owner.as("/api/staff/diary/move", {
      ...full,
      overrideReason: "Regulars, extra table",
    });
    expect(forced.json.data.entry).toMatchObject({ overrideReason: "Regulars, extra table" });
  });

  it("moves a booking to another bay and time with its history; never onto a booked bay; outside hours only with a reason", async () => {
    const { owner, at, book, bay1, bay2 } = await diaryShop();
    const fitting = await book(at(2, 9 * 60), bay1);
    await book(at(2, 12 * 60), bay2);
    const moved = await owner.as("/api/staff/diary/move", {
      kind: "booking",
      id: fitting.id,
      startsAt: at(2, 10 * 60).toISOString(),
      resourceId: bay2,
    });
    expect(moved.json.data.entry).toMatchObject({ resourceId: bay2, startsAt: at(2, 10 * 60).toISOString() });
    expect(moved.json.data.history).toMatchObject([
      {
        action: "moved",
        fromResourceId: bay1,
        toResourceId: bay2,
        fromStartsAt: at(2, 9 * 60).toISOString(),
      },
    ]);
    const clash = {
      kind: "booking",
      id: fitting.id,
      startsAt: at(2, 11 * 60 + 30).toISOString(),
      resourceId: bay2,
    };
    expectError(await owner.as("/api/staff/diary/move", clash), "SLOT_UNAVAILABLE");
    expectError(
      await owner.as("/api/staff/diary/move", { ...clash, overrideReason: "squeeze it in" }),
      "SLOT_UNAVAILABLE",
    );
    const late = { kind: "booking", id: fitting.id, startsAt: at(2, 19 * 60 + 30).toISOString() };
    expectError(await owner.as("/api/staff/diary/move", late), "OVERRIDE_REASON_REQUIRED");
    const kept = await owner.as("/api/staff/diary/move", { ...late, overrideReason: "Stays late for him" });
    expect(kept.json.data.entry.overrideReason).toBe("Stays late for him");
  });

  it("moves a booking from the version the page showed: a move made before the shopper's own is refused", async () => {
    const { owner, at, book, bay1 } = await diaryShop();
    const fitting = await book(at(3, 9 * 60), bay1);
    const page = await owner.as("/api/staff/diary/detail", { kind: "booking", id: fitting.id });
    const shown = page.json.data.version as number;
    const first = await owner.as("/api/staff/diary/move", {
      kind: "booking",
      id: fitting.id,
      startsAt: at(3, 10 * 60).toISOString(),
      version: shown,
    });
    expect(first.json.data.version).toBe(shown + 1);
    expectError(
      await owner.as("/api/staff/diary/move", {
        kind: "booking",
        id: fitting.id,
        startsAt: at(3, 11 * 60).toISOString(),
        version: shown,
      }),
      "RESCHEDULE_STALE",
    );
  });

  it("seats a no-show who turns up after all only where their seats or bay are still free", async () => {
    const { owner, at, reserve, book, bay1 } = await diaryShop();
    const slot = at(2, 18 * 60);
    const late = await reserve(slot, 4);
    const mark = (kind: string, id: number, status: string) =>
      owner.as("/api/staff/diary/mark", { kind, id, status });
    await mark("reservation", late.id, "noShow");
    await reserve(slot, 8);
    expectError(await mark("reservation", late.id, "arrived"), "SLOT_UNAVAILABLE");

    const fitting = await book(at(2, 9 * 60), bay1);
    await mark("booking", fitting.id, "noShow");
    await book(at(2, 9 * 60), bay1);
    expectError(await mark("booking", fitting.id, "arrived"), "SLOT_UNAVAILABLE");
  });

  it("cancels with a reason the shopper reads; a cancelled one is not changed again", async () => {
    const { owner, at, book, messagesTo } = await diaryShop();
    const fitting = await book(at(2, 9 * 60));
    expectError(
      await owner.as("/api/staff/diary/cancel", { kind: "booking", id: fitting.id, reason: "" }),
      "INVALID_INPUT",
    );
    const cancelled = await owner.as("/api/staff/diary/cancel", {
      kind: "booking",
      id: fitting.id,
      reason: "The lift is broken",
    });
    expect(cancelled.json.data.entry).toMatchObject({
      status: "cancelled",
      cancelReason: "The lift is broken",
    });
    const told = await messagesTo(fitting.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(fitting.code);
    expectError(
      await owner.as("/api/staff/diary/cancel", { kind: "booking", id: fitting.id, reason: "again" }),
      "APPOINTMENT_NOT_ACTIVE",
    );
    expectError(
      await owner.as("/api/staff/diary/move", {
        kind: "booking",
        id: fitting.id,
        startsAt: at(3, 9 * 60).toISOString(),
      }),
      "APPOINTMENT_NOT_ACTIVE",
    );
  });
});

describe("taking a booking by phone or for a walk-in", () => {
  it("seats a caller's party; over capacity only with a reason, kept; books a walk-in on a free bay", async () => {
    const { owner, at, reserve, dinner, fitting, bay2, book } = await diaryShop();
    const call = {
      kind: "reservation",
      serviceId: dinner.id,
      partySize: 4,
      startsAt: at(1, 19 * 60).toISOString(),
      name: "Caller",
      phone: "+15550001",
    };
    const made = await owner.as("/api/staff/diary/create", call);
    expect(made.status).toBe(200);
    expect(made.json.data.entry).toMatchObject({
      kind: "reservation",
      source: "phone",
      partySize: 4,
      status: "confirmed",
    });
    await reserve(at(1, 19 * 60), 6);
    expectError(await owner.as("/api/staff/diary/create", call), "OVERRIDE_REASON_REQUIRED");
    const squeezed = await owner.as("/api/staff/diary/create", {
      ...call,
      overrideReason: "Owner's friends",
    });
    expect(squeezed.json.data.entry.overrideReason).toBe("Owner's friends");
    expectError(await owner.as("/api/staff/diary/create", { ...call, partySize: 30 }), "PARTY_SIZE_INVALID");
    await book(at(1, 10 * 60));
    const walkIn = await owner.as("/api/staff/diary/create", {
      kind: "booking",
      serviceId: fitting.id,
      startsAt: at(1, 10 * 60).toISOString(),
      name: "Walk-in",
      source: "walkIn",
    });
    expect(walkIn.json.data.entry).toMatchObject({ kind: "booking", source: "walkIn", resourceId: bay2 });
    expectError(
      await owner.as("/api/staff/diary/create", {
        kind: "booking",
        serviceId: fitting.id,
        resourceId: bay2,
        startsAt: at(1, 10 * 60 + 30).toISOString(),
        name: "Too close",
      }),
      "SLOT_UNAVAILABLE",
    );
    const cook = await owner.member("kitchen");
    expectError(await owner.as("/api/staff/diary/create", call, cook), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.api("POST", "/api/staff/diary/create", { body: call }), "UNAUTHORIZED");
    const other = await shopOwner(await openShop());
    expectError(await other.as("/api/staff/diary/create", call), "SERVICE_NOT_OFFERED");
  });
});

describe("exceptions", () => {
  it("adds a closed day and closed hours, answering what is already inside them; lists and removes them", async () => {
    const { owner, at, dayOf, reserve, book, dinner, bay1 } = await diaryShop();
    const party = await reserve(at(5, 19 * 60), 2);
    const fitting = await book(at(5, 10 * 60), bay1);
    await book(at(5, 15 * 60), bay1);
    const closedDay = await owner.as("/api/staff/diary/exceptions/add", {
      kind: "reservation",
      serviceId: dinner.id,
      day: dayOf(5),
      reason: "Private party",
    });
    expect(closedDay.json.data.exception).toMatchObject({
      kind: "reservation",
      capacity: null,
      day: dayOf(5),
    });
    expect(closedDay.json.data.affected.map((e: Entry) => e.id)).toEqual([party.id]);
    const away = await owner.as("/api/staff/diary/exceptions/add", {
      kind: "booking",
      resourceId: bay1,
      startsAt: at(5, 9 * 60).toISOString(),
      endsAt: at(5, 12 * 60).toISOString(),
      reason: "Lift service",
    });
    expect(away.json.data.affected.map((e: Entry) => e.id)).toEqual([fitting.id]);
    const list = await owner.as("/api/staff/diary/exceptions");
    expect(list.json.data.exceptions).toHaveLength(2);
    expectError(
      await owner.as("/api/staff/diary/exceptions/add", {
        kind: "booking",
        startsAt: at(5, 12 * 60).toISOString(),
        endsAt: at(5, 9 * 60).toISOString(),
      }),
      "INVALID_INPUT",
    );
    expectError(
      await owner.as("/api/staff/diary/exceptions/add", {
        kind: "reservation",
        serviceId: 999_999,
        day: dayOf(5),
      }),
      "NOT_FOUND",
    );
    const other = await shopOwner(await openShop());
    expectError(
      await other.as("/api/staff/diary/exceptions/remove", {
        kind: "booking",
        id: away.json.data.exception.id,
      }),
      "NOT_FOUND",
    );
    const removed = await owner.as("/api/staff/diary/exceptions/remove", {
      kind: "booking",
      id: away.json.data.exception.id,
    });
    expect(removed.json.data.exceptions).toHaveLength(1);
  });
});

describe("booking setup", () => {
  it("creates and edits services, resources and rules, each change in the audit log", async () => {
    const { owner, shop, db, fitting } = await diaryShop();
    const setup = await owner.as("/api/staff/booking-setup");
    expect(setup.json.data).toMatchObject({
      currency: "USD",
      settings: { leadMinutes: 120, reminders: true },
    });
    expect(setup.json.data.resources[0].serviceIds).toEqual([fitting.id]);
    const lunch = await owner.as("/api/staff/booking-setup/reservation-service", {
      nameLocalizations: { en: "Lunch", ar: "غداء", he: "ארוחת צהריים" },
      weekdays: [1, 2, 3, 4, 5],
      firstSlot: 12 * 60,
      lastSlot: 14 * 60,
      slotEveryMinutes: 30,
      stayMinutes: 90,
      capacity: 20,
      partyMin: 1,
      partyMax: 6,
    });
    expect(lunch.json.data).toMatchObject({ capacity: 20, capacityUnit: "covers", active: true });
    const edited = await owner.as("/api/staff/booking-setup/reservation-service", {
      ...lunch.json.data,
      capacity: 24,
    });
    expect(edited.json.data.capacity).toBe(24);
    expectError(
      await owner.as("/api/staff/booking-setup/reservation-service", {
        ...lunch.json.data,
        partyMin: 8,
        partyMax: 2,
      }),
      "INVALID_INPUT",
    );
    const service = await owner.as("/api/staff/booking-setup/service", {
      nameLocalizations: { en: "Balancing" },
      durationMinutes: 30,
      price: 2500,
    });
    expect(service.json.data).toMatchObject({ durationMinutes: 30, bufferMinutes: 0, deposit: 0 });
    const bay = await owner.as("/api/staff/booking-setup/resource", {
      nameLocalizations: { en: "Bay 3" },
      hours: [{ weekday: 1, opens: 480, closes: 1020 }],
      serviceIds: [service.json.data.id, fitting.id],
    });
    expect(bay.json.data.serviceIds).toEqual([fitting.id, service.json.data.id].sort((a, b) => a - b));
    expectError(
      await owner.as("/api/staff/booking-setup/resource", {
        nameLocalizations: { en: "Bay 4" },
        hours: [{ weekday: 1, opens: 600, closes: 500 }],
      }),
      "INVALID_INPUT",
    );
    const other = await shopOwner(await openShop());
    expectError(
      await other.as("/api/staff/booking-setup/resource", {
        ...bay.json.data,
        nameLocalizations: { en: "Mine" },
      }),
      "NOT_FOUND",
    );
    expectError(
      await other.as("/api/staff/booking-setup/resource", {
        nameLocalizations: { en: "X" },
        hours: [],
        serviceIds: [fitting.id],
      }),
      "INVALID_INPUT",
    );
    const rules = {
      leadMinutes: 60,
      horizonDays: 30,
      cancelWindowMinutes: 120,
      reminders: false,
      waitlistHoldMinutes: 10,
      slotStepMinutes: 30,
    };
    expect((await owner.as("/api/staff/booking-setup/settings", rules)).json.data).toEqual(rules);
    expectError(
      await owner.as("/api/staff/booking-setup/settings", { ...rules, waitlistHoldMinutes: 1 }),
      "INVALID_INPUT",
    );
    expect((await owner.as("/api/staff/booking-setup")).json.data.settings).toEqual(rules);
    const audit = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.storeId, shop.id))
      .orderBy(desc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual([
      "bookingSettings.update",
      "bookingResource.create",
      "bookingService.create",
      "reservationService.update",
      "reservationService.create",
    ]);
  });
});
