import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHECKOUT_ERROR_KEYS, couponOffersSchema } from "@stoa/contract";
import { and, count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../catalogue/tables.ts";
import { deliverySettings, pickupPoints, postOptions } from "../delivery/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { onePagePdf } from "../platform/files/pdf.ts";
import { pricingSettings } from "../pricing/tables.ts";
import { coupons } from "../promotions/tables.ts";
import { storeById } from "../stores/service.ts";
import type { StoreRow } from "../stores/tables.ts";
import { shopper } from "../test/checkout-store.ts";
import { call, testHarness } from "../test/harness.ts";
import { CATALOGUES } from "./catalogues/index.ts";
import { DEMO_COUPONS } from "./checkout.ts";
import { DEMO_DOWNLOADS, demoDownload, writeDemoDownloads } from "./downloads.ts";
import { seedDemoStores } from "./seed.ts";

let db: Database;

beforeAll(async () => {
  db = (await testHarness()).handle.db;
});

describe("demo checkout settings", () => {
  it("gives every demo store tax, delivery settings and a way to receive orders", async () => {
    for (const { store } of CATALOGUES) {
      const [pricing] = await db.select().from(pricingSettings).where(eq(pricingSettings.storeId, store.id));
      const [delivery] = await db
        .select()
        .from(deliverySettings)
        .where(eq(deliverySettings.storeId, store.id));
      expect(pricing?.taxRateBp, store.domain).toBeGreaterThan(0);
      expect(delivery, store.domain).toBeDefined();
      const posts = await db.select().from(postOptions).where(eq(postOptions.storeId, store.id));
      const pickups = await db.select().from(pickupPoints).where(eq(pickupPoints.storeId, store.id));
      expect(delivery?.offersDelivery || posts.length > 0 || pickups.length > 0, store.domain).toBe(true);
    }
    const [furniture] = await db.select().from(pricingSettings).where(eq(pricingSettings.storeId, 45));
    expect(furniture).toMatchObject({ taxRateBp: 1700, pricesIncludeTax: true });
  });

  it("makes the documented coupons work in every store, and SUMMER2025 expired", async () => {
    for (const { store } of CATALOGUES) {
      const customer = await shopper(db, await storeRow(store.id));
      const check = (code: string) =>
        call("GET", "/api/storePromotionCode/get/code", {
          domain: store.domain,
          token: customer.token,
          query: { code, subtotal: 5000 },
        });
      expect((await check("welcome10")).json.data).toMatchObject({
        kind: "percent",
        value: 10,
        discount: 500,
      });
      expect((await check("SAVE5")).json.data).toMatchObject({
        kind: "fixed",
        value: 500,
        minimumOrder: 3000,
      });
      expect((await check("FIRSTORDER")).json.data).toMatchObject({ firstOrderOnly: true, discount: 750 });
      expect((await check("SUMMER2025")).json.data.errors).toEqual({
        code: CHECKOUT_ERROR_KEYS.couponExpired,
      });
    }
  });

  it("advertises the usable documented coupons on every store's offers page, not the expired one", async () => {
    for (const { store } of CATALOGUES) {
      const { json } = await call("GET", "/api/storePromotionCode/offers", { domain: store.domain });
      const listed = couponOffersSchema.parse(json.data).records.map((offer) => offer.code);
      expect(listed, store.domain).toEqual(expect.arrayContaining(["WELCOME10", "SAVE5", "FIRSTORDER"]));
      expect(listed, store.domain).not.toContain("SUMMER2025");
    }
  });

  it("keeps counted uses and adds no coupon when seeded again", async () => {
    await db
      .update(coupons)
      .set({ usedCount: 3 })
      .where(and(eq(coupons.storeId, 41), eq(coupons.code, "SAVE5")));
    await seedDemoStores(db);
    const rows = await db.select().from(coupons).where(eq(coupons.storeId, 41));
    expect(rows.filter((row) => DEMO_COUPONS.some((c) => c.code === row.code))).toHaveLength(
      DEMO_COUPONS.length,
    );
    expect(rows.find((row) => row.code === "SAVE5")?.usedCount).toBe(3);
    expect(
      rows.filter((row) => DEMO_COUPONS.some((c) => c.code === row.code && row.advertised)),
    ).toHaveLength(DEMO_COUPONS.length);
    await db
      .update(coupons)
      .set({ usedCount: 0 })
      .where(and(eq(coupons.storeId, 41), eq(coupons.code, "SAVE5")));
    const [posts] = await db.select({ n: count() }).from(postOptions).where(eq(postOptions.storeId, 44));
    expect(posts?.n).toBe(3);
  });
});

describe("demo digital products", () => {
  it("sells downloads in the grocery, restaurant, car-parts and furniture stores, each with its file", async () => {
    const digital = await db
      .select({ storeId: products.storeId, file: products.digitalFile, stock: products.stock })
      .from(products)
      .where(
        and(
          eq(products.isDigital, true),
          // Other tests open shops of their own, with digital products of their own.
          inArray(
            products.storeId,
            CATALOGUES.map(({ store }) => store.id),
          ),
        ),
      );
    expect(new Set(digital.map((row) => row.storeId))).toEqual(new Set([41, 43, 44, 45, 46]));
    for (const row of digital) {
      expect(row.file && Object.hasOwn(DEMO_DOWNLOADS, row.file)).toBe(true);
      expect(row.stock).toBeGreaterThan(0);
    }
  });

  it("writes every file as a PDF whose cross-reference table points at its objects", async () => {
    const pdf = onePagePdf({ title: "Gift (card)", subtitle: "Back\\slash", lines: ["one", "two"] });
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text).toContain("(Gift \\(card\\)) Tj");
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => {
      expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
    expect(demoDownload("nothing.pdf")).toBeNull();
    expect(demoDownload("../etc/passwd")).toBeNull();

    const folder = await mkdtemp(join(tmpdir(), "stoa-downloads-"));
    try {
      await writeFile(join(folder, "nordhaven-gift-card-100.pdf"), "kept");
      expect(await writeDemoDownloads(folder)).toBe(Object.keys(DEMO_DOWNLOADS).length - 1);
      expect((await readdir(folder)).sort()).toEqual(Object.keys(DEMO_DOWNLOADS).sort());
      expect(await readFile(join(folder, "nordhaven-gift-card-100.pdf"), "utf8")).toBe("kept");
      const card = await readFile(join(folder, "green-basket-gift-card-25.pdf"));
      expect(card.equals(demoDownload("green-basket-gift-card-25.pdf") as Buffer)).toBe(true);
      expect(await writeDemoDownloads(folder)).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

async function storeRow(id: number): Promise<StoreRow> {
  const row = await storeById(db, id);
  if (!row) throw new Error(`no store ${id}`);
  return row;
}
