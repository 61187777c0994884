// Seeds the demo stores into the database the API would use: PostgreSQL when DATABASE_URL is set,
// otherwise the embedded PGlite under DATA_DIR (the same `<DATA_DIR>/pglite` folder main.ts opens).
import { ConfigError, downloadsDir, loadConfig } from "../platform/config.ts";
import { openDatabase } from "../platform/db/database.ts";
import { writeDemoDownloads } from "./downloads.ts";
import { seedDemoStores } from "./seed.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL, poolSize: 2 })
    : await openDatabase({ kind: "pglite", dataDir: `${config.DATA_DIR}/pglite` });
  try {
    await database.migrate();
    const started = performance.now();
    const counts = await seedDemoStores(database.db);
    await writeDemoDownloads(downloadsDir(config));
    const ms = Math.round(performance.now() - started);
    console.log(
      `Seeded ${counts.stores} stores, ${counts.categories} categories and ${counts.products} products into ${database.kind} in ${ms} ms.`,
    );
  } finally {
    await database.close();
  }
}

await main();
