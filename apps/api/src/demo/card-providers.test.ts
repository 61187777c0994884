import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../platform/db/database.ts";
import { stores } from "../stores/tables.ts";
import { offerDemoCardProviders } from "./card-providers.ts";
import { CATALOGUES } from "./catalogues/index.ts";
import { seedDemoStores } from "./seed.ts";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  await seedDemoStores(handle.db);
});

afterAll(async () => {
  await handle.close();
});

const providersOf = async (id: number) =>
  (await handle.db.select().from(stores).where(eq(stores.id, id)))[0]?.paymentProviders.toSorted();

describe("offerDemoCardProviders", () => {
  it("adds the gateways to every demo store once, keeping what each took", async () => {
    const grocery = CATALOGUES[0]?.store.id as number;
    expect(await providersOf(grocery)).toEqual(["test-card"]);
    await offerDemoCardProviders(handle.db, ["bambora"]);
    await offerDemoCardProviders(handle.db, ["bambora", "stripe"]);
    for (const { store } of CATALOGUES)
      expect(await providersOf(store.id)).toEqual(["bambora", "stripe", "test-card"]);
  });

  it("has each demo store take new cards through its own provider, each provider somewhere", async () => {
    await offerDemoCardProviders(handle.db, ["bambora", "stripe"]);
    const rows = await handle.db
      .select({ domain: stores.domain, provider: stores.cardProvider })
      .from(stores);
    const byDomain = new Map(rows.map((row) => [row.domain, row.provider]));
    expect(byDomain.get("localhost")).toBe("bambora");
    expect(byDomain.get("grocery2.localhost")).toBe("stripe");
    expect(new Set(rows.map((row) => row.provider))).toEqual(new Set(["bambora", "stripe", "test-card"]));
  });

  it("leaves a store on the test cards where its provider is not offered", async () => {
    await seedDemoStores(handle.db);
    await offerDemoCardProviders(handle.db, ["bambora"]);
    const [stripeShop] = await handle.db
      .select({ provider: stores.cardProvider })
      .from(stores)
      .where(eq(stores.domain, "grocery2.localhost"));
    expect(stripeShop?.provider).toBe("test-card");
  });

  it("changes nothing without gateways", async () => {
    const grocery = CATALOGUES[0]?.store.id as number;
    const before = await providersOf(grocery);
    await offerDemoCardProviders(handle.db, []);
    expect(await providersOf(grocery)).toEqual(before);
  });
});
