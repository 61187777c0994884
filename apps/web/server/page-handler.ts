import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gunzip, gzip, constants as zlib } from "node:zlib";
import { createReadableStreamFromReadable } from "@react-router/node";
import { changeReaches } from "@stoa/contract";
import type { Request, RequestHandler, Response as ServerResponse } from "express";
import type { AppLoadContext } from "react-router";
import { gatheringReach } from "../app/platform/api/answer-reach.server.ts";
import { shopOf } from "../app/platform/api/store-api.server.ts";
import type { PageCache, RenderOutcome, SharedPage } from "./page-cache.ts";
import { writePageStream } from "./page-stream.ts";
import { requestUrlOf } from "./request-url.ts";
import { inlineScriptHashes } from "./security-headers.ts";
import {
  isNotModified,
  isShareable,
  keptHeaders,
  mayShare,
  PRIVATE_CACHE_CONTROL,
  SHARED_VARY,
  sharedCacheControl,
  sharedPageKey,
} from "./shared-pages.ts";
import type { KnownVersion, StoreVersions } from "./store-versions.ts";

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);
const gunzipped = promisify(gunzip);

/**
 * Says whether a served page came from the shared cache ("hit"), was rendered for it ("miss"), was
 * one a product's change superseded, served while it renders again ("stale"), or none of these.
 */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

export type SharedPagesOptions = {
  cache: PageCache;
  versions: StoreVersions;
  /** How long a store's data is taken as it is (STORE_FRESH_MS). */
  freshMs: number;
  /** How long a shared page lives while its store's version stays: bounds how old its stock figures get. */
  maxAgeMs: number;
  /** The Content-Security-Policy naming a shared page's inline scripts by their hashes. */
  policy: (scriptHashes: readonly string[]) => string;
  now?: () => number;
};

export type PageHandlerOptions = {
  /** React Router's handler of the storefront's build (`createRequestHandler`). */
  render: (request: globalThis.Request, context: AppLoadContext) => Promise<Response>;
  loadContext: (req: Request, res: ServerResponse) => AppLoadContext;
  /** Shares pages between shoppers without a session; left out, every page is rendered for its request. */
  shared?: SharedPagesOptions;
  /** Whether the page at a path takes a form (server/route-actions.ts); left out, every page is asked. */
  takesForms?: (pathname: string) => boolean | "unknown" | Promise<boolean | "unknown">;
};

/**
 * The Fetch request React Router gets for an Express request. A render for the shared cache is
 * made as a GET (a HEAD is answered from it) and runs to the end even when the shopper who
 * started it leaves: others are waiting for it.
 */
