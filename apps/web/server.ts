import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { createStoreApi } from "./app/platform/api/store-api.server.ts";
import { API_URL as apiUrl } from "./app/platform/config.server.ts";
import { drainWaiters } from "./server/drain-waiters.ts";
import { createImageOptimizer } from "./server/image-optimizer.ts";
import { imageRoute } from "./server/image-route.ts";
import { mediaProxy } from "./server/media-proxy.ts";
import { requestUrlOf } from "./server/request-url.ts";
import { sameOriginPosts } from "./server/same-origin-posts.ts";
import { type SecurityLocals, securityHeaders } from "./server/security-headers.ts";
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
app.use(securityHeaders({ dev }));
// Before every handler that can change state: form posts, `.data` actions and the log beacon.
app.use(sameOriginPosts());
app.get("/_image", imageRoute(createImageOptimizer({ apiUrl, cacheDir: process.env.IMAGE_CACHE_DIR })));
app.use("/media", mediaProxy(apiUrl));

if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  app.all(
    "*splat",
    createRequestHandler({
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      getLoadContext,
    }),
  );
} else {
  const release = releaseDir();
  // Hashed file names make assets safe to cache forever; everything else revalidates hourly.
  app.use("/assets", express.static(`${release}/client/assets`, { immutable: true, maxAge: "1y" }));
  app.use(express.static(`${release}/client`, { maxAge: "1h" }));
  const build = (await import(`${release}/server/index.js`)) as ServerBuild;
  app.all("*splat", createRequestHandler({ build, getLoadContext }));
}

app.listen(port, () => {
  console.log(`Storefront listening on http://localhost:${port} (API ${apiUrl}${dev ? ", dev" : ""})`);
});
