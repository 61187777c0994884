import { and, eq, inArray, sql } from "drizzle-orm";
import { products } from "../catalogue/tables.ts";
import { tableCode, tableCodeHash } from "../dine-in/table-codes.ts";
import { diningTables } from "../dine-in/tables.ts";
import { linkKeys } from "../orders/links.ts";
import type { Database } from "../platform/db/database.ts";
import type { SeededCatalogue } from "./merchandising.ts";

/*
 * Dine-in in the demo (issue 34): the restaurant and the caterer's tasting room have tables with
 * QR codes, and the dishes that make sense at a table are offered there. `npm run shop -- tables
 * restaurant.localhost` prints each table's link.
 */

type TableSeed = { name: string; area: string; seats: number };

const numbered = (prefix: string, area: string, count: number, seats: (n: number) => number): TableSeed[] =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i + 1}`, area, seats: seats(i + 1) }));

/** Each dining shop's tables, and which of its products are served at them. */
const DINING: Record<
  string,
  { tables: TableSeed[]; servedAtTables: (categories: readonly string[]) => boolean }
> = {
  "restaurant.localhost": {
    tables: [
      ...numbered("Table", "Inside", 6, (n) => (n % 3 === 0 ? 6 : n % 2 === 0 ? 4 : 2)),
      ...numbered("Terrace", "Terrace", 4, (n) => (n % 2 === 0 ? 4 : 2)),
    ],
    servedAtTables: () => true,
  },
  // The caterer's tasting room serves plates, sweets and drinks; platters and boxes are for events.
  "catering.localhost": {
    tables: numbered("Tasting table", "Tasting room", 4, (n) => (n % 2 === 0 ? 6 : 4)),
    servedAtTables: (categories) =>
      categories.some((slug) =>
        ["salads", "hot-dishes", "desserts", "cakes", "cupcakes", "cookies-pastries", "drinks"].includes(
          slug,
        ),
      ),
  },
};

/**
 * Offers the dining shops' dishes at their tables and gives them their tables, each with its code.
 * Idempotent: a product already offered is not rewritten, and a table the shop has (by name) is
 * left as staff may have changed it, its printed code still good.
 */
export async function seedDining(db: Database, seeded: SeededCatalogue[]): Promise<void> {
  const { tableCodes } = await linkKeys(db)();
  for (const { catalogue, productIds } of seeded) {
    const dining = DINING[catalogue.store.domain];
    if (!dining) continue;
    const storeId = catalogue.store.id;
    const served = catalogue.products
      .filter((seed) => dining.servedAtTables(seed.categories))
      .map((seed) => productIds.get(seed.sku))
      .filter((id): id is number => id !== undefined);
    if (served.length > 0)
      await db
        .update(products)
        .set({ dineIn: true })
        .where(and(eq(products.storeId, storeId), inArray(products.id, served), eq(products.dineIn, false)));

    const existing = await db
      .select({ name: diningTables.name })
      .from(diningTables)
      .where(eq(diningTables.storeId, storeId));
    const have = new Set(existing.map((row) => row.name.toLowerCase()));
    for (const table of dining.tables.filter((seed) => !have.has(seed.name.toLowerCase()))) {
      const taken = (await db.execute(
        sql`SELECT nextval(pg_get_serial_sequence('dining_tables', 'id'))::int AS id`,
      )) as unknown as { rows: { id: number }[] };
      const id = taken.rows[0]?.id;
      if (id === undefined) throw new Error("no table id");
      const code = tableCode(tableCodes, { storeId, id, codeVersion: 1 });
      await db.insert(diningTables).values({ storeId, id, ...table, codeHash: tableCodeHash(code) });
    }
  }
}
