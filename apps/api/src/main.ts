import { serve } from "@hono/node-server";
import { devMailbox } from "@stoa/contract";
import { EXIT_DO_NOT_RESTART } from "../../../scripts/supervise.mjs";
import { createApp } from "./app.ts";
import { sendDueReminders } from "./bookings/reminders.ts";
import { offerDemoCardProviders } from "./demo/card-providers.ts";
import { writeDemoDownloads } from "./demo/downloads.ts";
import { isDatabaseEmpty, seedDemoStores } from "./demo/seed.ts";
import { retryGiveBacks } from "./flows/give-back.ts";
import { storePaymentProviders } from "./flows/payments.ts";
import { reconcilePendingPayments } from "./flows/reconcile-payments.ts";
import { releaseUnconfirmedOrders } from "./flows/release-unconfirmed.ts";
import { sendDueGiftCards } from "./gift-cards/service.ts";
import { startSweeper } from "./housekeeping/sweeper.ts";
import { sendLowStockEmails } from "./inventory/low-stock-email.ts";
import { mailboxTransport, smtpTransport, startDeliveryWorker } from "./notifications/worker.ts";
import { folderFiles } from "./orders/files.ts";
import { orderIdentities } from "./orders/identities.ts";
import { linkKeys } from "./orders/links.ts";
import { cardProviders } from "./payments/card-providers.ts";
import { ConfigError, downloadsDir, loadConfig } from "./platform/config.ts";
import { DataDirBusyError } from "./platform/db/data-dir-lock.ts";
import { openDatabase } from "./platform/db/database.ts";
import { createLogger } from "./platform/logger.ts";
import { passOnExpiredOffers } from "./reservations/waitlist.ts";
import { sendReviewRequests } from "./reviews/requests.ts";
import { sendDueStockAlerts } from "./stock-alerts/service.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(EXIT_DO_NOT_RESTART);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // What nothing caught leaves the process in an unknown state: say what it was, then end, so the
  // supervisor (npm start, or systemd: docs/deploy/) starts a clean one.
  process.on("uncaughtException", (err) => {
    logger.fatal({ err }, "uncaught exception: stopping so a clean process starts");
    process.exit(1);
  });
  process.on("unhandledRejection", (err) => {
    logger.fatal({ err }, "unhandled rejection: stopping so a clean process starts");
    process.exit(1);
  });
  const database = config.DATABASE_URL
    ? await openDatabase({
        kind: "postgres",
        url: config.DATABASE_URL,
        schema: config.DATABASE_SCHEMA,
        poolSize: config.DATABASE_POOL_SIZE,
        onConnectionLost: (err) =>
          logger.warn({ err }, "database connection lost while idle: dropped, a new one opens when needed"),
      })
    : await openDatabase({ kind: "pglite", dataDir: `${config.DATA_DIR}/pglite` }).catch((error: unknown) => {
        // Another process has the embedded database open: starting again would not help.
        if (!(error instanceof DataDirBusyError)) throw error;
        logger.fatal(error.message);
        process.exit(EXIT_DO_NOT_RESTART);
      });
  await database.migrate();
  if (config.SEED_ON_EMPTY && (await isDatabaseEmpty(database.db))) {
    const counts = await seedDemoStores(database.db);
    logger.info(counts, "demo stores created");
  }
  // The demo products' files are written whenever demo stores may be there: a data folder copied
  // without them, or a PostgreSQL seeded elsewhere, still gets downloads that open.
  if (config.SEED_ON_EMPTY) await writeDemoDownloads(downloadsDir(config));
  if (config.DEMO_CARD_PROVIDERS) await offerDemoCardProviders(database.db, config.DEMO_CARD_PROVIDERS);
  // Stripe and Bambora on the stores' own accounts (sealed) or the environment's (decision 021).
  const cards = cardProviders(database.db, config);
  // Named on the first start and kept (payment_deployment): keys sent to a shared Stripe account carry it.
  logger.info({ deployment: await cards.deployment() }, "deployment id at card providers");
  const payments = storePaymentProviders(database.db, config.NODE_ENV, cards);
  const app = createApp({
    db: database.db,
    logger,
    trustedProxies: config.TRUSTED_PROXIES,
    serveDevMailbox: config.DEV_MAILBOX,
    answerCacheBytes: config.API_CACHE_MB * 1024 * 1024,
    storeFreshMs: config.STORE_FRESH_MS,
    paymentProviders: payments,
    cardProviders: cards,
    downloadSecret: config.DOWNLOAD_SECRET,
    downloadFiles: folderFiles(downloadsDir(config)),
    paymentSecrets: config,
    mediaDir: `${config.DATA_DIR}/media`,
  });
  const transport = config.SMTP_URL
    ? await smtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : mailboxTransport;
  const stopWorker = startDeliveryWorker(database.db, transport, logger);
  const orderFlows = {
    db: database.db,
    keys: linkKeys(database.db, config.DOWNLOAD_SECRET),
    payments,
    identities: orderIdentities(database.db),
  };
  const stopSweeper = startSweeper(database.db, logger, undefined, [
    {
      name: "card orders reconciled",
      run: () =>
        reconcilePendingPayments(
          orderFlows,
          new Date(),
          (err, order) =>
            logger.error({ err, storeId: order.storeId, orderId: order.id }, "card order not reconciled"),
          (order) =>
            logger.error(
              { storeId: order.storeId, orderId: order.id, orderNumber: order.orderNumber },
              "card order released with its payment state unknown: look it up at the provider and release any hold (staff: payments/stuck)",
            ),
        ),
    },
    { name: "back-in-stock alerts sent", run: () => sendDueStockAlerts(database.db) },
    { name: "low-stock emails to staff", run: () => sendLowStockEmails(database.db) },
    {
      name: "reservation and booking reminders sent",
      run: () => sendDueReminders(database.db, orderFlows.keys),
    },
    { name: "expired waitlist offers passed on", run: () => passOnExpiredOffers(database.db) },
    { name: "review requests emailed after delivery", run: () => sendReviewRequests(database.db) },
    { name: "gift cards sent to recipients", run: () => sendDueGiftCards(database.db, orderFlows.keys) },
    {
      name: "unconfirmed unpaid orders released",
      run: () =>
        releaseUnconfirmedOrders(orderFlows, new Date(), (err, order) =>
          logger.error({ err, storeId: order.storeId, orderId: order.id }, "unconfirmed order not released"),
        ),
    },
    {
      name: "card payments given back",
      run: () =>
        retryGiveBacks(
          orderFlows,
          new Date(),
          (stuck) =>
            logger.error(
              {
                storeId: stuck.storeId,
                orderId: stuck.orderId,
                provider: stuck.provider,
                paymentRef: stuck.paymentRef,
                kind: stuck.kind,
                attempts: stuck.attempts,
                lastResult: stuck.lastResult,
              },
              "a card payment owed back could not be released: release it at the provider",
            ),
          (err, row) =>
            logger.error({ err, storeId: row.storeId, orderId: row.orderId }, "card payment not given back"),
        ),
    },
  ]);
  const server = serve({ fetch: app.fetch, port: config.API_PORT, hostname: config.API_HOST }, (info) => {
    logger.info(
      {
        host: config.API_HOST,
        port: info.port,
        database: database.kind,
        trustedProxies: config.TRUSTED_PROXIES.describe,
      },
      "store API listening",
    );
    if (config.DEV_MAILBOX)
      logger.warn(
        { mailbox: `http://${config.API_HOST}:${info.port}${devMailbox.path}` },
        "dev mailbox on: every email and SMS, reset codes included, is readable there; the API listens on loopback only",
      );
  });
  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    stopWorker();
    stopSweeper();
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

await main();
