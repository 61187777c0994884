import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { type AnswerReach, PRODUCT_CHANGE } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { PageCache, type SharedPage, sizeOfPage } from "./page-cache.ts";

function pageOf(text: string, expiresAt = 1_000, reach: AnswerReach | null = null): SharedPage {
  return {
    shop: "localhost",
    reach,
    headers: [["content-type", "text/html; charset=utf-8"]],
    gzip: gzipSync(text),
    brotli: Buffer.alloc(8),
    etag: `W/"${text}"`,
    scriptHashes: [`sha256-${text}`],
    expiresAt,
  };
}

/** A render the test finishes when it wants, counting how often it was started. */
function controlledRender() {
  let finish: (page: SharedPage) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const render = {
    calls: 0,
    run: () => {
      render.calls++;
      return new Promise<{ page: SharedPage }>((resolve, reject) => {
        finish = (page) => resolve({ page });
        fail = reject;
      });
    },
    finish: (page: SharedPage) => finish(page),
    fail: (error: Error) => fail(error),
  };
  return render;
}

describe("PageCache", () => {
  it("renders a missing page once and serves it to later requests until it expires", async () => {
    let clock = 0;
    const cache = new PageCache(1_000_000, () => clock);
    let renders = 0;
    const render = async () => {
      renders++;
      return { page: pageOf(`v${renders}`, 100) };
    };
    const first = await cache.page("home", render);
    expect(first).toMatchObject({ hit: false, page: { etag: 'W/"v1"' } });
    clock = 99;
    expect(await cache.page("home", render)).toMatchObject({ hit: true, page: { etag: 'W/"v1"' } });
    clock = 100;
    expect(await cache.page("home", render)).toMatchObject({ hit: false, page: { etag: 'W/"v2"' } });
    expect(renders).toBe(2);
    expect(cache.stats).toMatchObject({ entries: 1, hits: 1, misses: 2 });
  });

  it("keeps each key apart", async () => {
    const cache = new PageCache(1_000_000, () => 0);
    await cache.page("a", async () => ({ page: pageOf("a") }));
    await cache.page("b", async () => ({ page: pageOf("b") }));
    expect((await cache.page("a", async () => ({ page: pageOf("x") }))).page?.etag).toBe('W/"a"');
    expect((await cache.page("b", async () => ({ page: pageOf("x") }))).page?.etag).toBe('W/"b"');
  });

  it("lets concurrent requests for a missing page wait for one render", async () => {
    const cache = new PageCache(1_000_000, () => 0);
    const render = controlledRender();
    const asked = [
      cache.page("home", render.run),
      cache.page("home", render.run),
      cache.page("home", render.run),
    ];
    await Promise.resolve();
    render.finish(pageOf("once"));
    const answers = await Promise.all(asked);
    expect(render.calls).toBe(1);
    expect(answers.map((a) => a.page?.etag)).toEqual(['W/"once"', 'W/"once"', 'W/"once"']);
    expect(answers.map((a) => (a.page ? a.hit : null))).toEqual([false, true, true]);
  });

  it("gives a response that is not to be shared to its own request only; the waiting ones render again", async () => {
    const cache = new PageCache(1_000_000, () => 0);
    let finish: (outcome: { response: Response }) => void = () => {};
    const leader = cache.page("gone", () => new Promise((resolve) => (finish = resolve)));
    const follower = cache.page("gone", async () => ({ page: pageOf("never") }));
    const notFound = new Response("no such product", { status: 404 });
    finish({ response: notFound });
    expect(await leader).toEqual({ page: null, response: notFound });
    expect(await follower).toEqual({ page: null, response: null });
    expect(cache.stats.entries).toBe(0);
  });

  it("does not keep a failed render, and fails only the request that started it", async () => {
    const cache = new PageCache(1_000_000, () => 0);
    const render = controlledRender();
    const leader = cache.page("home", render.run);
    const follower = cache.page("home", render.run);
    render.fail(new Error("API down"));
    await expect(leader).rejects.toThrow("API down");
    expect(await follower).toEqual({ page: null, response: null });
    const again = await cache.page("home", async () => ({ page: pageOf("back") }));
    expect(again).toMatchObject({ hit: false, page: { etag: 'W/"back"' } });
  });

  it("holds at most its bytes, dropping the least recently served page first", async () => {
    const one = sizeOfPage("a", pageOf("a".repeat(1000)));
    const cache = new PageCache(one * 2 + 10, () => 0);
    const render = (name: string) => async () => ({ page: pageOf(name.repeat(1000)) });
    await cache.page("a", render("a"));
    await cache.page("b", render("b"));
    expect(cache.stats).toMatchObject({ entries: 2, bytes: one * 2 });
    await cache.page("a", render("x")); // served: "a" is now the most recent
    await cache.page("c", render("c"));
    expect(cache.stats.entries).toBe(2);
    expect(cache.stats.bytes).toBeLessThanOrEqual(one * 2 + 10);
    expect(await cache.page("a", render("x"))).toMatchObject({ hit: true });
    expect(await cache.page("b", render("b"))).toMatchObject({ hit: false });
  });

  it("never keeps a page larger than the whole cache", async () => {
    const cache = new PageCache(500, () => 0);
    // Random text: gzip cannot make it smaller than the cache.
    const text = randomBytes(1000).toString("hex");
    const answer = await cache.page("big", async () => ({ page: pageOf(text) }));
    expect(gunzipSync(answer.page?.gzip ?? Buffer.alloc(0)).toString()).toBe(text);
    expect(cache.stats).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("drops a shop's pages that a product's change reaches, and only those", async () => {
    const cache = new PageCache(2 ** 20, () => 0);
    const keep = (key: string, reach: AnswerReach | null) =>
      cache.page(key, async () => ({ page: pageOf(key, 1_000, reach) }));
    await keep("product-7", { shows: new Set([7]), lists: [] });
    await keep("listing-of-3", {
      shows: new Set([8]),
      lists: [{ categories: new Set([3]), byPrice: false, byText: false }],
    });
    await keep("by-price", {
      shows: new Set([9]),
      lists: [{ categories: null, byPrice: true, byText: false }],
    });
    await keep("unknown", null);
    // Asked again, a dropped page is not rendered back into the cache (its render answers privately).
    const kept = async (key: string) =>
      (await cache.page(key, async () => ({ response: new Response("elsewhere") }))).page !== null;

    expect(cache.forget("localhost", [{ productId: 7, categoryIds: [1], aspects: 0 }])).toBe(2);
    expect(await kept("product-7")).toBe(false);
    expect(await kept("unknown")).toBe(false);
    expect(await kept("listing-of-3")).toBe(true);
    expect(await kept("by-price")).toBe(true);
    // A price: the listing sorted by price anywhere; a category's listing only for its categories.
    expect(
      cache.forget("localhost", [{ productId: 1, categoryIds: [4], aspects: PRODUCT_CHANGE.PRICE }]),
    ).toBe(1);
    expect(await kept("by-price")).toBe(false);
    expect(
      cache.forget("localhost", [{ productId: 1, categoryIds: [3], aspects: PRODUCT_CHANGE.LISTED }]),
    ).toBe(1);
    expect(await kept("listing-of-3")).toBe(false);
    expect(cache.forget("other.example", null)).toBe(0);
    await keep("another", { shows: new Set(), lists: [] });
    expect(cache.forget("localhost", null)).toBe(1);
    expect(cache.stats.entries).toBe(0);
  });

  it("serves a page a product's change superseded while one new render is made, for one window at most", async () => {
    let clock = 0;
    const cache = new PageCache(2 ** 20, () => clock, 1_000);
    const reach = { shows: new Set([7]), lists: [] };
    await cache.page("product-7", async () => ({ page: pageOf("old", 60_000, reach) }));
    clock = 5_000;
    expect(cache.forget("localhost", [{ productId: 7, categoryIds: [], aspects: 0 }])).toBe(1);

    // The first request after the change gets the old page and starts the render; so do the
    // requests while it runs, which start no other.
    const render = controlledRender();
    for (const _ of [1, 2]) {
      expect(await cache.page("product-7", render.run)).toMatchObject({
        hit: true,
        stale: true,
        page: { etag: 'W/"old"' },
      });
    }
    expect(render.calls).toBe(1);
    // A second change meanwhile does not stretch the window.
    clock = 5_500;
    cache.forget("localhost", [{ productId: 7, categoryIds: [], aspects: 0 }]);
    render.finish(pageOf("new", 60_000, reach));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.page("product-7", render.run)).toMatchObject({ hit: true, page: { etag: 'W/"new"' } });
    expect(cache.stats.stale).toBe(2);

    // A render that fails leaves the old page served to the end of its window, not after.
    clock = 10_000;
    cache.forget("localhost", [{ productId: 7, categoryIds: [], aspects: 0 }]);
    const failing = controlledRender();
    expect((await cache.page("product-7", failing.run)).page?.etag).toBe('W/"new"');
    failing.fail(new Error("the API is down"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock = 10_999;
    expect(await cache.page("product-7", failing.run)).toMatchObject({ stale: true });
    expect(failing.calls).toBe(2);
    failing.fail(new Error("still down"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock = 11_000;
    const after = controlledRender();
    const waiting = cache.page("product-7", after.run);
    after.finish(pageOf("newer", 60_000, reach));
    expect(await waiting).toMatchObject({ hit: false, page: { etag: 'W/"newer"' } });
  });
});
