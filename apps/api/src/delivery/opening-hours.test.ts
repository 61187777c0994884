import type { OpeningHours } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { isOpenAt, nextOpening } from "./opening-hours.ts";
import { zonedInstant } from "./windows.ts";

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const hours = (over: Partial<OpeningHours> = {}): OpeningHours => ({
  timezone: "America/New_York",
  opensAt: 9 * 60,
  closesAt: 21 * 60,
  openDays: EVERY_DAY,
  ...over,
});

const at = (iso: string) => new Date(iso);
const next = (shop: OpeningHours, now: string) => {
  const found = nextOpening(shop, at(now));
  return found && { opensAt: found.opensAt.toISOString(), daysFromToday: found.daysFromToday };
};

describe("opening hours", () => {
  // Tuesday 10 March 2026; New York is on daylight time (UTC−4) since the 8th.
  it("is closed before opening and opens later the same day", () => {
    expect(isOpenAt(hours(), at("2026-03-10T11:00:00Z"))).toBe(false);
    expect(next(hours(), "2026-03-10T11:00:00Z")).toEqual({
      opensAt: "2026-03-10T13:00:00.000Z",
      daysFromToday: 0,
    });
  });

  it("is open from the opening minute until the closing one", () => {
    expect(isOpenAt(hours(), at("2026-03-10T13:00:00Z"))).toBe(true);
    expect(isOpenAt(hours(), at("2026-03-10T16:00:00Z"))).toBe(true);
    expect(isOpenAt(hours(), at("2026-03-11T00:59:59Z"))).toBe(true);
    expect(isOpenAt(hours(), at("2026-03-11T01:00:00Z"))).toBe(false);
  });

  it("opens the next day once past closing, though it is already tomorrow in UTC", () => {
    // 23:30 on Tuesday in New York is 03:30 on Wednesday in UTC: the shop's today is still Tuesday.
    expect(isOpenAt(hours(), at("2026-03-11T03:30:00Z"))).toBe(false);
    expect(next(hours(), "2026-03-11T03:30:00Z")).toEqual({
      opensAt: "2026-03-11T13:00:00.000Z",
      daysFromToday: 1,
    });
  });

  it("skips the days it is closed", () => {
    const weekdays = hours({ openDays: [1, 2, 3, 4, 5] });
    // Saturday 14 March at 10:00: closed all weekend, opens Monday at 09:00.
    expect(isOpenAt(weekdays, at("2026-03-14T14:00:00Z"))).toBe(false);
    expect(next(weekdays, "2026-03-14T14:00:00Z")).toEqual({
      opensAt: "2026-03-16T13:00:00.000Z",
      daysFromToday: 2,
    });
    // Open on Tuesdays only, and Tuesday's hours are over: next Tuesday.
    expect(next(hours({ openDays: [2] }), "2026-03-11T02:00:00Z")).toEqual({
      opensAt: "2026-03-17T13:00:00.000Z",
      daysFromToday: 7,
    });
  });

  it("never opens without an open day or with hours that close before they open", () => {
    expect(isOpenAt(hours({ openDays: [] }), at("2026-03-10T16:00:00Z"))).toBe(false);
    expect(next(hours({ openDays: [] }), "2026-03-10T16:00:00Z")).toBeNull();
    const none = hours({ opensAt: 10 * 60, closesAt: 10 * 60 });
    expect(isOpenAt(none, at("2026-03-10T14:00:00Z"))).toBe(false);
    expect(next(none, "2026-03-10T14:00:00Z")).toBeNull();
  });

  it("reads the hour and the weekday in the shop's own time zone", () => {
    // 01:00 UTC on Tuesday 10 March: 10:00 on Tuesday in Tokyo, 21:00 on Monday in New York.
    const now = "2026-03-10T01:00:00Z";
    expect(isOpenAt(hours({ timezone: "Asia/Tokyo" }), at(now))).toBe(true);
    expect(isOpenAt(hours(), at(now))).toBe(false);
    const tuesdays = { openDays: [2] };
    expect(isOpenAt(hours({ ...tuesdays, timezone: "Asia/Tokyo" }), at(now))).toBe(true);
    expect(next(hours(tuesdays), now)).toEqual({ opensAt: "2026-03-10T13:00:00.000Z", daysFromToday: 1 });
  });

  it("opens at its local hour across the daylight-saving changes", () => {
    const copenhagen = hours({ timezone: "Europe/Copenhagen", opensAt: 9 * 60, closesAt: 17 * 60 });
    // The clocks go forward in the night to Sunday 29 March: 09:00 is 08:00 UTC on Saturday, 07:00 on Sunday.
    expect(next(copenhagen, "2026-03-28T18:00:00Z")).toEqual({
      opensAt: "2026-03-29T07:00:00.000Z",
      daysFromToday: 1,
    });
    expect(isOpenAt(copenhagen, at("2026-03-29T06:30:00Z"))).toBe(false);
    expect(isOpenAt(copenhagen, at("2026-03-29T07:30:00Z"))).toBe(true);
    // And back in the night to Sunday 25 October: 09:00 is 08:00 UTC again.
    expect(next(copenhagen, "2026-10-24T16:00:00Z")).toEqual({
      opensAt: "2026-10-25T08:00:00.000Z",
      daysFromToday: 1,
    });
  });

  it("keeps a night's hours whole on the night the clocks change", () => {
    // Saturday 22:00 (UTC+1) to Sunday 06:00 (UTC+2): seven hours, not eight.
    const night = hours({ timezone: "Europe/Copenhagen", opensAt: 22 * 60, closesAt: 30 * 60 });
    expect(isOpenAt(night, at("2026-03-28T20:59:00Z"))).toBe(false);
    expect(isOpenAt(night, at("2026-03-28T21:00:00Z"))).toBe(true);
    expect(isOpenAt(night, at("2026-03-29T03:59:00Z"))).toBe(true);
    expect(isOpenAt(night, at("2026-03-29T04:00:00Z"))).toBe(false);
    expect(next(night, "2026-03-29T04:00:00Z")).toEqual({
      opensAt: "2026-03-29T20:00:00.000Z",
      daysFromToday: 0,
    });
  });

  it("reads the hours on the shop's clock west of UTC too, on the night the clocks jump", () => {
    // Chicago's clocks go from 02:00 to 03:00 on Sunday 8 March 2026 (UTC−6 to UTC−5).
    const bar = hours({ timezone: "America/Chicago", opensAt: 18 * 60, closesAt: 26 * 60 });
    // 01:30 on Sunday, 07:30 UTC, is inside Saturday's 18:00 to 02:00.
    expect(isOpenAt(bar, at("2026-03-08T07:30:00Z"))).toBe(true);
    // 03:00 on the clock, 08:00 UTC: closed since the clocks jumped past 02:00.
    expect(isOpenAt(bar, at("2026-03-08T08:00:00Z"))).toBe(false);
    const allDay = hours({ timezone: "America/Santiago", opensAt: 0, closesAt: 24 * 60 });
    // Santiago's clocks go from 24:00 on Saturday 5 September to 01:00 on Sunday: open throughout.
    for (const moment of ["2026-09-06T02:30:00Z", "2026-09-06T03:30:00Z", "2026-09-06T04:30:00Z"])
      expect(isOpenAt(allDay, at(moment)), moment).toBe(true);
    // A time the clocks skip is the moment as far past the jump: 02:30 is 03:30 CDT, 08:30 UTC.
    expect(zonedInstant(Date.UTC(2026, 2, 8), 150, "America/Chicago").toISOString()).toBe(
      "2026-03-08T08:30:00.000Z",
    );
    // A time the clocks repeat is the first of the two: 01:30 on 1 November is 06:30 UTC (CDT).
    expect(zonedInstant(Date.UTC(2026, 10, 1), 90, "America/Chicago").toISOString()).toBe(
      "2026-11-01T06:30:00.000Z",
    );
    expect(zonedInstant(Date.UTC(2026, 2, 29), 150, "Europe/Copenhagen").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
  });

  it("is open at every moment when open all day every day, across both clock changes", () => {
    const always = hours({ timezone: "Europe/Copenhagen", opensAt: 0, closesAt: 24 * 60 });
    for (const start of ["2026-03-27T00:00:00Z", "2026-10-23T00:00:00Z"]) {
      for (let quarter = 0; quarter < 4 * 24 * 4; quarter++) {
        const now = new Date(Date.parse(start) + quarter * 15 * 60_000);
        expect(isOpenAt(always, now), now.toISOString()).toBe(true);
      }
    }
  });

  it("stays open past midnight on the hours of the day it opened", () => {
    // A bar in Chicago open Friday and Saturday from 18:00 to 02:00 (standard time, UTC−6, in November).
    const bar = hours({ timezone: "America/Chicago", opensAt: 18 * 60, closesAt: 26 * 60, openDays: [5, 6] });
    // 01:00 on Saturday: Friday's night.
    expect(isOpenAt(bar, at("2026-11-07T07:00:00Z"))).toBe(true);
    // 01:00 on Sunday: Saturday's night, though the bar does not open on Sundays.
    expect(isOpenAt(bar, at("2026-11-08T07:00:00Z"))).toBe(true);
    // 02:00 on Sunday it closes, and opens again on Friday at 18:00.
    expect(isOpenAt(bar, at("2026-11-08T08:00:00Z"))).toBe(false);
    expect(next(bar, "2026-11-08T08:00:00Z")).toEqual({
      opensAt: "2026-11-14T00:00:00.000Z",
      daysFromToday: 5,
    });
    // A minute before it opens on Friday.
    expect(isOpenAt(bar, at("2026-11-06T23:59:00Z"))).toBe(false);
    expect(next(bar, "2026-11-06T23:59:00Z")).toEqual({
      opensAt: "2026-11-07T00:00:00.000Z",
      daysFromToday: 0,
    });
  });
});
