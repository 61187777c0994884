import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendDueReminders } from "../bookings/reminders.ts";
import { bookingSettings } from "../bookings/tables.ts";
import { linkKeys } from "../orders/links.ts";
import { reservations, reservationWaitlist } from "../reservations/tables.ts";
import { passOnExpiredOffers } from "../reservations/waitlist.ts";
import { client } from "../test/accounts.ts";
import { diaryShop } from "../test/diary-shop.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";

beforeAll(async () => {
  await testHarness();
});

const offerToken = (body: string | undefined) =>
  /\/reserve\/waitlist\/offer\/([\w-]+)/.exec(body ?? "")?.[1] as string;

describe("the waitlist of a full slot", () => {
  it("takes a party only when the slot is full; freed seats go to the first in line that fits, held, then to the next", async () => {
    const { shop, owner, db, at, reserve, dinner, messagesTo } = await diaryShop();
    const api = client(shop.domain);
    const slot = at(2, 19 * 60);
    const first = await reserve(slot, 4);
    await reserve(slot, 6);
    const join = (name: string, partySize: number, startsAt = slot) =>
      api("POST", "/store-reservation/waitlist/join", {
        body: {
          serviceId: dinner.id,
          startsAt: startsAt.toISOString(),
          partySize,
          name,
          email: `${name}.${shop.id}@example.com`,
        },
      });
    expectError(await join("early", 2, at(2, 17 * 60)), "WAITLIST_SLOT_NOT_FULL");
    expectError(await join("huge", 30), "PARTY_SIZE_INVALID");
    expectError(await join("odd", 2, at(2, 19 * 60 + 10)), "BOOKING_CLOSED");
    const ana = await join("ana", 5);
    expect(ana.json.data).toMatchObject({ status: "waiting", partySize: 5, serviceName: "Dinner" });
    await join("ben", 3);
    await join("cleo", 2);

    // Four seats free up: Ana's five do not fit, Ben's three do; Cleo's two no longer do (Ben's are held).
    await owner.as("/api/staff/diary/cancel", { kind: "reservation", id: first.id, reason: "Called off" });
    expect(await messagesTo(`ana.${shop.id}@example.com`)).toHaveLength(0);
    expect(await messagesTo(`cleo.${shop.id}@example.com`)).toHaveLength(0);
    const benToken = offerToken((await messagesTo(`ben.${shop.id}@example.com`))[0]?.body);
    const offer = await api("POST", "/store-reservation/waitlist/offer", { body: { token: benToken } });
    expect(offer.json.data).toMatchObject({ status: "offered", partySize: 3 });
    expect(offer.json.data.offerExpiresAt).not.toBeNull();
    // Ben's held seats are taken for everyone else: one is left, so a party of two may wait.
    expect((await join("dan", 2)).json.data.status).toBe("waiting");

    // Ben's hold runs out: the place goes to the next that fits (Cleo), and Ben's link is spent.
    await db
      .update(reservationWaitlist)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(reservationWaitlist.storeId, shop.id), eq(reservationWaitlist.status, "offered")));
    expect((await passOnExpiredOffers(db)).expired).toBeGreaterThanOrEqual(1);
    expectError(
      await api("POST", "/store-reservation/waitlist/accept", { body: { token: benToken } }),
      "WAITLIST_OFFER_EXPIRED",
    );
    const cleoToken = offerToken((await messagesTo(`cleo.${shop.id}@example.com`))[0]?.body);
    const accepted = await api("POST", "/store-reservation/waitlist/accept", {
      body: { token: cleoToken },
    });
    expect(accepted.json.data).toMatchObject({ status: "booked", partySize: 2 });
    const code = accepted.json.data.reservationCode as string;
    const [made] = await db
      .select()
      .from(reservations)
      .where(and(eq(reservations.storeId, shop.id), eq(reservations.code, code)));
    expect(made).toMatchObject({ partySize: 2, status: "confirmed", startsAt: slot });
    const again = await api("POST", "/store-reservation/waitlist/accept", { body: { token: cleoToken } });
    expect(again.json.data.reservationCode).toBe(code);
    const told = await messagesTo(`cleo.${shop.id}@example.com`);
    expect(told.map((m) => m.body).join("\n")).toContain(code);
    expectError(
      await api("POST", "/store-reservation/waitlist/offer", { body: { token: "nope" } }),
      "WAITLIST_OFFER_EXPIRED",
    );
    const elsewhere = (await diaryShop()).shop;
    expectError(
      await client(elsewhere.domain)("POST", "/store-reservation/waitlist/offer", {
        body: { token: cleoToken },
      }),
      "WAITLIST_OFFER_EXPIRED",
    );
  });
});

