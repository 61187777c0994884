import { infoPageSchema, storeByDomainSchema, storeVersionSchema } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { insertTestStore } from "../test/shops.ts";
import { type InfoPageText, infoPages } from "./tables.ts";

// Two shops of this file's own: one publishes three pages (written in one, two and three
// languages), the other none. The demo stores' texts belong to the seed, checked at the end.

const run = `${process.pid}-${Date.now().toString(36)}`;
const withPages = `pages-${run}.test`;
const withoutPages = `no-pages-${run}.test`;
let storeId = 0;

const text = (title: string): InfoPageText => ({
  title,
  summary: `${title}, in short.`,
  sections: [{ heading: `${title} heading`, paragraphs: [`${title} first.`, `${title} second.`] }],
});

beforeAll(async () => {
  const { handle } = await testHarness();
  const store = await insertTestStore(handle.db, { domain: withPages, vertical: "grocery", name: "Pages" });
  await insertTestStore(handle.db, { domain: withoutPages, vertical: "grocery", name: "No pages" });
  storeId = store.id;
  // Written out of the footer's order: the store answer sorts them.
  await handle.db.insert(infoPages).values([
    { storeId, slug: "terms", texts: { en: text("Terms") } },
    { storeId, slug: "faq", texts: { en: text("FAQ"), ar: text("أسئلة"), he: text("שאלות") } },
    { storeId, slug: "aboutus", texts: { en: text("About us"), ar: text("من نحن") } },
  ]);
});

const page = (slug: string, options: { domain?: string; locale?: string } = {}) =>
  call("GET", `/api/storePage/${slug}`, { domain: withPages, ...options });

const versionOf = async (domain: string) => {
  const { json } = await call("GET", "/api/store/version", { domain });
  return storeVersionSchema.parse(json.data).version;
};

describe("GET /api/storePage/{slug}", () => {
  it("answers the page in English", async () => {
    const { status, json } = await page("aboutus", { locale: "en" });
    expect(status).toBe(200);
    const about = infoPageSchema.parse(json.data);
    expect(about).toMatchObject({
      slug: "aboutus",
      title: "About us",
      summary: "About us, in short.",
      locale: "en",
    });
    expect(about.sections).toEqual([
      { heading: "About us heading", paragraphs: ["About us first.", "About us second."] },
    ]);
    expect(Number.isNaN(Date.parse(about.updatedAt))).toBe(false);
  });

  it("answers the page in Arabic where the shop wrote it", async () => {
    const { json } = await page("aboutus", { locale: "ar" });
    expect(infoPageSchema.parse(json.data)).toMatchObject({ title: "من نحن", locale: "ar" });
  });

  it("falls back to English, and says so, where the shop has no text in the language", async () => {
    const { status, json } = await page("terms", { locale: "he" });
    expect(status).toBe(200);
    expect(infoPageSchema.parse(json.data)).toMatchObject({ title: "Terms", locale: "en" });
    const aboutHe = await page("aboutus", { locale: "he" });
    expect(aboutHe.json.data).toMatchObject({ title: "About us", locale: "en" });
  });

  it("answers 404 for a page the shop has not published", async () => {
    const { status, json } = await page("privacy");
    expect(status).toBe(404);
    expect(json.code).toBe("404");
  });

  it("refuses a slug that is no information page with a field error", async () => {
    const { status, json } = await page("secret-admin");
    expect(status).toBe(400);
    expect(json.data.errors.slug).toBe("error-field-invalid");
  });

  it("shows one shop's page to nobody at another shop, and refuses an unknown shop", async () => {
    const other = await page("aboutus", { domain: withoutPages });
    expect(other.status).toBe(404);
    expect(other.json.code).toBe("404");
    const unknown = await page("aboutus", { domain: "nowhere.example" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("4041");
  });

  it("shows a changed page at once, and the change gives the store another version", async () => {
    const { handle } = await testHarness();
    const before = await versionOf(withPages);
    expect((await page("terms")).json.data.title).toBe("Terms");
    const where = and(eq(infoPages.storeId, storeId), eq(infoPages.slug, "terms"));
    await handle.db
      .update(infoPages)
      .set({ texts: { en: text("New terms") } })
      .where(where);
    try {
      expect((await page("terms")).json.data.title).toBe("New terms");
      const after = await versionOf(withPages);
      expect(after).not.toBe(before);
      // Another shop's version does not move with it.
      const otherBefore = await versionOf(withoutPages);
      await handle.db
        .update(infoPages)
        .set({ texts: { en: text("Terms") } })
        .where(where);
      expect(await versionOf(withoutPages)).toBe(otherBefore);
      expect(await versionOf(withPages)).not.toBe(after);
    } finally {
      await handle.db
        .update(infoPages)
        .set({ texts: { en: text("Terms") } })
        .where(where);
    }
  });

  it("takes a page down when its row goes, and the version moves", async () => {
    const { handle } = await testHarness();
    const before = await versionOf(withPages);
    const where = and(eq(infoPages.storeId, storeId), eq(infoPages.slug, "faq"));
    const [faq] = await handle.db.delete(infoPages).where(where).returning();
    try {
      expect((await page("faq")).status).toBe(404);
      expect(
        (await call("GET", "/api/store/getByDomain", { domain: withPages })).json.data.infoPages,
      ).toEqual(["aboutus", "terms"]);
      expect(await versionOf(withPages)).not.toBe(before);
    } finally {
      if (faq) await handle.db.insert(infoPages).values(faq);
    }
  });

  it("refuses a page without English: the table keeps the fallback there", async () => {
    const { handle } = await testHarness();
    await expect(
      handle.db.insert(infoPages).values({ storeId, slug: "help", texts: { ar: text("مساعدة") } }),
    ).rejects.toThrow();
    expect((await page("help")).status).toBe(404);
  });

  it("reads a page through its key", async () => {
    const findings = await plansOf(async () => {
      await page("aboutus", { locale: "ar" });
    });
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});

describe("the store answer's information pages", () => {
  it("lists the published pages in the footer's order", async () => {
    const { json } = await call("GET", "/api/store/getByDomain", { domain: withPages });
    expect(storeByDomainSchema.parse(json.data).infoPages).toEqual(["aboutus", "faq", "terms"]);
  });

  it("lists none for a shop that has published none", async () => {
    const { json } = await call("GET", "/api/store/getByDomain", { domain: withoutPages });
    expect(storeByDomainSchema.parse(json.data).infoPages).toEqual([]);
  });

  it("costs no query besides the store row's", async () => {
    const { handle } = await testHarness();
    const queries: string[] = [];
    const stop = handle.onQuery((query) => queries.push(query));
    try {
      await call("GET", "/api/store/getByDomain", { domain: withPages });
    } finally {
      stop();
    }
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/info_pages/);
  });
});
