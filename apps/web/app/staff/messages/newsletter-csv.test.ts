import type { NewsletterSubscriber } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { NEWSLETTER_CSV_HEADER, newsletterCsv, newsletterCsvName } from "./newsletter-csv.ts";

const subscriber = (email: string, locale: NewsletterSubscriber["locale"] = "en"): NewsletterSubscriber => ({
  email,
  locale,
  customerId: null,
  subscribedAt: "2026-11-29T10:00:00.000Z",
});

describe("newsletterCsv", () => {
  it("writes a header and one CRLF line per subscriber", async () => {
    const text = await new Response(
      newsletterCsv([subscriber("ana@example.com"), subscriber("rana@example.com", "ar")]),
    ).text();
    expect(text).toBe(
      `${NEWSLETTER_CSV_HEADER.join(",")}\r\nana@example.com,en,2026-11-29T10:00:00.000Z\r\nrana@example.com,ar,2026-11-29T10:00:00.000Z\r\n`,
    );
  });

  it("keeps an address a spreadsheet would run as a formula as text", async () => {
    const text = await new Response(
      newsletterCsv([
        subscriber("=cmd|'/c calc'!a0@example.com"),
        subscriber("+1@example.com"),
        subscriber("-x@example.com"),
        subscriber("@x@example.com"),
      ]),
    ).text();
    const cells = text.split("\r\n").slice(1, -1);
    expect(cells.map((line) => line[0])).toEqual(["'", "'", "'", "'"]);
    expect(cells[0]).toBe("'=cmd|'/c calc'!a0@example.com,en,2026-11-29T10:00:00.000Z");
  });

  it("streams a long list in chunks, every subscriber once", async () => {
    const many = Array.from({ length: 1234 }, (_, i) => subscriber(`s${i}@example.com`));
    const reader = newsletterCsv(many).getReader();
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value);
    }
    expect(chunks).toBeGreaterThan(2);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1235);
    expect(lines.at(-1)).toBe("s1233@example.com,en,2026-11-29T10:00:00.000Z");
  });

  it("writes only the header for an empty list", async () => {
    expect(await new Response(newsletterCsv([])).text()).toBe("email,language,subscribed_at\r\n");
  });
});

describe("newsletterCsvName", () => {
  it("names the shop and the day, and the part of a list exported in parts", () => {
    expect(newsletterCsvName("shop.example.com", "2026-11-29", 1, 1)).toBe(
      "newsletter-shop.example.com-2026-11-29.csv",
    );
    expect(newsletterCsvName("shop.example.com", "2026-11-29", 2, 3)).toBe(
      "newsletter-shop.example.com-2026-11-29-part-2-of-3.csv",
    );
    expect(newsletterCsvName('a"b/..\\c', "2026-11-29", 1, 1)).toBe("newsletter-ab..c-2026-11-29.csv");
  });
});