describe("a shopper's own cancellation", () => {
  it("offers the freed seats to the waitlist, and no shopper can reserve them while the offer holds them", async () => {
    const { shop, at, dayOf, reserve, dinner, messagesTo } = await diaryShop();
    const api = client(shop.domain);
    const slot = at(2, 19 * 60);
    const reserveOnline = (name: string, partySize: number) =>
      api("POST", "/store-reservation/reserve/create", {
        body: {
          serviceId: dinner.id,
          date: dayOf(2),
          start: slot.toISOString(),
          partySize,
          name,
          phone: "+1 555 0100",
          email: `${name}.${shop.id}@example.com`,
        },
      });
    const mine = await reserveOnline("eve", 4);
    expect(mine.status).toBe(200);
    await reserve(slot, 6);
    await api("POST", "/store-reservation/waitlist/join", {
      body: {
        serviceId: dinner.id,
        startsAt: slot.toISOString(),
        partySize: 4,
        name: "fay",
        email: `fay.${shop.id}@example.com`,
      },
    });

    const cancelled = await api("POST", "/store-reservation/manage/cancel", {
      body: { token: mine.json.data.manageToken },
    });
    expect(cancelled.json.data.status).toBe("cancelled");
    expect(await messagesTo(`fay.${shop.id}@example.com`)).toHaveLength(1);
    // Fay's four seats are held for her: a shopper asking now finds the slot full.
    expectError(await reserveOnline("gus", 2), "SLOT_UNAVAILABLE");
  });
});

describe("reminders", () => {
  it("go out once for each confirmed reservation and booking within a day, even from sweeps running at once", async () => {
    const { db, shop, reserve, book, messagesTo } = await diaryShop();
    const soon = new Date(Date.now() + 3 * 3_600_000);
    const party = await reserve(soon, 2);
    const fitting = await book(new Date(Date.now() + 5 * 3_600_000));
    const later = await reserve(new Date(Date.now() + 30 * 3_600_000), 2);
    const gone = await reserve(soon, 2, { status: "cancelled" });
    const keys = linkKeys(db);
    await Promise.all(Array.from({ length: 6 }, () => sendDueReminders(db, keys)));
    await sendDueReminders(db, keys);
    expect(await messagesTo(party.email)).toHaveLength(1);
    expect(await messagesTo(fitting.email)).toHaveLength(1);
    expect(await messagesTo(later.email)).toHaveLength(0);
    expect(await messagesTo(gone.email)).toHaveLength(0);
    expect((await messagesTo(party.email))[0]?.body).toContain(party.code);
    expect((await messagesTo(fitting.email))[0]?.body).toMatch(/\/appointment\/manage\/[\w-]{20,}/);
    expect(shop.id).toBeGreaterThan(0);
  });

  it("are not sent by a shop that turned them off", async () => {
    const { db, shop, reserve, messagesTo } = await diaryShop();
    await db.insert(bookingSettings).values({ storeId: shop.id, reminders: false });
    const party = await reserve(new Date(Date.now() + 3_600_000), 2);
    await sendDueReminders(db);
    expect(await messagesTo(party.email)).toHaveLength(0);
  });
});
