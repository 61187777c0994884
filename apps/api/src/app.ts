import {
  buildOpenApiDocument,
  devClock as devClockPath,
  devMailbox,
  ERRORS,
  type ErrorName,
  endpoints,
} from "@stoa/contract";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { authRoutes } from "./auth/routes.ts";
import { authenticate } from "./auth/sessions.ts";
import { bookingRoutes } from "./bookings/routes.ts";
import { cartRoutes } from "./carts/routes.ts";
import { productChangeFeed } from "./catalogue/product-changes.ts";
import { catalogueRoutes } from "./catalogue/routes.ts";
import { contentRoutes } from "./content/routes.ts";
import { customerRoutes } from "./customers/routes.ts";
import { deliveryRoutes } from "./delivery/routes.ts";
import { mediaRoutes } from "./demo/art/routes.ts";
import { diaryRoutes } from "./diary/routes.ts";
import { billRoutes } from "./dine-in/bill-routes.ts";
import { authenticateDiner } from "./dine-in/passes.ts";
import { tabRoutes } from "./dine-in/tab-routes.ts";
import { tableRoutes } from "./dine-in/table-routes.ts";
import { type PaymentProviders, storePaymentProviders } from "./flows/payments.ts";
import { giftCardFile } from "./gift-cards/pdf.ts";
import { giftCardRoutes } from "./gift-cards/routes.ts";
import { checkoutGiftCards } from "./gift-cards/service.ts";
import { devMailboxRoutes } from "./notifications/dev-mailbox.ts";
import { type DownloadFiles, folderFiles } from "./orders/files.ts";
import { orderIdentities } from "./orders/identities.ts";
import { linkKeys } from "./orders/links.ts";
import { downloadFileRoute, orderRoutes } from "./orders/routes.ts";
import { hasPlacedOrders } from "./orders/service.ts";
import type { CardProviders } from "./payments/card-providers.ts";
import { paymentRoutes, stripeWebhookRoute } from "./payments/routes.ts";
import type { SecretsConfig } from "./payments/secrets.ts";
import { DEFAULT_API_CACHE_MB, REPO_ROOT } from "./platform/config.ts";
import { isDatabaseUnavailable } from "./platform/db/connection-errors.ts";
import type { Database } from "./platform/db/database.ts";
import { diskMediaStorage, type MediaStorage } from "./platform/files/media-storage.ts";
import { answerCache, noAnswerCache } from "./platform/http/answer-cache.ts";
import { type AppEnv, requestBasics, storeContext } from "./platform/http/context.ts";
import { renderDocsPage } from "./platform/http/docs.ts";
import { ApiError, errorBody } from "./platform/http/errors.ts";
import { declaredBodyLimit } from "./platform/http/request-body.ts";
import { contractRouter } from "./platform/http/route.ts";
import { parseTrustedProxies, type TrustedProxies } from "./platform/http/trusted-proxies.ts";
import type { Logger } from "./platform/logger.ts";
import { checkoutSettings } from "./pricing/checkout-settings.ts";
import { pricingRoutes } from "./pricing/routes.ts";
import { promotionRoutes } from "./promotions/routes.ts";
import { checkReferral } from "./referrals/checkout.ts";
import { devClockRoutes, type ReferralClock } from "./referrals/clock.ts";
import { referralRoutes } from "./referrals/routes.ts";
import { staffReferralRoutes } from "./referrals/staff-routes.ts";
import { reservationRoutes } from "./reservations/routes.ts";
import { reviewRoutes } from "./reviews/routes.ts";
import { staffRoutes } from "./staff/routes.ts";
import { authenticateStaff } from "./staff/sessions.ts";
import { stockAlertRoutes } from "./stock-alerts/routes.ts";
import { storeRoutes } from "./stores/routes.ts";
import { storeLookup } from "./stores/service.ts";
import { shopMediaRoutes } from "./stores/shop-media.ts";
import { wishlistRoutes } from "./wishlist/routes.ts";

