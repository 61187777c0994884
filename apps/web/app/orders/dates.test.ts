import { describe, expect, it } from "vitest";
import { formatDay, formatMoment, formatWindow, hasExpired } from "./dates.ts";

describe("order dates", () => {
  it("say the day, and the time where it matters, in the shopper's language", () => {
    expect(formatDay("2025-05-14T09:30:00.000Z", "en", "UTC")).toBe("May 14, 2025");
    expect(formatMoment("2025-05-14T09:30:00.000Z", "en", "UTC")).toMatch(/^May 14, 2025, 9:30\sAM$/);
    expect(formatDay("2025-05-14T09:30:00.000Z", "he", "UTC")).toContain("במאי");
  });

  it("follow the time zone they are given", () => {
    // Late evening in UTC is already the next day in Tokyo.
    expect(formatDay("2025-05-14T22:00:00.000Z", "en", "Asia/Tokyo")).toBe("May 15, 2025");
  });

  it("say a delivery window's day once", () => {
    const text = formatWindow(
      { start: "2025-05-14T09:00:00.000Z", end: "2025-05-14T11:00:00.000Z" },
      "en",
      "UTC",
    );
    expect(text).toMatch(/^Wed, May 14, 9:00\s?–\s?11:00\sAM$/);
  });

  it("say an order's window and steps in the shop's time zone, not the shopper's", () => {
    // 14:00–16:00 UTC is 10 AM–noon in New York (summer time) and 23:00–01:00 in Tokyo.
    const window = { start: "2025-05-14T14:00:00.000Z", end: "2025-05-14T16:00:00.000Z" };
    expect(formatWindow(window, "en", "America/New_York")).toMatch(
      /^Wed, May 14, 10:00\sAM\s?–\s?12:00\sPM$/,
    );
    expect(formatWindow(window, "en", "UTC")).toMatch(/^Wed, May 14, 2:00\s?–\s?4:00\sPM$/);
    // A window over midnight in the shop's zone says both days.
    expect(formatWindow(window, "en", "Asia/Tokyo")).toMatch(/May 14.*11:00\sPM.*May 15.*1:00\sAM/);
    expect(formatMoment("2025-05-14T14:00:00.000Z", "en", "America/New_York")).toMatch(
      /^May 14, 2025, 10:00\sAM$/,
    );
    // The same instant and zone give the same text in every language's own words and digits.
    expect(formatWindow(window, "ar", "America/New_York")).not.toBe(
      formatWindow(window, "en", "America/New_York"),
    );
    expect(formatWindow(window, "he", "America/New_York")).toContain("10:00");
  });

  it("write plain spaces, so the server's text is the browser's whatever ICU each has", () => {
    const window = { start: "2025-05-14T22:00:00.000Z", end: "2025-05-15T01:00:00.000Z" };
    for (const locale of ["en", "ar", "he"] as const) {
      const texts = [
        formatWindow(window, locale, "America/New_York"),
        formatWindow(window, locale, "UTC"),
        formatMoment(window.start, locale, "Europe/Copenhagen"),
        formatDay(window.start, locale, "Asia/Tokyo"),
      ];
      for (const text of texts) expect(text, `${locale}: ${text}`).not.toMatch(/[\u00a0\u2009\u202f]/);
    }
    expect(formatWindow(window, "en", "America/New_York")).toBe("Wed, May 14, 6:00 – 9:00 PM");
  });

  it("tell an expired link from a live one", () => {
    const now = Date.parse("2025-05-14T12:00:00.000Z");
    expect(hasExpired("2025-05-14T11:59:59.000Z", now)).toBe(true);
    expect(hasExpired("2025-05-14T12:00:00.000Z", now)).toBe(true);
    expect(hasExpired("2025-05-15T00:00:00.000Z", now)).toBe(false);
  });
});
