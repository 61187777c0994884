import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DEFAULT_STORE_FRESH_MS } from "@stoa/contract";
import compression from "compression";
import express, { type Request, type Response } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createStoreApi } from "./app/platform/api/store-api.server.ts";
import { API_URL as apiUrl, cardProviderOrigins } from "./app/platform/config.server.ts";
import { drainWaiters } from "./server/drain-waiters.ts";
import { createImageOptimizer } from "./server/image-optimizer.ts";
import { imageRoute } from "./server/image-route.ts";
import { mediaProxy } from "./server/media-proxy.ts";
import { PageCache } from "./server/page-cache.ts";
import { pageHandler, type SharedPagesOptions } from "./server/page-handler.ts";
import { requestUrlOf } from "./server/request-url.ts";
import { routeActions } from "./server/route-actions.ts";
import { sameOriginPosts } from "./server/same-origin-posts.ts";
import { contentSecurityPolicy, type SecurityLocals, securityHeaders } from "./server/security-headers.ts";
import { askStoreApi, storeVersions } from "./server/store-versions.ts";
import { trustProxySetting } from "./server/trust-proxy.ts";

const dev = process.argv.includes("--dev");
const port = Number(process.env.WEB_PORT ?? 3000);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * What every loader and action gets beside its request: the CSP nonce and this request's store
 * API, which names the shopper's address (the socket's peer, or the client a trusted proxy names
 * in X-Forwarded-For, TRUST_PROXY) so the API throttles sign-ins per shopper.
 */
function getLoadContext(req: Request, res: Response) {
  const request = { url: requestUrlOf(req), headers: { get: (name: string) => req.get(name) ?? null } };
  return {
    cspNonce: (res.locals as SecurityLocals).cspNonce,
    storeApi: createStoreApi(request, { apiUrl, clientIp: req.ip ?? req.socket.remoteAddress ?? "" }),
  };
}

/** A whole number from the environment, else `fallback`. */
function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name}=${raw}: expected a whole number`);
  return value;
}

/** The card providers' origins the page may reach, in every response's Content-Security-Policy. */
const providers = cardProviderOrigins();

/**
 * Pages shared by the shoppers without a session (server/shared-pages.ts): PAGE_CACHE_MB of memory
 * (64 by default, 0 renders every page afresh; off under `--dev`, where sources change), pages
 * checked against their store's version every STORE_FRESH_MS, and rendered again at least every
 * PAGE_MAX_AGE_S seconds for the stock figures they show.
 */
function sharedPages(): SharedPagesOptions | undefined {
  const megabytes = wholeNumber("PAGE_CACHE_MB", dev ? 0 : 64);
  if (megabytes === 0) return undefined;
  const freshMs = wholeNumber("STORE_FRESH_MS", DEFAULT_STORE_FRESH_MS);
  // A page a product's change reaches is served one freshness window more while it renders again.
  const cache = new PageCache(megabytes * 2 ** 20, undefined, freshMs);
  return {
    cache,
    // A product's change drops the pages it reaches (decision 069); the rest stay.
    versions: storeVersions(askStoreApi(apiUrl), {
      freshMs,
      onChanges: (shop, changes) => cache.forget(shop, changes),
    }),
    freshMs,
    maxAgeMs: wholeNumber("PAGE_MAX_AGE_S", 60) * 1000,
    // The same policy securityHeaders gives every other response, card providers included.
    policy: (scriptHashes) => contentSecurityPolicy({ hashes: scriptHashes }, dev, providers),
  };
}

/**
 * The release this server serves (scripts/releases.mjs): the one `npm start` names, else the
 * checkout's current one. A release is never changed once built, so what this server loads stays.
 */
function releaseDir(): string {
  const named = process.env.STOA_WEB_RELEASE;
  if (named) return named;
  const current = readFileSync(here("./build/current"), "utf8").trim();
  return here(`./build/releases/${current}`);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
app.use(compression());
app.use(drainWaiters());
app.use(securityHeaders({ dev, providers }));
// Before every handler that can change state: form posts, `.data` actions and the log beacon.
app.use(sameOriginPosts());
app.get("/_image", imageRoute(createImageOptimizer({ apiUrl, cacheDir: process.env.IMAGE_CACHE_DIR })));
app.use("/media", mediaProxy(apiUrl));

if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  const devBuild = () =>
    viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  app.all(
    "*splat",
    pageHandler({
      render: createRequestHandler(devBuild, "development"),
      loadContext: getLoadContext,
      shared: sharedPages(),
      takesForms: async (pathname) => routeActions((await devBuild()).routes)(pathname),
    }),
  );
} else {
  const release = releaseDir();
  // Hashed file names make assets safe to cache forever; everything else revalidates hourly.
  app.use("/assets", express.static(`${release}/client/assets`, { immutable: true, maxAge: "1y" }));
  // Only a file name (favicon.svg) is looked up on disk: a page address, or its data for a client
  // navigation (`/products/12.data`), never costs a stat.
  const rootFiles = express.static(`${release}/client`, { maxAge: "1h" });
  const isFileName = (path: string) => /\.[a-z0-9]+$/i.test(path) && !path.endsWith(".data");
  app.use((req, res, next) => (isFileName(req.path) ? rootFiles(req, res, next) : next()));
  const build = (await import(`${release}/server/index.js`)) as ServerBuild;
  app.all(
    "*splat",
    pageHandler({
      render: createRequestHandler(build, "production"),
      loadContext: getLoadContext,
      shared: sharedPages(),
      takesForms: routeActions(build.routes),
    }),
  );
}

const server = app.listen(port, () => {
  console.log(`Storefront listening on http://localhost:${port} (API ${apiUrl}${dev ? ", dev" : ""})`);
});
// Leaving through exit rather than the signal's default lets Node write what it was asked to at
// exit, such as a CPU profile (`node --cpu-prof`, the bench's BENCH_CPU_PROFILE=1).
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    server.close();
    process.exit(0);
  });
