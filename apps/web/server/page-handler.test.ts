import { createHash } from "node:crypto";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { PRODUCT_CHANGE, type ProductChange } from "@stoa/contract";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { noteAnswerReach } from "../app/platform/api/answer-reach.server.ts";
import type { StoreApi } from "../app/platform/api/store-api.server.ts";
import { AUTH_COOKIE } from "../app/platform/session/auth-cookie.server.ts";
import { PageCache } from "./page-cache.ts";
import { PAGE_CACHE_HEADER, pageHandler } from "./page-handler.ts";
import { contentSecurityPolicy, type SecurityLocals, securityHeaders } from "./security-headers.ts";
import { storeVersions } from "./store-versions.ts";
import { listen } from "./test-http.ts";

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function raw(port: number, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const nonceIn = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

/**
 * A storefront whose pages show what a real one would take from the request: the signed-in
 * shopper's name (from the session cookie), the chosen language, and a render counter.
 */
async function storefront({
  version = { current: "v1" as string | null, changes: [] as ProductChange[] },
  // The last product change the API's answers say they were made knowing of (none said: unknown).
  seen = { upTo: undefined as number | undefined },
  freshMs = 1000,
  maxAgeMs = 60_000,
  supersededMs = 0,
} = {}) {
  let clock = 0;
  const renders: string[] = [];
  const cache = new PageCache(10 * 2 ** 20, () => clock, supersededMs);
  const app = express();
  app.use(compression());
  app.use(securityHeaders({ dev: false }));
  app.all(
    "*splat",
    pageHandler({
      render: async (request, context) => {
        const url = new URL(request.url);
        renders.push(url.pathname);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const cookies = request.headers.get("cookie") ?? "";
        const who = new RegExp(`${AUTH_COOKIE}=(\\w+)`).exec(cookies)?.[1];
        const lang = /lang=(\w+)/.exec(cookies)?.[1] ?? "en";
        if (url.pathname === "/products/404") return new Response("gone", { status: 404 });
        // What the store API would name on its answers: a product page shows its product, the
        // category listing its page and any product of category 5 that joins.
        const product = /^\/products\/(\d+)$/.exec(url.pathname)?.[1];
        const seenHeader = seen.upTo === undefined ? undefined : String(seen.upTo);
        if (product) noteAnswerReach(`s=${product}`, seenHeader);
        else if (url.pathname === "/products") noteAnswerReach("s=2.3;l=5", seenHeader);
        // The shop's settings show no product: what they were made knowing of does not matter.
        noteAnswerReach("s=");
        const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
        if (url.searchParams.has("table")) headers.append("set-cookie", "table=3; Path=/");
        if (who) headers.set("cache-control", "private, no-store");
        const greeting = who ? `Hello ${who}` : "Sign in";
        const html = `<!doctype html><html lang="${lang}"><p>${greeting}</p><p>${"shelf ".repeat(400)}</p><script nonce="${context.cspNonce}">hydrate()</script><p>render ${renders.length}</p></html>`;
        return new Response(html, { headers });
      },
      loadContext: (_req, res) => ({
        cspNonce: (res.locals as SecurityLocals).cspNonce,
        storeApi: {} as StoreApi,
      }),
      shared: {
        cache,
        versions: storeVersions(
          async (_shop, after) =>
            version.current === null
              ? null
              : {
                  version: version.current,
                  changesSeq: version.changes.length,
                  changes: after === undefined ? undefined : version.changes.slice(after),
                },
          { freshMs, now: () => clock, onChanges: (shop, changes) => cache.forget(shop, changes) },
        ),
        freshMs,
        maxAgeMs,
        policy: (hashes) => contentSecurityPolicy({ hashes }, false),
        now: () => clock,
      },
    }),
  );
  const server = await listen(app);
  return { ...server, renders, version, seen, setClock: (ms: number) => (clock = ms) };
}

/** Lets the storefront's work after an answer (asking the version, a render) run. */
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a page came from the shared cache: its `X-Page-Cache` answer. */
async function cacheOf(port: number, path: string) {
  return (await raw(port, path)).headers[PAGE_CACHE_HEADER.toLowerCase()];
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function started(options?: Parameters<typeof storefront>[0]) {
  const shop = await storefront(options);
  close = shop.close;
  return shop;
}

describe("shared pages", () => {
  it("renders a page once for shoppers without a session and serves it again with cache headers", async () => {
    const shop = await started();
    shop.setClock(5000);
    const first = await raw(shop.port, "/products/1");
    const second = await raw(shop.port, "/products/1");
    expect(shop.renders).toEqual(["/products/1"]);
    expect(first.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("miss");
    expect(second.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers["cache-control"]).toBe("public, max-age=1, stale-while-revalidate=10");
    expect(second.headers.vary).toContain("Cookie");
    expect(second.headers.vary).toContain("Accept-Language");
    expect(second.headers.etag).toBe(first.headers.etag);
    // No nonce is shared between shoppers: the policy names the page's inline script by its hash.
    const hydrate = `'sha256-${createHash("sha256").update("hydrate()").digest("base64")}'`;
    for (const answer of [first, second]) {
      expect(answer.headers["content-security-policy"]).toContain(hydrate);
      expect(answer.headers["content-security-policy"]).not.toContain("'nonce-");
    }
    expect(nonceIn(second.body.toString())).toBeUndefined();
  });

  it("answers 304 to a client that holds the page, and HEAD without a body", async () => {
    const shop = await started();
    const first = await raw(shop.port, "/");
    const again = await raw(shop.port, "/", { "if-none-match": first.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    const other = await raw(shop.port, "/", { "if-none-match": 'W/"something-else"' });
    expect(other.status).toBe(200);
    const head = await raw(shop.port, "/", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(shop.renders).toHaveLength(1);
  });

  it("serves the page compressed once, as the client accepts it", async () => {
    const shop = await started();
    const plain = await raw(shop.port, "/menu");
    const gzip = await raw(shop.port, "/menu", { "accept-encoding": "gzip" });
    const brotli = await raw(shop.port, "/menu", { "accept-encoding": "br, gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gzip.body.byteLength).toBeLessThan(plain.body.byteLength);
    expect(shop.renders).toHaveLength(1);
  });

  it("renders a page once for many shoppers asking at the same time", async () => {
    const shop = await started();
    const answers = await Promise.all(Array.from({ length: 8 }, () => raw(shop.port, "/search?q=tea")));
    expect(shop.renders).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.toString())).size).toBe(1);
    expect(answers.filter((a) => a.headers[PAGE_CACHE_HEADER.toLowerCase()] === "miss")).toHaveLength(1);
  });

  it("keeps one page per language and per address", async () => {
    const shop = await started();
    const en = await raw(shop.port, "/", { "accept-language": "en" });
    const ar = await raw(shop.port, "/", { cookie: "lang=ar" });
    await raw(shop.port, "/", { cookie: "lang=ar; _ga=1" });
    await raw(shop.port, "/?page=2");
    expect(en.body.toString()).toContain('lang="en"');
    expect(ar.body.toString()).toContain('lang="ar"');
    expect(shop.renders).toHaveLength(3);
  });

  it("renders again when the store's version changes, and once the page is as old as allowed", async () => {
    const shop = await started({ maxAgeMs: 60_000 });
    const cache = async () => (await raw(shop.port, "/")).headers[PAGE_CACHE_HEADER.toLowerCase()];
    shop.setClock(10_000);
    expect(await cache()).toBe("miss");
    // Rendered in the window right after its version was first seen: lives only until it is over.
    shop.setClock(10_999);
    expect(await cache()).toBe("hit");
    shop.setClock(11_000);
    expect(await cache()).toBe("miss");
    await tick();
    // A change: the storefront asks the version again after the freshness window (serving the
    // page it has meanwhile), then renders anew.
    shop.version.current = "v2";
    shop.setClock(20_000);
    expect(await cache()).toBe("hit");
    await tick();
    expect(await cache()).toBe("miss");
    expect(shop.renders).toHaveLength(3);
    shop.setClock(20_999);
    expect(await cache()).toBe("hit");
    shop.setClock(21_000);
    expect(await cache()).toBe("miss");
    await tick();
    // Then the page lives its full age, however long the version stays.
    shop.setClock(80_999);
    expect(await cache()).toBe("hit");
    shop.setClock(81_000);
    expect(await cache()).toBe("miss");
    expect(shop.renders).toHaveLength(5);
  });

  it("names the same scripts when an expired page renders the same again", async () => {
    const shop = await started({ maxAgeMs: 1000 });
    shop.setClock(5000);
    const first = await raw(shop.port, "/instoreflyer");
    shop.setClock(7000);
    const again = await raw(shop.port, "/instoreflyer");
    expect(shop.renders).toHaveLength(2);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  });
});

describe("pages never shared", () => {
  it("renders every page of a session for its shopper alone, kept by no cache", async () => {
    const shop = await started();
    await raw(shop.port, "/products/1");
    const ada = await raw(shop.port, "/products/1", { cookie: `${AUTH_COOKIE}=ada` });
    const bob = await raw(shop.port, "/products/1", { cookie: `${AUTH_COOKIE}=bob` });
    const anonymous = await raw(shop.port, "/products/1");
    expect(ada.body.toString()).toContain("Hello ada");
    expect(bob.body.toString()).toContain("Hello bob");
    expect(bob.body.toString()).not.toContain("ada");
    expect(anonymous.body.toString()).toContain("Sign in");
    expect(anonymous.body.toString()).not.toMatch(/ada|bob/);
    for (const page of [ada, bob]) {
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBeUndefined();
      expect(page.headers.etag).toBeUndefined();
    }
    expect(shop.renders).toHaveLength(3);
  });

  it("keeps private the pages outside the catalogue, form posts and answers that set a cookie", async () => {
    const shop = await started();
    const checkout = await raw(shop.port, "/checkout");
    const posted = await raw(shop.port, "/products/1", {}, "POST");
    const table = await raw(shop.port, "/menu?table=3");
    const again = await raw(shop.port, "/menu?table=3");
    for (const page of [checkout, posted, table, again])
      expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(table.headers["set-cookie"]).toBeDefined();
    expect(shop.renders).toEqual(["/checkout", "/products/1", "/menu", "/menu"]);
  });

  it("renders a missing page for its request, private and not kept", async () => {
    const shop = await started();
    const first = await raw(shop.port, "/products/404");
    const second = await raw(shop.port, "/products/404");
    expect(first.status).toBe(404);
    expect(second.status).toBe(404);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(shop.renders).toHaveLength(2);
  });

  it("renders again only the pages a product's change reaches", async () => {
    const shop = await started({ maxAgeMs: 60_000 });
    const cache = (path: string) => cacheOf(shop.port, path);
    // The version known from long before: pages then live their full age.
    await raw(shop.port, "/instoreflyer");
    shop.setClock(5_000);
    for (const path of ["/products/1", "/products/2", "/products"]) expect(await cache(path)).toBe("miss");

    // Product 1's pictures change: its page is rendered again; product 2's and the listing stay.
    shop.version.changes.push({ productId: 1, categoryIds: [5], aspects: 0 });
    shop.setClock(7_000);
    expect(await cache("/products/2")).toBe("hit"); // asks the version again meanwhile
    await tick();
    expect(await cache("/products/1")).toBe("miss");
    expect(await cache("/products/2")).toBe("hit");
    expect(await cache("/products")).toBe("hit");

    // Product 4 joins category 5: the listing of category 5 is rendered again, product pages stay.
    shop.version.changes.push({ productId: 4, categoryIds: [5], aspects: PRODUCT_CHANGE.LISTED });
    shop.setClock(9_000);
    expect(await cache("/products/2")).toBe("hit");
    await tick();
    expect(await cache("/products")).toBe("miss");
    expect(await cache("/products/2")).toBe("hit");
    // Rendered within a freshness window of learning a change that reaches it, the listing may
    // hold an API process's older answer: it lives only until the window is over.
    shop.setClock(9_999);
    expect(await cache("/products")).toBe("hit");
    shop.setClock(10_000);
    expect(await cache("/products")).toBe("miss");
    expect(shop.renders.filter((path) => path === "/products")).toHaveLength(3);
  });

  it("serves a page a product's change reached while it renders again, marked stale", async () => {
    const shop = await started({ maxAgeMs: 60_000, supersededMs: 1000 });
    await raw(shop.port, "/instoreflyer");
    shop.setClock(5_000);
    const before = await raw(shop.port, "/products/1");
    expect(before.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("miss");

    shop.version.changes.push({ productId: 1, categoryIds: [5], aspects: 0 });
    shop.setClock(7_000);
    await raw(shop.port, "/products/2"); // asks the version again meanwhile
    await tick(20);
    const stale = await raw(shop.port, "/products/1");
    expect(stale.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("stale");
    expect(stale.headers.etag).toBe(before.headers.etag);
    await tick(20);
    const fresh = await raw(shop.port, "/products/1");
    expect(fresh.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    expect(shop.renders.filter((path) => path === "/products/1")).toHaveLength(2);
  });

  it("keeps its full age a page whose every answer was made knowing of the change", async () => {
    const shop = await started({ maxAgeMs: 60_000 });
    const cache = (path: string) => cacheOf(shop.port, path);
    await raw(shop.port, "/instoreflyer");
    shop.setClock(5_000);
    expect(await cache("/products")).toBe("miss");

    // Product 4 joins category 5; the API answers the new render knowing of that change (number 1).
    shop.version.changes.push({ productId: 4, categoryIds: [5], aspects: PRODUCT_CHANGE.LISTED });
    shop.seen.upTo = 1;
    shop.setClock(9_000);
    expect(await cache("/products/2")).toBe("miss");
    await tick();
    expect(await cache("/products")).toBe("miss");
    // The page cannot hold an older answer: it is not rendered again once the window is over.
    shop.setClock(10_500);
    expect(await cache("/products")).toBe("hit");

    // An answer made before the next change (number 2) was known: the window rule holds again.
    shop.version.changes.push({ productId: 5, categoryIds: [5], aspects: PRODUCT_CHANGE.LISTED });
    shop.setClock(12_000);
    expect(await cache("/products/2")).toBe("hit");
    await tick();
    expect(await cache("/products")).toBe("miss");
    shop.setClock(13_000);
    expect(await cache("/products")).toBe("miss");
    expect(shop.renders.filter((path) => path === "/products")).toHaveLength(4);
  });

  it("renders for the request alone when the shop's version cannot be known", async () => {
    const shop = await started({ version: { current: null, changes: [] } });
    const page = await raw(shop.port, "/");
    const again = await raw(shop.port, "/");
    expect(page.status).toBe(200);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    expect(shop.renders).toHaveLength(2);
    const nonce = nonceIn(page.body.toString());
    expect(page.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
  });
});

describe("a form posted to a page that takes none", () => {
  async function shop() {
    const asked: string[] = [];
    const app = express();
    app.all(
      "*splat",
      pageHandler({
        render: async (request, context) => {
          asked.push(`${request.method} ${new URL(request.url).pathname} ${context.methodNotAllowed ?? "-"}`);
          return new Response(context.methodNotAllowed ? "problem page" : "page", {
            status: new URL(request.url).pathname === "/nowhere" ? 404 : 200,
            headers: { "content-type": "text/html" },
          });
        },
        loadContext: () => ({ cspNonce: "n", storeApi: {} as StoreApi }),
        takesForms: (pathname) =>
          pathname === "/contact" ? true : pathname === "/nowhere" ? "unknown" : false,
      }),
    );
    return { ...(await listen(app)), asked };
  }

  it("answers 405 with the problem page, rendered as the page's GET, naming the methods it takes", async () => {
    const { port, close, asked } = await shop();
    try {
      const home = await raw(port, "/", {}, "POST");
      expect(home.status).toBe(405);
      expect(home.headers.allow).toBe("GET, HEAD");
      expect(home.body.toString()).toBe("problem page");
      const contact = await raw(port, "/contact", {}, "POST");
      expect(contact.status).toBe(200);
      const nowhere = await raw(port, "/nowhere", {}, "POST");
      expect(nowhere.status).toBe(404);
      expect((await raw(port, "/")).status).toBe(200);
      expect(asked).toEqual(["GET / true", "POST /contact -", "GET /nowhere false", "GET / -"]);
    } finally {
      await close();
    }
  });
});
