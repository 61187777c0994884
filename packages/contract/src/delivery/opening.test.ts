import { describe, expect, it } from "vitest";
import { messageText } from "../platform/errors.ts";
import { openingLines, openingText } from "./opening.ts";

describe("the shop's next opening in words", () => {
  it("is said in the shop's time zone, with its weekday and date", () => {
    const opens = "2026-03-11T13:00:00.000Z";
    expect(openingText(opens, "en", "America/New_York")).toBe("Wednesday, March 11 at 9:00 AM");
    // The same instant is 22:00 in Tokyo.
    expect(openingText(new Date(opens), "en", "Asia/Tokyo")).toBe("Wednesday, March 11 at 10:00 PM");
    expect(openingText(opens, "he", "America/New_York")).toContain("רביעי");
  });

  it("fills the shop-closed message in every language", () => {
    const opens = openingText("2026-03-11T13:00:00.000Z", "en", "America/New_York");
    expect(messageText("error-shop-closed", "en", { opens })).toBe(
      "The shop is closed now and opens again on Wednesday, March 11 at 9:00 AM. Please choose a time for your order.",
    );
    for (const locale of ["ar", "he"] as const) {
      const text = messageText("error-shop-closed", locale, {
        opens: openingText("2026-03-11T13:00:00.000Z", locale, "America/New_York"),
      });
      expect(text).not.toContain("{{");
      expect(text).not.toBe(messageText("error-shop-closed", "en"));
    }
    // Without a value the placeholder stays, rather than reading as if the shop named no time.
    expect(messageText("error-shop-closed", "en")).toContain("{{opens}}");
  });
});

describe("openingLines", () => {
  it("joins days in a row into one range, the week starting on Monday", () => {
    expect(openingLines({ opensAt: 9 * 60, closesAt: 17 * 60, openDays: [5, 1, 2, 3, 4] }, "en")).toEqual([
      { days: "Mon – Fri", time: "09:00 – 17:00" },
    ]);
  });

  it("keeps days apart that are not in a row, and a weekend that runs into Sunday together", () => {
    expect(
      openingLines({ opensAt: 600, closesAt: 1320, openDays: [0, 1, 3, 6] }, "en").map((l) => l.days),
    ).toEqual(["Mon", "Wed", "Sat – Sun"]);
  });

  it("names a close past midnight by the next morning's hour", () => {
    expect(openingLines({ opensAt: 18 * 60, closesAt: 25 * 60, openDays: [6] }, "en")).toEqual([
      { days: "Sat", time: "18:00 – 01:00" },
    ]);
  });

  it("answers no line for a shop with no open day, and names days in the shopper's language", () => {
    expect(openingLines({ opensAt: 0, closesAt: 60, openDays: [] }, "en")).toEqual([]);
    const [arabic] = openingLines({ opensAt: 540, closesAt: 1020, openDays: [1] }, "ar");
    expect(arabic?.days).toBe(
      new Intl.DateTimeFormat("ar", { weekday: "short", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1)),
    );
  });
});
