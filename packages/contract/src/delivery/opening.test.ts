import { describe, expect, it } from "vitest";
import { messageText } from "../platform/errors.ts";
import { openingText } from "./opening.ts";

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
