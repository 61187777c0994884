// Browsing while staff edit products (issue 38, decision 069): the mixed run's browsing, alone and
// then beside a steady stream of product edits, each drawn from the products the shoppers browse.
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";
import { log } from "./config.ts";
import type { SearchBody, Workload } from "./data.ts";
import { type LoadSettings, type Measurement, measureTogether, prime } from "./measure.ts";
import { mixedTable } from "./report.ts";
import { mixedParts, type Servers } from "./targets.ts";

/** Edits a second, as a busy shop's staff might make them all day. */
export const EDITS_PER_SECOND = Number(process.env.BENCH_EDITS_PER_SECOND ?? 10);

/**
 * The kinds of edit, in turn: a new price (six in ten), a picture's or unit's change that no listing
 * sorts or filters by (two), a new name, which every keyword search could now match (two).
 */
const EDIT_TURNS = [
  "price",
  "price",
  "unit",
  "price",
  "name",
  "price",
  "unit",
  "price",
  "name",
  "price",
] as const;

type Original = { id: number; price: number; unit: string; names: Record<string, string> };

/**
 * Writes edits to the browsed products at `EDITS_PER_SECOND` until stopped, each as one UPDATE of
 * the product's row, as the console's product form writes it; answers how many were made and failed.
 */
function startEditing(db: DatabaseHandle, storeId: number, originals: Original[]) {
  let made = 0;
  let failed = 0;
  let turn = 0;
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const product = originals[turn % originals.length] as Original;
    const kind = EDIT_TURNS[turn % EDIT_TURNS.length];
    // Every other edit of a product puts it back, so the catalogue browsed stays the same.
    const back = Math.floor(turn / originals.length) % 2 === 1;
    turn++;
    const edit =
      kind === "price"
        ? db.query("UPDATE products SET price = $3, updated_at = now() WHERE store_id = $1 AND id = $2", [
            storeId,
            product.id,
            back ? product.price : product.price + 1,
          ])
        : kind === "unit"
          ? db.query("UPDATE products SET unit = $3, updated_at = now() WHERE store_id = $1 AND id = $2", [
              storeId,
              product.id,
              back ? product.unit : `${product.unit} `,
            ])
          : db.query(
              "UPDATE products SET name_localizations = $3::jsonb, updated_at = now() WHERE store_id = $1 AND id = $2",
              [
                storeId,
                product.id,
                JSON.stringify(
                  back ? product.names : { ...product.names, en: `${product.names.en ?? ""} special` },
                ),
              ],
            );
    edit.then(
      () => made++,
      () => failed++,
    );
  }, 1000 / EDITS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - startedAt) / 1000;
      return {
        made,
        failed,
        perSecond: made / seconds,
        touched: originals.slice(0, Math.min(turn, originals.length)),
      };
    },
  };
}

/**
 * Browsing alone, then beside `EDITS_PER_SECOND` product edits: each kind of request's p99 beside
 * the edits against alone (issue 38's target: within 2×). PostgreSQL only (the edits are written
 * while the API runs, which a PGlite directory does not allow).
 */
export async function browsingWhileEditing(
  servers: Servers,
  workload: Workload,
  searchBodies: SearchBody[],
  db: DatabaseHandle | undefined,
  settings: LoadSettings,
  notes: string[],
  tables: string[],
): Promise<Measurement[]> {
  if (!db) {
    notes.push(
      "Browsing while staff edit: measured on PostgreSQL only (edits are written while the API runs)",
    );
    return [];
  }
  if (searchBodies.length === 0 || workload.productIds.length === 0) {
    notes.push("Browsing while staff edit not measured: no search filter found products");
    return [];
  }
  const parts = mixedParts(servers, workload, searchBodies, undefined, false, settings.connections, {
    api: "Browsing: API",
    pages: "Browsing: product pages",
  });
  for (const { target } of parts) {
    log(`priming ${target.name}`);
    const failedPrimes = await prime(target);
    if (failedPrimes > 0) notes.push(`${target.name}: ${failedPrimes} priming requests not 200`);
  }
  const originals = await db.query<Original>(
    "SELECT id, price, unit, name_localizations AS names FROM products WHERE store_id = $1 AND id = ANY($2::int[]) ORDER BY id",
    [workload.storeId, workload.productIds],
  );
  log("measuring browsing alone");
  const alone = await measureTogether(parts, settings);
  log(`measuring browsing beside ${EDITS_PER_SECOND} product edits a second`);
  const editing = startEditing(db, workload.storeId, originals);
  const besideEdits = parts.map((part) => ({
    ...part,
    target: {
      ...part.target,
      name: part.target.name.replace(/ alone$/, ` beside ${EDITS_PER_SECOND} edits/s`),
    },
  }));
  let beside: Measurement[];
  let edits: Awaited<ReturnType<ReturnType<typeof startEditing>["stop"]>>;
  try {
    beside = await measureTogether(besideEdits, settings);
  } finally {
    edits = await editing.stop();
    // Whatever the last turn left, every product edited is as it was.
    for (const product of edits.touched)
      await db.query(
        "UPDATE products SET price = $3, unit = $4, name_localizations = $5::jsonb WHERE store_id = $1 AND id = $2",
        [workload.storeId, product.id, product.price, product.unit, JSON.stringify(product.names)],
      );
  }
  tables.push(mixedTable(alone, beside, `beside ${EDITS_PER_SECOND} edits/s`));
  notes.push(
    `Browsing while staff edit: ${edits.made} product edits (${edits.perSecond.toFixed(1)}/s over the warm-up and the load; ${edits.failed} failed) of the ${originals.length} browsed products, in turn a price, a unit, a name (decision 069: each drops only the answers and pages it reaches).`,
  );
  return [...alone, ...beside];
}
