import { INFO_PAGES, type InfoPageSlug, LOCALES, type Locale, VERTICALS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import type { InfoPageText } from "../content/tables.ts";
import { CATALOGUES } from "./catalogues/index.ts";
import { type DemoInfoPage, demoInfoPages } from "./info-pages.ts";

const TRADE_SHOPS = ["carparts", "catering", "furniture"];
/** Pages whose sections are questions and answers. */
const QUESTIONS: readonly InfoPageSlug[] = ["faq", "help"];
/** A letter of the language's script: the Arabic and Hebrew texts are written in it, not left in English. */
const SCRIPT: Record<Locale, RegExp> = { en: /[a-z]/i, ar: /[\u0600-\u06ff]/, he: /[\u05d0-\u05ea]/ };

const allText = ({ title, summary, sections }: InfoPageText) => [
  title,
  summary,
  ...sections.flatMap(({ heading, paragraphs }) => [heading, ...paragraphs]),
];

describe("demoInfoPages", () => {
  it("covers every vertical with a demo store", () => {
    expect([...new Set(CATALOGUES.map(({ store }) => store.vertical))].toSorted()).toEqual(
      [...VERTICALS].toSorted(),
    );
  });

  describe.each(CATALOGUES.map(({ store }) => store))("$vertical", ({ vertical, name: [en, ar, he] }) => {
    const shopName: Record<Locale, string> = { en, ar, he };
    const pages: DemoInfoPage[] = demoInfoPages(vertical, shopName);
    const slugs = pages.map((page) => page.slug);

    it("publishes its pages once each, in the order of INFO_PAGES, the reseller page only for trade buyers", () => {
      expect(new Set(slugs).size).toBe(slugs.length);
      const expected = INFO_PAGES.filter((slug) => slug !== "reseller" || TRADE_SHOPS.includes(vertical));
      expect(slugs).toEqual(expected);
    });

    it.each(LOCALES)("has every page in %s, with a title, a summary and sections", (locale) => {
      for (const page of pages) {
        const text = page.texts[locale];
        expect(text.title.trim(), page.slug).not.toBe("");
        expect(text.summary.trim(), page.slug).not.toBe("");
        const [min, max] = QUESTIONS.includes(page.slug) ? [6, 9] : [3, 7];
        expect(text.sections.length, page.slug).toBeGreaterThanOrEqual(min);
        expect(text.sections.length, page.slug).toBeLessThanOrEqual(max);
        for (const { heading, paragraphs } of text.sections) {
          expect(heading.trim(), page.slug).not.toBe("");
          expect(paragraphs.length, `${page.slug}: ${heading}`).toBeGreaterThan(0);
          for (const paragraph of paragraphs)
            expect(paragraph.trim(), `${page.slug}: ${heading}`).not.toBe("");
        }
        for (const line of allText(text)) {
          expect(line, page.slug).not.toMatch(/[<>{}]/);
          expect(line, page.slug).toMatch(SCRIPT[locale]);
        }
      }
    });

    it("has the same sections and paragraphs in every language", () => {
      for (const page of pages) {
        const shape = (locale: Locale) =>
          page.texts[locale].sections.map((section) => section.paragraphs.length);
        expect(shape("ar"), page.slug).toEqual(shape("en"));
        expect(shape("he"), page.slug).toEqual(shape("en"));
      }
    });

    it.each(LOCALES)("names the shop on its about page in %s", (locale) => {
      const about = pages.find((page) => page.slug === "aboutus");
      expect(about).toBeDefined();
      expect(allText(about?.texts[locale] as InfoPageText).join("\n")).toContain(shopName[locale]);
    });
  });
});
