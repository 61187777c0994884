import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { createLogger } from "./logger.ts";
import { mailboxTransport, smtpTransport, startDeliveryWorker } from "./notifications/worker.ts";
import { isDatabaseEmpty, seedDemoStores } from "./seed/seed.ts";

async function main() {
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
  const logger = createLogger(config.LOG_LEVEL);
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : await openDatabase({ kind: "pglite", dataDir: `${config.DATA_DIR}/pglite` });
  await database.migrate();
  if (config.SEED_ON_EMPTY && (await isDatabaseEmpty(database.db))) {
    const counts = await seedDemoStores(database.db);
    logger.info(counts, "demo stores created");
  }
  const app = createApp({
    db: database.db,
    logger,
    trustProxy: config.TRUST_PROXY,
    serveDevMailbox: config.NODE_ENV !== "production",
    answerCacheBytes: config.API_CACHE_MB * 1024 * 1024,
    storeFreshMs: config.STORE_FRESH_MS,
  });
  const transport = config.SMTP_URL
    ? await smtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : mailboxTransport;
  const stopWorker = startDeliveryWorker(database.db, transport, logger);
  const server = serve({ fetch: app.fetch, port: config.API_PORT, hostname: config.API_HOST }, (info) => {
    logger.info({ port: info.port, database: database.kind }, "store API listening");
  });
  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    stopWorker();
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

await main();
