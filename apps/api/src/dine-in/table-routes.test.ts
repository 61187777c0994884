import { TABLES_PER_STORE_MAX } from "@stoa/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../auth/crypto.ts";
import { categories, productCategories, products } from "../catalogue/tables.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop, type Shop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { diningTables, tablePasses, tableTabs } from "./tables.ts";

beforeAll(async () => {
  await testHarness();
});

const db = async () => (await testHarness()).handle.db;

type Owner = Awaited<ReturnType<typeof shopOwner>>;

/** A shop whose apple and tee are offered at tables, with its owner signed in to the console. */
async function restaurant() {
  const shop = await openShop();
  const database = await db();
  await database
    .update(products)
    .set({ dineIn: true })
    .where(and(eq(products.storeId, shop.id), sql`${products.id} IN (${shop.apple}, ${shop.tee.id})`));
  const owner = await shopOwner(shop);
  return { shop, owner };
}

async function makeTable(owner: Owner, table: Record<string, unknown> = {}) {
  const made = await owner.as("/api/staff/tables/save", {
    name: "Table 1",
    area: "Terrace",
    seats: 4,
    ...table,
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return made.json.data as { id: number; name: string; codeMadeAt: string };
}

/** The code the printed sheet gives a table. */
async function codeOf(owner: Owner, tableId: number): Promise<string> {
  const sheet = await owner.as("/api/staff/tables/sheet", { tableIds: [tableId] });
  const url = new URL(sheet.json.data.codes[0].url);
  return url.searchParams.get("table") as string;
}

function scan(shop: Shop, code: string, options: { token?: string; ip?: string } = {}) {
  const api = client(shop.domain);
  return api("POST", "/api/storeTable/scan", {
    body: { code },
    ...(options.token ? { token: options.token } : {}),
    ...(options.ip ? { headers: { "x-forwarded-for": options.ip } } : {}),
  });
}

describe("the console's tables", () => {
  it("creates, lists, edits and deactivates tables, each change audited", async () => {
    const { owner } = await restaurant();
    const made = await makeTable(owner, { name: "Table 7" });
    expect(made).toMatchObject({ name: "Table 7", area: "Terrace", seats: 4, active: true });
    await makeTable(owner, { name: "Window", area: "Inside", seats: 2 });

    const list = await owner.api("GET", "/api/staff/tables", { token: owner.token });
    expect(list.json.data.tables.map((t: { name: string }) => t.name)).toEqual(["Window", "Table 7"]);

    const edited = await owner.as("/api/staff/tables/save", {
      id: made.id,
      name: "Table 8",
      area: "Garden",
      seats: 6,
      active: false,
    });
    expect(edited.json.data).toMatchObject({ id: made.id, name: "Table 8", area: "Garden", active: false });

    const audit = await owner.as("/api/staff/audit", { action: "table" });
    expect(audit.json.data.records.map((r: { action: string }) => r.action)).toEqual([
      "table.update",
      "table.create",
      "table.create",
    ]);
    expect(audit.json.data.records[0]).toMatchObject({
      subject: `table:${made.id}`,
      before: { name: "Table 7", active: true },
      after: { name: "Table 8", active: false },
    });
  });

  it("refuses a name another table has, in any case, as an error on the name", async () => {
    const { owner } = await restaurant();
    await makeTable(owner, { name: "Patio 1" });
    const other = await makeTable(owner, { name: "Patio 2" });
    const again = await owner.as("/api/staff/tables/save", { name: "patio 1", seats: 2 });
    expectError(again, "TABLE_NAME_TAKEN");
    expect(again.json.data.errors).toMatchObject({ name: expect.any(String) });
    const renamed = await owner.as("/api/staff/tables/save", { id: other.id, name: "PATIO 1", seats: 2 });
    expectError(renamed, "TABLE_NAME_TAKEN");
    // Its own name, in another case, is no clash.
    const same = await owner.as("/api/staff/tables/save", { id: other.id, name: "PATIO 2", seats: 2 });
    expect(same.json.data.name).toBe("PATIO 2");
  });

  it("refuses bad fields, an unknown table and another shop's table", async () => {
    const { owner } = await restaurant();
    const { owner: otherOwner } = await restaurant();
    const theirs = await makeTable(otherOwner);
    expectError(await owner.as("/api/staff/tables/save", { name: "", seats: 0 }), "INVALID_INPUT");
    expectError(
      await owner.as("/api/staff/tables/save", { id: 99_999_999, name: "X", seats: 2 }),
      "NOT_FOUND",
    );
    expectError(
      await owner.as("/api/staff/tables/save", { id: theirs.id, name: "X", seats: 2 }),
      "NOT_FOUND",
    );
    expectError(await owner.as("/api/staff/tables/rotate-code", { tableId: theirs.id }), "NOT_FOUND");
    const sheet = await owner.as("/api/staff/tables/sheet", { tableIds: [theirs.id] });
    expect(sheet.json.data.codes).toEqual([]);
  });

  it(`keeps at most ${TABLES_PER_STORE_MAX} tables per shop`, async () => {
    const { shop, owner } = await restaurant();
    await (await db()).insert(diningTables).values(
      Array.from({ length: TABLES_PER_STORE_MAX }, (_, i) => ({
        storeId: shop.id,
        name: `T${i}`,
        seats: 2,
        codeHash: `not-a-code-${shop.id}-${i}`,
      })),
    );
    expectError(await owner.as("/api/staff/tables/save", { name: "One more", seats: 2 }), "TABLES_FULL");
  });

  it("prints every active table's address, and rotating a code changes it", async () => {
    const { shop, owner } = await restaurant();
    const first = await makeTable(owner, { name: "A1" });
    const second = await makeTable(owner, { name: "A2" });
    await makeTable(owner, { name: "Closed", active: false });
    const sheet = await owner.as("/api/staff/tables/sheet", {});
    expect(sheet.json.data.storeName).toBeTruthy();
    expect(sheet.json.data.codes.map((c: { name: string }) => c.name)).toEqual(["A1", "A2"]);
    for (const code of sheet.json.data.codes)
      expect(code.url).toMatch(new RegExp(`^http://${shop.domain}/menu\\?table=[A-Za-z0-9_-]{43}$`));
    // Printed again, the same codes.
    expect((await owner.as("/api/staff/tables/sheet", {})).json.data).toEqual(sheet.json.data);

    const before = await codeOf(owner, first.id);
    const rotated = await owner.as("/api/staff/tables/rotate-code", { tableId: first.id });
    expect(rotated.status).toBe(200);
    expect(rotated.json.data.codeMadeAt >= first.codeMadeAt).toBe(true);
    const after = await codeOf(owner, first.id);
    expect(after).not.toBe(before);
    expect(await codeOf(owner, second.id)).not.toBe(after);
    const audit = await owner.as("/api/staff/audit", { action: "table.rotateCode" });
    expect(audit.json.data.records[0]).toMatchObject({
      subject: `table:${first.id}`,
      before: { codeVersion: 1 },
      after: { codeVersion: 2 },
    });
  });

  it("is for staff with the tables permission only", async () => {
    const { shop, owner } = await restaurant();
    const table = await makeTable(owner);
    const kitchen = await owner.member("kitchen");
    const api = client(shop.domain);
    expectError(await api("GET", "/api/staff/tables", { token: kitchen }), "STAFF_ROLE_FORBIDDEN");
    expectError(
      await owner.as("/api/staff/tables/save", { name: "K", seats: 2 }, kitchen),
      "STAFF_ROLE_FORBIDDEN",
    );
    expectError(
      await owner.as("/api/staff/tables/rotate-code", { tableId: table.id }, kitchen),
      "STAFF_ROLE_FORBIDDEN",
    );
    expectError(await owner.as("/api/staff/tables/sheet", {}, kitchen), "STAFF_ROLE_FORBIDDEN");
    expectError(await api("GET", "/api/staff/tables"), "UNAUTHORIZED");
    const shopper = await registerVerified(client(shop.domain));
    expectError(await api("GET", "/api/staff/tables", { token: shopper.token }), "INVALID_SESSION");
    // Another shop's staff token.
    const { owner: stranger } = await restaurant();
    expectError(await api("GET", "/api/staff/tables", { token: stranger.token }), "FORBIDDEN");
  });
});

describe("scanning a table's code", () => {
  it("answers an in-store token for the table, as nobody, and no tab before one is open", async () => {
    const { shop, owner } = await restaurant();
    const table = await makeTable(owner, { name: "Table 3", area: "Inside", seats: 2 });
    const scanned = await scan(shop, await codeOf(owner, table.id));
    expect(scanned.status, JSON.stringify(scanned.json)).toBe(200);
    expect(scanned.json.data).toMatchObject({
      expiresInSeconds: 600,
      table: { id: table.id, name: "Table 3", area: "Inside", seats: 2 },
      tab: null,
    });
    expect(scanned.json.data.storeName).toBeTruthy();
    const [pass] = await (await db())
      .select()
      .from(tablePasses)
      .where(eq(tablePasses.tokenHash, sha256(scanned.json.data.token)));
    expect(pass).toMatchObject({ storeId: shop.id, tableId: table.id, tabId: null, customerId: null });
  });

  it("names the signed-in customer on the pass, and ignores a token that is no good", async () => {
    const { shop, owner } = await restaurant();
    const table = await makeTable(owner);
    const code = await codeOf(owner, table.id);
    const shopper = await registerVerified(client(shop.domain));
    const signedIn = await scan(shop, code, { token: shopper.token });
    const stale = await scan(shop, code, { token: "not-a-token" });
    expect(stale.status).toBe(200);
    const passes = await (await db())
      .select({ customerId: tablePasses.customerId })
      .from(tablePasses)
      .where(
        inArray(tablePasses.tokenHash, [sha256(signedIn.json.data.token), sha256(stale.json.data.token)]),
      );
    expect(passes.map((p) => p.customerId).sort()).toEqual([null, shopper.userId].sort());
  });

  it("joins the table's open tab, and a paid one is never shown to the next party", async () => {
    const { shop, owner } = await restaurant();
    const table = await makeTable(owner);
    const code = await codeOf(owner, table.id);
    const [tab] = await (await db())
      .insert(tableTabs)
      .values({ storeId: shop.id, tableId: table.id, currency: "USD" })
      .returning();
    if (!tab) throw new Error("no tab");
    const joined = await scan(shop, code);
    expect(joined.json.data.tab).toMatchObject({ id: tab.id, status: "open", rounds: [] });
    const [pass] = await (await db())
      .select({ tabId: tablePasses.tabId })
      .from(tablePasses)
      .where(eq(tablePasses.tokenHash, sha256(joined.json.data.token)));
    expect(pass?.tabId).toBe(tab.id);

    await (await db())
      .update(tableTabs)
      .set({ status: "paid" })
      .where(and(eq(tableTabs.storeId, shop.id), eq(tableTabs.id, tab.id)));
    expect((await scan(shop, code)).json.data.tab).toBeNull();
  });

  it("opens nothing for a rotated code, a deactivated table, another shop's code or a table number", async () => {
    const { shop, owner } = await restaurant();
    const table = await makeTable(owner);
    const old = await codeOf(owner, table.id);
    await owner.as("/api/staff/tables/rotate-code", { tableId: table.id });
    expectError(await scan(shop, old), "TABLE_CODE_UNKNOWN");
    const fresh = await codeOf(owner, table.id);
    expect((await scan(shop, fresh)).status).toBe(200);

    await owner.as("/api/staff/tables/save", { id: table.id, name: "Table 1", seats: 4, active: false });
    expectError(await scan(shop, fresh), "TABLE_CODE_UNKNOWN");

    const { shop: other, owner: otherOwner } = await restaurant();
    const theirs = await makeTable(otherOwner);
    expectError(await scan(shop, await codeOf(otherOwner, theirs.id)), "TABLE_CODE_UNKNOWN");
    expect((await scan(other, await codeOf(otherOwner, theirs.id))).status).toBe(200);

    expectError(await scan(shop, "7"), "INVALID_INPUT");
    expectError(await scan(shop, "A".repeat(43)), "TABLE_CODE_UNKNOWN");
  });

  it("slows a script scanning from one address", async () => {
    const { shop } = await restaurant();
    const ip = `10.99.${Date.now() % 250}.${process.pid % 250}`;
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await scan(shop, "B".repeat(43), { ip }));
    expect(answers.slice(0, 60).every((a) => a.json.code === "3401")).toBe(true);
    expectError(answers[60] as (typeof answers)[number], "TOO_MANY_REQUESTS");
  });
});

describe("the table's menu", () => {
  async function seatedDiner() {
    const { shop, owner } = await restaurant();
    const table = await makeTable(owner);
    const scanned = await scan(shop, await codeOf(owner, table.id));
    const api = client(shop.domain);
    const menu = () => api("POST", "/api/storeTable/item", { token: scanned.json.data.token });
    return { shop, owner, api, menu, token: scanned.json.data.token as string };
  }

  it("lists the shop's dine-in dishes in the diner's language, under categories holding them", async () => {
    const { shop, menu, api, token } = await seatedDiner();
    const database = await db();
    const [mains, empty] = await database
      .insert(categories)
      .values([
        {
          storeId: shop.id,
          slug: "mains",
          nameLocalizations: { en: "Mains", ar: "أطباق رئيسية", he: "עיקריות" },
        },
        { storeId: shop.id, slug: "empty", nameLocalizations: { en: "Empty", ar: "فارغ", he: "ריק" } },
      ])
      .returning({ id: categories.id });
    if (!mains || !empty) throw new Error("no categories");
    await database
      .insert(productCategories)
      .values({ storeId: shop.id, categoryId: mains.id, productId: shop.apple });
    const answer = await menu();
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.data.currency).toBe("USD");
    expect(answer.json.data.categories).toEqual([{ id: mains.id, name: "Mains" }]);
    expect(answer.json.data.items).toEqual([
      expect.objectContaining({
        id: shop.apple,
        name: "apple",
        price: 250,
        categoryId: mains.id,
        hasOptions: false,
        available: true,
      }),
      expect.objectContaining({
        id: shop.tee.id,
        categoryId: null,
        hasOptions: true,
        available: true,
        priceFrom: 1200,
      }),
    ]);
    const arabic = await api("POST", "/api/storeTable/item", { token, locale: "ar" });
    expect(arabic.json.data.categories).toEqual([{ id: mains.id, name: "أطباق رئيسية" }]);
  });

  it("marks a snoozed or sold-out dish unavailable at once, and leaves off dishes the shop does not offer", async () => {
    const { shop, owner, menu } = await seatedDiner();
    const kitchen = await owner.member("kitchen");
    const snoozed = await owner.as(
      "/api/staff/kitchen/snooze",
      { productId: shop.apple, snoozed: true },
      kitchen,
    );
    expect(snoozed.status, JSON.stringify(snoozed.json)).toBe(200);
    await shop.setStock(shop.tee.id, 0);
    const items = (await menu()).json.data.items as { id: number; available: boolean }[];
    expect(items.map((i) => [i.id, i.available])).toEqual([
      [shop.apple, false],
      [shop.tee.id, false],
    ]);
    expect(items.some((i) => i.id === shop.giftCard)).toBe(false);
    await owner.as("/api/staff/kitchen/snooze", { productId: shop.apple, snoozed: false }, kitchen);
    expect((await menu()).json.data.items[0]).toMatchObject({ id: shop.apple, available: true });
  });

  it("lists a product staff offer at tables from its form, and drops it when they stop", async () => {
    const { owner, menu } = await seatedDiner();
    const form = {
      names: { en: "Shakshuka", ar: "شكشوكة", he: "שקשוקה" },
      descriptions: { en: "", ar: "", he: "" },
      brands: { en: "", ar: "", he: "" },
      price: 1800,
      salePrice: null,
      taxRateBp: null,
      sku: `SHAK-${Date.now()}`,
      barcode: "",
      unit: "",
      categoryIds: [],
      tagIds: [],
      isAvailable: true,
      dineIn: true,
      isDigital: false,
      digitalFile: null,
    };
    const made = await owner.as("/api/staff/products/create", form);
    expect(made.json.data).toMatchObject({ dineIn: true });
    await owner.as("/api/staff/stock/adjust", {
      productId: made.json.data.id,
      reason: "received",
      quantity: 5,
    });
    const names = async () => (await menu()).json.data.items.map((item: { name: string }) => item.name);
    expect(await names()).toContain("Shakshuka");
    const edited = await owner.as("/api/staff/products/update", {
      ...form,
      dineIn: false,
      productId: made.json.data.id,
      version: made.json.data.version,
    });
    expect(edited.json.data).toMatchObject({ dineIn: false });
    expect(await names()).not.toContain("Shakshuka");
  });

  it("takes the table's in-store token only", async () => {
    const { shop, api, token } = await seatedDiner();
    expectError(await api("POST", "/api/storeTable/item"), "UNAUTHORIZED");
    const shopper = await registerVerified(client(shop.domain));
    expectError(await api("POST", "/api/storeTable/item", { token: shopper.token }), "INVALID_SESSION");
    const { owner } = await restaurant();
    expectError(await api("POST", "/api/storeTable/item", { token: owner.token }), "INVALID_SESSION");
    // The in-store token is refused by a shopper's call, and on another shop.
    expectError(await api("GET", "/api/auth/getUserInfoFromToken", { token }), "INVALID_SESSION");
    const { shop: other } = await restaurant();
    expectError(await client(other.domain)("POST", "/api/storeTable/item", { token }), "FORBIDDEN");
  });
});