export type AppDependencies = {
  db: Database;
  logger: Logger;
  /** Peers whose X-Forwarded-* headers are believed (TRUSTED_PROXIES); loopback when not given. */
  trustedProxies?: TrustedProxies;
  /** Serve the dev mailbox (DEV_MAILBOX): only when switched on, as it reads every reset code. */
  serveDevMailbox?: boolean;
  /**
   * Serve `POST /dev/clock` (DEV_CLOCK) with this referral clock: only when switched on, as it
   * makes commissions payable before their return window passed.
   */
  devClock?: ReferralClock;
  /** Memory for finished catalogue answers (API_CACHE_MB); 0 computes every answer. */
  answerCacheBytes?: number;
  /** How long a store row read for a request serves later ones (STORE_FRESH_MS); 0 reads every time. */
  storeFreshMs?: number;
  /** The card providers stores take payments through (the built-in test provider by default). */
  paymentProviders?: PaymentProviders;
  /**
   * Stripe and Bambora with the stores' accounts: saved cards, the publishable key and Stripe's
   * webhook. Without them only the payments `paymentProviders` gives are taken.
   */
  cardProviders?: CardProviders;
  /** Key of download links (DOWNLOAD_SECRET); one kept in the database when not given. */
  downloadSecret?: string;
  /** Where the files of digital products are read from. */
  downloadFiles?: DownloadFiles;
  /** PAYMENT_SECRETS_KEY and the environment's provider accounts: what the payment settings need. */
  paymentSecrets?: SecretsConfig;
  /** Where pictures shops upload (logos, product images) are kept on disk: `<DATA_DIR>/media`. */
  mediaDir?: string;
  /** The store of those pictures: the disk under `mediaDir` unless another is given (decision 063). */
  media?: MediaStorage;
};

/** The calls that take more than the usual body (a picture), by path: `maxBodyBytes` of the contract. */
const largerBodies: ReadonlyMap<string, number> = new Map(
  Object.values(endpoints).flatMap((def) =>
    "maxBodyBytes" in def && typeof def.maxBodyBytes === "number" ? [[def.path, def.maxBodyBytes]] : [],
  ),
);

