import { describe, expect, it } from "vitest";
import { calendarFile } from "./calendar-file.ts";

const event = {
  uid: "R-7K3QXM@restaurant.localhost",
  sequence: 2,
  title: "Dinner, 4 guests; Stoa Bistro",
  description: "Code R-7K3QXM\nChange or cancel: https://restaurant.localhost/reserve/manage/x",
  location: "Stoa Bistro",
  startsAt: new Date("2026-12-05T18:00:00Z"),
  endsAt: new Date("2026-12-05T20:00:00Z"),
  url: "https://restaurant.localhost/reserve/manage/x",
  stamp: new Date("2026-11-29T10:00:00.123Z"),
};

describe("calendarFile", () => {
  it("writes one event in UTC with its text escaped and CRLF line ends", () => {
    const file = calendarFile(event);
    expect(file).toContain("DTSTART:20261205T180000Z\r\n");
    expect(file).toContain("DTEND:20261205T200000Z\r\n");
    expect(file).toContain("DTSTAMP:20261129T100000Z\r\n");
    expect(file).toContain("SUMMARY:Dinner\\, 4 guests\\; Stoa Bistro\r\n");
    expect(file).toContain("SEQUENCE:2\r\n");
    expect(file).toContain("STATUS:CONFIRMED");
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
  });

  it("folds lines longer than 75 octets without splitting a character", () => {
    const file = calendarFile({
      ...event,
      title: "عشاء لأربعة أشخاص في مطعم ستوا، طاولة قرب النافذة من فضلكم",
    });
    const lines = file.split("\r\n");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = file.replace(/\r\n /g, "");
    expect(unfolded).toContain("SUMMARY:عشاء لأربعة أشخاص في مطعم ستوا، طاولة قرب النافذة من فضلكم");
  });

  it("says a cancelled event is cancelled", () => {
    const file = calendarFile({ ...event, cancelled: true });
    expect(file).toContain("METHOD:CANCEL");
    expect(file).toContain("STATUS:CANCELLED");
  });
});