describe("snoozed dishes", () => {
  it("lists the dine-in dishes, snoozes and brings one back, each change audited once", async () => {
    const { shop, owner } = await restaurant();
    const kitchen = await owner.member("kitchen");
    const api = client(shop.domain);
    const listed = await api("GET", "/api/staff/kitchen/dishes", { token: kitchen });
    expect(listed.json.data.dishes).toEqual([
      { productId: shop.apple, name: "apple", snoozed: false, snoozedAt: null },
      { productId: shop.tee.id, name: "tee", snoozed: false, snoozedAt: null },
    ]);
    const snoozed = await owner.as(
      "/api/staff/kitchen/snooze",
      { productId: shop.tee.id, snoozed: true },
      kitchen,
    );
    expect(snoozed.json.data.dishes[1]).toMatchObject({ productId: shop.tee.id, snoozed: true });
    expect(snoozed.json.data.dishes[1].snoozedAt).toEqual(expect.any(String));
    // Snoozing it again changes nothing.
    await owner.as("/api/staff/kitchen/snooze", { productId: shop.tee.id, snoozed: true }, kitchen);
    const back = await owner.as("/api/staff/kitchen/snooze", { productId: shop.tee.id, snoozed: false });
    expect(back.json.data.dishes[1]).toMatchObject({ snoozed: false, snoozedAt: null });
    const audit = await owner.as("/api/staff/audit", { action: "dish" });
    expect(
      audit.json.data.records.map((r: { action: string; subject: string }) => [r.action, r.subject]),
    ).toEqual([
      ["dish.unsnooze", `product:${shop.tee.id}`],
      ["dish.snooze", `product:${shop.tee.id}`],
    ]);
  });

  it("refuses a dish not on the dine-in menu, another shop's, and callers without a staff token", async () => {
    const { shop, owner } = await restaurant();
    const { shop: other } = await restaurant();
    expectError(
      await owner.as("/api/staff/kitchen/snooze", { productId: shop.giftCard, snoozed: true }),
      "NOT_FOUND",
    );
    expectError(
      await owner.as("/api/staff/kitchen/snooze", { productId: other.apple, snoozed: true }),
      "NOT_FOUND",
    );
    const api = client(shop.domain);
    expectError(await api("GET", "/api/staff/kitchen/dishes"), "UNAUTHORIZED");
    expectError(
      await api("POST", "/api/staff/kitchen/snooze", { body: { productId: shop.apple, snoozed: true } }),
      "UNAUTHORIZED",
    );
    const shopper = await registerVerified(client(shop.domain));
    expectError(await api("GET", "/api/staff/kitchen/dishes", { token: shopper.token }), "INVALID_SESSION");
  });
});