export function createApp({
  db,
  logger,
  trustedProxies = parseTrustedProxies("loopback"),
  serveDevMailbox = false,
  devClock,
  answerCacheBytes = DEFAULT_API_CACHE_MB * 1024 * 1024,
  storeFreshMs = 0,
  paymentProviders,
  cardProviders,
  downloadSecret,
  downloadFiles = folderFiles(`${REPO_ROOT}.data/downloads`),
  paymentSecrets = {},
  mediaDir = `${REPO_ROOT}.data/media`,
  media = diskMediaStorage(mediaDir),
}: AppDependencies) {
  const app = new Hono<AppEnv>();
  app.use(requestBasics(logger));
  app.use(secureHeaders({ crossOriginResourcePolicy: "cross-origin" }));

  app.get("/health", async (c) => {
    await db.execute("select 1");
    return c.json({ code: "0", msg: "ok", data: { status: "ok" } });
  });
  // The demo stores' generated pictures (product art, logos, banners, flyers): every image address
  // of the demo catalogues points here. Wiring only: no product module imports demo/.
  app.route("/media/shops", shopMediaRoutes(media));
  app.route("/media", mediaRoutes);
  if (serveDevMailbox) app.route(devMailbox.path, devMailboxRoutes(db));
  if (devClock) app.route(devClockPath.path, devClockRoutes(db, devClock));

  const openApi = buildOpenApiDocument();
  app.get("/api/openapi.json", (c) => c.json(openApi));
  const docsPage = renderDocsPage(openApi as Parameters<typeof renderDocsPage>[0]);
  app.get("/api/docs", (c) => c.html(docsPage));

  app.use(declaredBodyLimit(undefined, largerBodies));
  const withStore = storeContext(storeLookup(db, storeFreshMs), trustedProxies);
  const shopper = (ctx: Parameters<typeof authenticate>[1], options: { unverifiedMayCall?: boolean }) =>
    authenticate(db, ctx, options);
  const route = contractRouter(app, withStore, shopper);
  const staffRoute = contractRouter(
    app,
    withStore,
    (ctx, { permission }) => authenticateStaff(db, ctx, permission),
    "staff",
  );
  const dinerRoute = contractRouter(app, withStore, (ctx) => authenticateDiner(db, ctx), "diners");
  const settings = checkoutSettings(db, storeFreshMs);
  const orderFlows = {
    db,
    keys: linkKeys(db, downloadSecret),
    payments: paymentProviders ?? storePaymentProviders(db, "test"),
    identities: orderIdentities(db),
    settings,
  };
  // One memory bound for every answer kept under the store's catalogue version; a product's change
  // drops the answers it reaches (decision 069).
  const productChanges = productChangeFeed(db, () => answers);
  const answers =
    answerCacheBytes > 0
      ? answerCache(answerCacheBytes, { liveFreshMs: storeFreshMs, admits: productChanges.admits })
      : noAnswerCache;
  storeRoutes(route, db);
  catalogueRoutes(route, db, answers, productChanges);
  contentRoutes(route, db, answers);
  stockAlertRoutes(route, db);
  authRoutes(route, db, logger);
  customerRoutes(route, db);
  wishlistRoutes(route, db);
  cartRoutes(route, db);
  orderRoutes(route, orderFlows);
  paymentRoutes(route, orderFlows.payments, cardProviders ?? null);
  stripeWebhookRoute(app, orderFlows, cardProviders ?? null);
  downloadFileRoute(app, withStore, shopper, orderFlows, downloadFiles, (ctx, keys, orderLineId) =>
    giftCardFile(db, keys, ctx.store, ctx.storefrontOrigin, orderLineId),
  );
  staffRoutes(staffRoute, orderFlows, { secrets: paymentSecrets, media, downloadFiles });
  giftCardRoutes(route, staffRoute, db, orderFlows.keys);
  pricingRoutes(route, db, {
    hasOrdered: hasPlacedOrders,
    settings,
    giftCards: checkoutGiftCards(db, orderFlows.keys),
    referrals: checkReferral,
  });
  deliveryRoutes(route, db);
  promotionRoutes(route, db, hasPlacedOrders);
  referralRoutes(route, db);
  tableRoutes(route, dinerRoute, staffRoute, orderFlows);
  tabRoutes(route, dinerRoute, staffRoute, orderFlows);
  billRoutes(route, dinerRoute, staffRoute, orderFlows);
  reservationRoutes(route, staffRoute, orderFlows);
  reviewRoutes(route, staffRoute, db, media);
  bookingRoutes(route, staffRoute, orderFlows);
  diaryRoutes(route, staffRoute, orderFlows);
  staffReferralRoutes(staffRoute, db);

  const allowedMethods = methodsByPath();
  app.notFound((c) => {
    const locale = c.get("locale") ?? "en";
    // A known path asked with another method is a 405 that names the methods it takes, not a 404.
    const allowed = allowedMethods(c.req.path);
    if (allowed.length === 0) return c.json(errorBody("NOT_FOUND", locale, {}), 404);
    c.header("allow", allowed.join(", "));
    return c.json(errorBody("METHOD_NOT_ALLOWED", locale, {}), 405);
  });

  app.onError((error, c) => {
    const locale = c.get("locale") ?? "en";
    const requestId = c.get("requestId");
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds) c.header("retry-after", String(error.retryAfterSeconds));
      return c.json(
        errorBody(error.kind, locale, {
          fieldErrors: error.fieldErrors,
          data: error.data,
          messageValues: error.messageValues,
        }),
        statusOf(error.kind),
      );
    }
    if (error instanceof HTTPException && error.status < 500) {
      const kind: ErrorName = error.status === 413 ? "PAYLOAD_TOO_LARGE" : "INVALID_INPUT";
      return c.json(errorBody(kind, locale, {}), statusOf(kind));
    }
    // A shopper who closed the tab mid-upload is not a fault of ours: a quiet line, no stack.
    if (clientWentAway(c)) {
      (c.get("log") ?? logger).info({ requestId, path: c.req.path }, "client closed the request");
      return c.json(errorBody("INVALID_INPUT", locale, {}), 400);
    }
    // The database went away under this request (restart, failover, a connection ended): the pool
    // drops that connection and the next request gets a new one, so the caller may simply retry.
    if (isDatabaseUnavailable(error)) {
      (c.get("log") ?? logger).warn({ err: error, requestId, path: c.req.path }, "database unavailable");
      c.header("retry-after", "2");
      return c.json(errorBody("SERVICE_UNAVAILABLE", locale, { requestId }), statusOf("SERVICE_UNAVAILABLE"));
    }
    // Unexpected: the stack goes to the log under the request id, never to the caller.
    (c.get("log") ?? logger).error({ err: error, requestId, path: c.req.path }, "unhandled error");
    return c.json(errorBody("INTERNAL", locale, { requestId }), 500);
  });
  return app;
}

/** The methods the contract serves at a path (`{id}` segments match any one segment). */
function methodsByPath(): (path: string) => string[] {
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const patterns = Object.values(endpoints).map((def) => ({
    method: def.method.toUpperCase(),
    pattern: new RegExp(
      `^${def.path
        .split(/\{\w+\}/)
        .map(literal)
        .join("[^/]+")}/?$`,
    ),
  }));
  return (path) => [...new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method))];
}

/** The request's socket closed before its body was read. */
function clientWentAway(c: Context): boolean {
  const incoming = (c.env as { incoming?: { complete?: boolean; destroyed?: boolean } } | undefined)
    ?.incoming;
  return incoming?.destroyed === true && incoming.complete !== true;
}

function statusOf(kind: ErrorName): ContentfulStatusCode {
  return ERRORS[kind].status;
}
