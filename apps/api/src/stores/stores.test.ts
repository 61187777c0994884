import { parseLocalizations, storeByDomainSchema, storeVersionSchema } from "@stoa/contract";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changesOf } from "../catalogue/product-changes.ts";
import { categories, products } from "../catalogue/tables.ts";
import { sweepExpired } from "../housekeeping/sweeper.ts";
import { normalizeDomain } from "../platform/http/host.ts";
import { call, testHarness } from "../test/harness.ts";
import { storeLookup } from "./service.ts";
import { stores } from "./tables.ts";

describe("GET /api/store/getByDomain", () => {
  it("answers the store of the domain with its settings", async () => {
    const { status, json } = await call("GET", "/api/store/getByDomain");
    expect(status).toBe(200);
    expect(json.code).toBe("0");
    const store = storeByDomainSchema.parse(json.data);
    expect(store.storeId).toBe(41);
    expect(store.domain).toBe("localhost");
    expect(store.vertical).toBe("grocery");
    const names = parseLocalizations(store.storeNameLocalizations);
    expect(names.en).toBeTruthy();
    expect(names.ar).toBeTruthy();
    expect(names.he).toBeTruthy();
    expect(store.settings.seo.ogImage.original).toMatch(/^\/media\/og\//);
    expect(store.globalSettings.domain).toBe("localhost");
    expect(typeof store.shopSettings.guestCheckout).toBe("boolean");
    // The grocery runs referrals (demo), the restaurant does not: the storefront shows them accordingly.
    expect(store.shopSettings.referrals).toBe(true);
    const restaurant = await call("GET", "/api/store/getByDomain", { domain: "restaurant.localhost" });
    expect(restaurant.json.data.shopSettings.referrals).toBe(false);
  });

  it("names the calling code of the shop's country, or none", async () => {
    const grocery = await call("GET", "/api/store/getByDomain");
    expect(grocery.json.data.settings.phoneCountryCode).toBe("1");
    const furniture = await call("GET", "/api/store/getByDomain", { domain: "furniture.localhost" });
    expect(furniture.json.data.settings.phoneCountryCode).toBe("49");
    const { handle } = await testHarness();
    await handle.query("UPDATE stores SET phone_country_code = NULL WHERE domain = 'catering.localhost'");
    try {
      const catering = await call("GET", "/api/store/getByDomain", { domain: "catering.localhost" });
      expect(storeByDomainSchema.parse(catering.json.data).settings.phoneCountryCode).toBeNull();
    } finally {
      await handle.query("UPDATE stores SET phone_country_code = '1' WHERE domain = 'catering.localhost'");
    }
  });

  it("tells each demo store apart by its domain", async () => {
    const domains = [
      "catering.localhost",
      "restaurant.localhost",
      "carparts.localhost",
      "furniture.localhost",
    ];
    const ids = new Set<number>([41]);
    for (const domain of domains) {
      const { json } = await call("GET", "/api/store/getByDomain", { domain });
      expect(json.code).toBe("0");
      expect(json.data.domain).toBe(domain);
      ids.add(json.data.storeId);
    }
    expect(ids.size).toBe(5);
  });

  it("says whether prices include tax from the setting checkout prices with", async () => {
    const expected = {
      localhost: false,
      "catering.localhost": false,
      "restaurant.localhost": false,
      "carparts.localhost": false,
      "furniture.localhost": true,
    };
    for (const [domain, included] of Object.entries(expected)) {
      const { json } = await call("GET", "/api/store/getByDomain", { domain });
      expect(json.data.settings.pricesIncludeTax, domain).toBe(included);
    }
  });

  it("accepts the domain with a port, in capitals or with a trailing dot", async () => {
    for (const domain of ["LOCALHOST:3000", "localhost."]) {
      const { json } = await call("GET", "/api/store/getByDomain", { domain });
      expect(json.data.storeId).toBe(41);
    }
  });

  it("answers the tagline in the caller's locale", async () => {
    const en = await call("GET", "/api/store/getByDomain", { locale: "en" });
    const ar = await call("GET", "/api/store/getByDomain", { locale: "ar" });
    expect(ar.json.data.settings.tagline).not.toBe(en.json.data.settings.tagline);
    expect(ar.json.data.settings.tagline).toMatch(/[\u0600-\u06FF]/);
  });

  it("gives a translated envelope error for an unknown domain", async () => {
    const en = await call("GET", "/api/store/getByDomain", { domain: "nowhere.example" });
    expect(en.status).toBe(404);
    expect(en.json).toEqual({ code: "4041", msg: "There is no shop at this address.", data: null });
    const he = await call("GET", "/api/store/getByDomain", { domain: "nowhere.example", locale: "he" });
    expect(he.json.msg).toBe("אין חנות בכתובת הזו.");
  });

  it("refuses a call without a store-domain header", async () => {
    const { status, json } = await call("GET", "/api/store/getByDomain", { domain: null });
    expect(status).toBe(404);
    expect(json.code).toBe("4041");
    expect(json.data.errors["store-domain"]).toBe("error-field-required");
  });
});

describe("GET /api/store/version", () => {
  const versionOf = async (domain = "localhost") => {
    const { status, json } = await call("GET", "/api/store/version", { domain });
    expect(status).toBe(200);
    return storeVersionSchema.parse(json.data).version;
  };

  /** A product of the store with stock to spare, to change and put back. */
  async function someProduct() {
    const { handle } = await testHarness();
    const [row] = await handle.db
      .select({ id: products.id, stock: products.stock, unit: products.unit })
      .from(products)
      .where(and(eq(products.storeId, 41), gt(products.stock, 5)))
      .orderBy(products.id)
      .limit(1);
    if (!row) throw new Error("the seed has a product in stock");
    return { db: handle.db, row };
  }

  it("answers the same word while nothing changes, and another for each store", async () => {
    const first = await versionOf();
    expect(await versionOf()).toBe(first);
    expect(await versionOf("catering.localhost")).not.toBe(first);
  });

  it("changes with a setting, even one written by hand without updated_at", async () => {
    const { handle } = await testHarness();
    const before = await versionOf();
    const [store] = await handle.db.select().from(stores).where(eq(stores.domain, "localhost"));
    try {
      await handle.db.update(stores).set({ primaryColor: "#123456" }).where(eq(stores.domain, "localhost"));
      expect(await versionOf()).not.toBe(before);
    } finally {
      await handle.db
        .update(stores)
        .set({ primaryColor: store?.primaryColor, updatedAt: store?.updatedAt })
        .where(eq(stores.domain, "localhost"));
    }
  });

  it("keeps its version through a product's change, and names the change after the number asked", async () => {
    const { db, row } = await someProduct();
    const before = await versionOf();
    const seqBefore = (await call("GET", "/api/store/version")).json.data.changesSeq as number;
    await db
      .update(products)
      .set({ stock: sql`${products.stock} - 1` })
      .where(eq(products.id, row.id));
    await db.update(products).set({ stock: row.stock }).where(eq(products.id, row.id));
    // Stock that stays above zero changes nothing kept (decision 016).
    expect((await call("GET", "/api/store/version")).json.data).toEqual({
      version: before,
      changesSeq: seqBefore,
    });
    await db
      .update(products)
      .set({ unit: `${row.unit} ` })
      .where(eq(products.id, row.id));
    try {
      const { json } = await call("GET", "/api/store/version", { query: { changesAfter: seqBefore } });
      expect(json.data.version).toBe(before);
      expect(json.data.changesSeq).toBe(seqBefore + 1);
      // Only what answers show of the product changed: no listing moves (aspects 0).
      expect(json.data.changes).toEqual([{ productId: row.id, categoryIds: expect.any(Array), aspects: 0 }]);
      const current = await call("GET", "/api/store/version", { query: { changesAfter: seqBefore + 1 } });
      expect(current.json.data.changes).toBeUndefined();
      // More changed products than a reader takes at once, whatever the statements: none are read.
      const { handle } = await testHarness();
      expect(await changesOf(handle.db, 41, seqBefore, seqBefore + 1, 1)).toHaveLength(1);
      const two = await db
        .select({ id: products.id, unit: products.unit })
        .from(products)
        .where(eq(products.storeId, 41))
        .orderBy(products.id)
        .limit(2);
      const spaced = (pairs: typeof two) =>
        sql`CASE ${products.id} ${sql.join(
          pairs.map((p) => sql`WHEN ${p.id} THEN ${`${p.unit} ~`}`),
          sql` `,
        )} END`;
      await db
        .update(products)
        .set({ unit: spaced(two) })
        .where(
          and(
            eq(products.storeId, 41),
            inArray(
              products.id,
              two.map((p) => p.id),
            ),
          ),
        );
      for (const p of two) await db.update(products).set({ unit: p.unit }).where(eq(products.id, p.id));
      expect(await changesOf(handle.db, 41, seqBefore + 1, seqBefore + 2, 1)).toBeNull();
      expect(await changesOf(handle.db, 41, seqBefore, seqBefore + 2, 2)).toBeNull();
      expect(await changesOf(handle.db, 41, seqBefore, seqBefore + 2, 3)).toHaveLength(3);
    } finally {
      await db.update(products).set({ unit: row.unit }).where(eq(products.id, row.id));
    }
  });

  it("changes with the category tree, and answers null for changes no longer kept", async () => {
    const { handle } = await testHarness();
    const { db, row } = await someProduct();
    const before = await versionOf();
    const [category] = await db.select().from(categories).where(eq(categories.storeId, 41)).limit(1);
    if (!category) throw new Error("no category");
    await db
      .update(categories)
      .set({ sort: category.sort + 1 })
      .where(eq(categories.id, category.id));
    try {
      expect(await versionOf()).not.toBe(before);
    } finally {
      await db.update(categories).set({ sort: category.sort }).where(eq(categories.id, category.id));
    }
    const { json } = await call("GET", "/api/store/version");
    const seq = json.data.changesSeq as number;
    await db
      .update(products)
      .set({ unit: `${row.unit} ` })
      .where(eq(products.id, row.id));
    await db.update(products).set({ unit: row.unit }).where(eq(products.id, row.id));
    // The sweeper removed them: the storefront must drop everything of the store.
    await handle.db.execute(
      sql`UPDATE product_changes SET changed_at = now() - interval '2 hours' WHERE seq > ${seq}`,
    );
    expect((await sweepExpired(handle.db)).productChanges).toBeGreaterThanOrEqual(2);
    const after = await call("GET", "/api/store/version", { query: { changesAfter: seq } });
    expect(after.json.data.changes).toBeNull();
  });

  it("refuses an unknown domain and a call without one", async () => {
    const unknown = await call("GET", "/api/store/version", { domain: "nowhere.example" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("4041");
    const missing = await call("GET", "/api/store/version", { domain: null });
    expect(missing.status).toBe(404);
    expect(missing.json.data.errors["store-domain"]).toBe("error-field-required");
  });
});

describe("normalizeDomain", () => {
  it("keeps host names and refuses anything else", () => {
    expect(normalizeDomain(" Shop.Example.COM:8080 ")).toBe("shop.example.com");
    expect(normalizeDomain("")).toBeNull();
    expect(normalizeDomain("evil.com/path")).toBeNull();
    expect(normalizeDomain("-bad.com")).toBeNull();
    expect(normalizeDomain(undefined)).toBeNull();
  });
});

describe("store lookup", () => {
  it("serves a store read within the freshness window, then reads it again and sees changes", async () => {
    const { handle } = await testHarness();
    let clock = 0;
    const queries: string[] = [];
    const stop = handle.onQuery((query) => queries.push(query));
    const find = storeLookup(handle.db, 1000, () => clock);
    let restoreTitle: string | undefined;
    try {
      const first = await find("localhost");
      expect(first?.domain).toBe("localhost");
      await handle.db
        .update(stores)
        .set({ siteTitle: "Fresher title" })
        .where(eq(stores.domain, "localhost"));
      restoreTitle = first?.siteTitle;
      clock = 999;
      expect((await find("localhost"))?.siteTitle).toBe(first?.siteTitle);
      clock = 1000;
      expect((await find("localhost"))?.siteTitle).toBe("Fresher title");
      expect(queries.filter((q) => /from "stores"/i.test(q))).toHaveLength(2);
    } finally {
      stop();
      if (restoreTitle !== undefined)
        await handle.db.update(stores).set({ siteTitle: restoreTitle }).where(eq(stores.domain, "localhost"));
    }
  });

  it("remembers that a domain has no store, and reads every time with a window of 0", async () => {
    const { handle } = await testHarness();
    const queries: string[] = [];
    const stop = handle.onQuery((query) => queries.push(query));
    try {
      const remembering = storeLookup(handle.db, 1000, () => 0);
      expect(await remembering("nowhere.example")).toBeNull();
      expect(await remembering("nowhere.example")).toBeNull();
      expect(queries).toHaveLength(1);
      const reading = storeLookup(handle.db, 0);
      await reading("localhost");
      await reading("localhost");
      expect(queries).toHaveLength(3);
    } finally {
      stop();
    }
  });
});