function fetchRequestOf(req: Request, abortWith: ServerResponse | null): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: abortWith ? req.method : "GET", headers };
  if (abortWith) {
    const controller = new AbortController();
    abortWith.on("close", () => {
      if (!abortWith.writableFinished) controller.abort();
    });
    init.signal = controller.signal;
    if (req.method !== "GET" && req.method !== "HEAD") {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new globalThis.Request(requestUrlOf(req), init);
}

/** A rendered response as it is, kept from every cache on the way unless the page said otherwise. */
async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writePageStream(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

async function sendShared(
  req: Request,
  res: ServerResponse,
  page: SharedPage,
  cached: "hit" | "miss" | "stale",
  options: SharedPagesOptions,
) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", options.policy(page.scriptHashes));
  res.setHeader("Cache-Control", sharedCacheControl(options.freshMs));
  res.setHeader("Vary", SHARED_VARY);
  res.setHeader("ETag", page.etag);
  res.setHeader(PAGE_CACHE_HEADER, cached);
  if (isNotModified(req.get("if-none-match"), page.etag)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const encoding = req.acceptsEncodings("br", "gzip");
  const bytes =
    encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : await gunzipped(page.gzip);
  // Set before the first write, so the compression middleware leaves the bytes as they are.
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.byteLength);
  res.status(200).end(req.method === "HEAD" ? undefined : bytes);
}

/**
 * Every page request: rendered by React Router, and for shoppers without a session on the shared
 * paths, served from the shared cache (rendered once per store version, address and language).
 */
export function pageHandler({
  render: handle,
  loadContext,
  shared,
  takesForms,
}: PageHandlerOptions): RequestHandler {
  async function renderShared(
    req: Request,
    res: ServerResponse,
    shop: string,
    store: KnownVersion,
    options: SharedPagesOptions,
  ): Promise<RenderOutcome> {
    const now = options.now ?? (() => performance.now());
    const startedAt = now();
    // No nonce in a page many shoppers get: its policy names its inline scripts by their hashes.
    const {
      result: rendered,
      reach,
      seen,
    } = await gatheringReach(async () => {
      const response = await handle(fetchRequestOf(req, null), {
        ...loadContext(req, res),
        cspNonce: "",
        wholeDocument: true,
      });
      // The body is read within the gathering: data streamed after the shell is part of the page.
      return { response, body: isShareable(response) ? Buffer.from(await response.arrayBuffer()) : null };
    });
    const { body, response } = rendered;
    if (body === null) return { response };
    const [gzip, brotli] = await Promise.all([
      gzipped(body),
      brotlied(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      }),
    ]);
    // Rendered while the API processes may still be taking the new version up (one freshness
    // window after this one first saw it), the page may hold older answers: it lives only until
    // every one has. Otherwise it lives its full age.
    const settled = store.since + options.freshMs;
    let expiresAt = startedAt < settled ? settled : startedAt + options.maxAgeMs;
    // The same for a product change that reaches the page (decision 069): learnt while it was
    // rendered, the page may predate it and is not served again; learnt within a freshness window
    // before, it lives until every API process has it. Unless every answer of the page was made
    // knowing of the change: then the page holds it, and lives its full age (one render a change).
    for (const { seq, at, change } of options.versions.learnt(shop)) {
      if (seq <= seen) continue;
      if (at + options.freshMs <= startedAt && seq <= store.changesSeq) continue;
      if (change !== null && reach !== null && !changeReaches(change, reach)) continue;
      expiresAt = Math.min(expiresAt, seq > store.changesSeq ? startedAt : at + options.freshMs);
    }
    return {
      page: {
        headers: keptHeaders(response),
        gzip,
        brotli,
        etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
        scriptHashes: inlineScriptHashes(body.toString("utf8")),
        expiresAt,
        shop,
        reach,
      },
    };
  }

  /** Serves the request from the shared cache when it may; false when it must be rendered for itself. */
  async function serveShared(
    req: Request,
    res: ServerResponse,
    options: SharedPagesOptions,
  ): Promise<boolean> {
    const href = requestUrlOf(req);
    const url = new URL(href);
    const cookies = req.get("cookie");
    if (!mayShare({ method: req.method, url, cookies })) return false;
    const shop = shopOf(url);
    const store = await options.versions.of(shop);
    if (!store) return false;
    const key = sharedPageKey(store.version, href, cookies, req.get("accept-language"));
    const lookup = await options.cache.page(key, () => renderShared(req, res, shop, store, options));
    if (lookup.page) {
      await sendShared(req, res, lookup.page, lookup.stale ? "stale" : lookup.hit ? "hit" : "miss", options);
      return true;
    }
    if (lookup.response) {
      // Rendered for the cache but not to be shared (an error page, a redirect): this shopper's,
      // under a policy naming the scripts it holds, as it was rendered without a nonce.
      const body = Buffer.from(await lookup.response.arrayBuffer());
      res.setHeader("Content-Security-Policy", options.policy(inlineScriptHashes(body.toString("utf8"))));
      await sendResponse(
        res,
        new Response(body.byteLength > 0 ? body : null, {
          status: lookup.response.status,
          statusText: lookup.response.statusText,
          headers: lookup.response.headers,
        }),
      );
      return true;
    }
    return false;
  }

  /**
   * A form posted to a page that takes none: the page's own problem page, in the shopper's language,
   * answered 405 with the methods it does take; posted to no page at all, the not-found page.
   * Rendered as a GET, so the shop and its texts load. Client navigations (`.data`) keep React
   * Router's own answers.
   */
  async function refuseForm(req: Request, res: ServerResponse): Promise<boolean> {
    if (!takesForms || req.method === "GET" || req.method === "HEAD") return false;
    const { pathname } = new URL(requestUrlOf(req));
    if (pathname.endsWith(".data")) return false;
    const takes = await takesForms(pathname);
    if (takes === true) return false;
    const asked = fetchRequestOf(req, res);
    const asGet = new globalThis.Request(asked.url, { headers: asked.headers, signal: asked.signal });
    const page = await handle(asGet, { ...loadContext(req, res), methodNotAllowed: takes === false });
    if (takes === false) res.setHeader("Allow", "GET, HEAD");
    await sendResponse(
      res,
      takes === false ? new Response(page.body, { status: 405, headers: page.headers }) : page,
    );
    return true;
  }

  return async (req, res, next) => {
    try {
      if (await refuseForm(req, res)) return;
      if (shared && (await serveShared(req, res, shared))) return;
      await sendResponse(res, await handle(fetchRequestOf(req, res), loadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}
