import { type AnswerReach, changeReaches, type ProductChange } from "@stoa/contract";
/**
 * A finished page shared by every shopper who asks for it without a session: the document as
 * rendered, compressed once, with what it needs to be served again exactly (its headers, the
 * hashes of its inline scripts that its CSP names, its entity tag). Only the compressed forms are kept: a page is a
 * fifth of its size that way, so the cache holds five times the product pages, and the rare client
 * that takes neither gets the gzip form unpacked.
 */
export type SharedPage = {
  /** Response headers of the render, without Set-Cookie, Cache-Control or Content-Length. */
  headers: Array<[string, string]>;
  gzip: Buffer;
  brotli: Buffer;
  /** Names these very bytes: a client holding them gets a 304. */
  etag: string;
  /**
   * The CSP hashes of the page's inline scripts: a shared page names these in its policy, not a
   * nonce, which would be the same for every shopper served the page (decision 023).
   */
  scriptHashes: string[];
  /** Until when (the cache's clock) the page may be served. */
  expiresAt: number;
  /** The shop the page is of: its product changes drop the page when they reach it. */
  shop: string;
  /** The products the page shows and the listings it is (decision 069); null: any product's change drops it. */
  reach: AnswerReach | null;
};

/** What a render for the cache gives: a page to keep, or a response to send to this shopper only. */
export type RenderOutcome = { page: SharedPage } | { response: Response };

/**
 * What `page` answers: the shared page (`stale`: one a product's change superseded, served while its
 * new render is made), this caller's own response, or neither (render again).
 */
export type PageLookup =
  | { page: SharedPage; hit: boolean; stale?: boolean }
  | { page: null; response: Response }
  | { page: null; response: null };

export type PageCacheStats = { entries: number; bytes: number; hits: number; misses: number; stale: number };

/** A kept page; `supersededUntil`: a product's change reached it, and it is served only until then. */
type Entry = { page: SharedPage; bytes: number; supersededUntil?: number };

/** Strings count two bytes per code unit; the entry and its Map slot roughly this much besides. */
const ENTRY_OVERHEAD_BYTES = 256;

export function sizeOfPage(key: string, page: SharedPage): number {
  const headers = page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  const hashes = page.scriptHashes.reduce((sum, hash) => sum + hash.length, 0);
  return (
    (key.length + headers + page.etag.length + hashes) * 2 +
    page.gzip.byteLength +
    page.brotli.byteLength +
    ENTRY_OVERHEAD_BYTES
  );
}

/**
 * Shared pages in memory, least recently used out first once they hold `maxBytes`. A page is served
 * until its `expiresAt`; concurrent requests for a key that has none wait for one render (single
 * flight), so a burst of shoppers on a page that just changed costs one render, not one each.
 *
 * A page a product's change reaches (decision 069) is superseded rather than dropped: for at most
 * `supersededMs` more (one freshness window) it is still served, while the first request after the
 * change starts its new render in the background; the new page replaces it once rendered (100–200 ms
 * under load), and past the window requests wait for the render as for any missing page. No shopper
 * waits on a render that a staff edit caused, and the change shows as soon as its page is rendered.
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();
  /** The keys of each shop's pages, so a change looks at its shop's pages only. */
  readonly #shops = new Map<string, Set<string>>();
  readonly #pending = new Map<string, Promise<SharedPage | null>>();
  readonly stats: PageCacheStats = { entries: 0, bytes: 0, hits: 0, misses: 0, stale: 0 };

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = () => performance.now(),
    private readonly supersededMs = 0,
  ) {}

  /**
   * The live page of `key`, else `render`'s outcome. A render that gives a response instead of a page
   * (an error page, a redirect) hands it to its own caller only; callers that waited on it get
   * neither and render for themselves. A failed render fails its own caller and is not kept.
   */
  async page(key: string, render: () => Promise<RenderOutcome>): Promise<PageLookup> {
    const kept = this.#entries.get(key);
    const now = this.now();
    if (kept && kept.supersededUntil === undefined && kept.page.expiresAt > now) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      this.stats.hits++;
      return { page: kept.page, hit: true };
    }
    const running = this.#pending.get(key);
    if (kept?.supersededUntil !== undefined && kept.supersededUntil > now) {
      // Its new render runs for no one in particular: a failure leaves the superseded page served
      // until its window ends, and the requests after that render for themselves.
      if (!running) this.#render(key, render).rendering.catch(() => undefined);
      this.stats.stale++;
      return { page: kept.page, hit: true, stale: true };
    }
    if (running) {
      const page = await running.catch(() => null);
      return page ? { page, hit: true } : { page: null, response: null };
    }
    this.stats.misses++;
    const { rendering, response } = this.#render(key, render);
    const page = await rendering;
    return page ? { page, hit: false } : { page: null, response: response() };
  }

  /** One render of `key` that the requests for it meanwhile wait on; its page is kept. */
  #render(
    key: string,
    render: () => Promise<RenderOutcome>,
  ): { rendering: Promise<SharedPage | null>; response: () => Response | null } {
    let response: Response | null = null;
    const rendering = render().then((outcome) => {
      if ("response" in outcome) {
        // The page is no longer what this address shows (gone, moved, failing): nothing stays.
        this.#forget(key);
        response = outcome.response;
        return null;
      }
      this.#remember(key, outcome.page);
      return outcome.page;
    });
    this.#pending.set(key, rendering);
    const done = () => {
      if (this.#pending.get(key) === rendering) this.#pending.delete(key);
    };
    rendering.then(done, done);
    return { rendering, response: () => response };
  }

  /**
   * Supersedes the shop's pages that `changes` reach (a product's change, decision 069); null drops
   * every page of the shop. Answers how many.
   */
  forget(shop: string, changes: readonly ProductChange[] | null): number {
    const keys = this.#shops.get(shop);
    if (keys === undefined) return 0;
    const until = this.now() + this.supersededMs;
    let dropped = 0;
    for (const key of [...keys]) {
      const entry = this.#entries.get(key);
      if (entry === undefined) continue;
      const reach = entry.page.reach;
      if (changes === null || reach === null) this.#forget(key);
      else if (changes.some((change) => changeReaches(change, reach))) {
        // A page superseded again keeps its first window: changes never stretch it.
        if (this.supersededMs <= 0) this.#forget(key);
        else entry.supersededUntil ??= until;
      } else continue;
      dropped++;
    }
    return dropped;
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.stats.bytes -= entry.bytes;
    this.stats.entries = this.#entries.size;
    const keys = this.#shops.get(entry.page.shop);
    keys?.delete(key);
    if (keys?.size === 0) this.#shops.delete(entry.page.shop);
  }

  #remember(key: string, page: SharedPage): void {
    this.#forget(key);
    const bytes = sizeOfPage(key, page);
    if (bytes <= this.maxBytes) {
      this.#entries.set(key, { page, bytes });
      this.stats.bytes += bytes;
      const keys = this.#shops.get(page.shop) ?? new Set<string>();
      keys.add(key);
      this.#shops.set(page.shop, keys);
      for (const [oldest] of this.#entries) {
        if (this.stats.bytes <= this.maxBytes) break;
        this.#forget(oldest);
      }
    }
    this.stats.entries = this.#entries.size;
  }
}
