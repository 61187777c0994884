import { describe, expect, it } from "vitest";
import { closingMinutes, minutesOfTime, openingHoursOf, timeOfMinutes } from "./hours.ts";

describe("opening hours form", () => {
  it("reads clock times as minutes after midnight and writes them back", () => {
    expect(minutesOfTime("09:30")).toBe(570);
    expect(minutesOfTime("9:05")).toBe(545);
    expect(minutesOfTime("24:00")).toBeNull();
    expect(minutesOfTime("noon")).toBeNull();
    expect(timeOfMinutes(570)).toBe("09:30");
    expect(timeOfMinutes(1500)).toBe("01:00");
    expect(timeOfMinutes(1440)).toBe("00:00");
  });

  it("takes a closing time at or before the opening for the next morning", () => {
    expect(closingMinutes(540, 1020)).toBe(1020);
    expect(closingMinutes(1080, 120)).toBe(1560);
    expect(closingMinutes(0, 0)).toBe(1440);
  });

  it("builds the contract's hours, days once each and in order, naming unreadable times", () => {
    expect(
      openingHoursOf({
        timezone: "Europe/Oslo",
        opensAt: "08:00",
        closesAt: "17:00",
        openDays: ["5", "1", "1", "9"],
      }),
    ).toEqual({
      hours: { timezone: "Europe/Oslo", opensAt: 480, closesAt: 1020, openDays: [1, 5] },
      bad: [],
    });
    expect(openingHoursOf({ timezone: "UTC", opensAt: "", closesAt: "x", openDays: [] }).bad).toEqual([
      "opensAt",
      "closesAt",
    ]);
  });
});
