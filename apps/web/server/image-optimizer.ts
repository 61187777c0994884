import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ERRORS, IMAGE_QUALITY, IMAGE_WIDTHS } from "@stoa/contract";
import sharp from "sharp";
import { BoundedCache } from "./bounded-cache.ts";
import { DiskImageCache } from "./disk-image-cache.ts";
import { isMediaPath } from "./media-path.ts";
import { RenderQueue } from "./render-queue.ts";

export type ImageParams = { source: string; width: number; quality: number };
export type ParamsCheck = { ok: true; params: ImageParams } | { ok: false; message: string };

/**
 * Every width `srcSetPlan` (app/platform/ui/image.ts) can put in a srcset: it only ever picks from
 * IMAGE_WIDTHS, and with a `sizes` that has no `vw` it offers all of them.
 */
export const ACCEPTED_WIDTHS: readonly number[] = IMAGE_WIDTHS;
/**
 * `StoaImage` never passes a quality, so the storefront only emits IMAGE_QUALITY. Each further
 * quality would multiply the distinct renders an outsider can ask for, all of them cache misses.
 */
export const ACCEPTED_QUALITIES: readonly number[] = [IMAGE_QUALITY];

/** Matches the exact decimal spelling only, so "0640" or "75.0" cannot be used as fresh cache keys. */
function pick(raw: string, accepted: readonly number[]): number | undefined {
  return accepted.find((value) => String(value) === raw);
}

/** Validates `url`, `w` and `q` of `/_image`; only media paths and what the storefront emits are rendered. */
export function parseImageParams(search: URLSearchParams): ParamsCheck {
  const source = search.get("url");
  if (!source || !isMediaPath(source)) return { ok: false, message: "url must be a /media/ path" };
  const width = pick(search.get("w") ?? "", ACCEPTED_WIDTHS);
  if (width === undefined) return { ok: false, message: `w must be one of ${ACCEPTED_WIDTHS.join(", ")}` };
  const q = search.get("q");
  const quality = q === null ? IMAGE_QUALITY : pick(q, ACCEPTED_QUALITIES);
  if (quality === undefined) return { ok: false, message: `q must be ${ACCEPTED_QUALITIES.join(" or ")}` };
  return { ok: true, params: { source, width, quality } };
}

export type ImageFormat = "avif" | "webp" | "png" | "jpeg";

const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  png: "image/png",
  jpeg: "image/jpeg",
};

/** AVIF when the browser takes it, else WebP, else the closest classic format to the source. */
export function pickFormat(accept: string | undefined, sourceType: string): ImageFormat {
  const accepted = accept?.toLowerCase() ?? "";
  if (accepted.includes("image/avif")) return "avif";
  if (accepted.includes("image/webp")) return "webp";
  return sourceType.includes("jpeg") || sourceType.includes("jpg") ? "jpeg" : "png";
}

/** avif, webp, or "classic" (PNG or JPEG, fixed per source). */
function outputKind(accept: string | undefined): string {
  const format = pickFormat(accept, "");
  return format === "avif" || format === "webp" ? format : "classic";
}

export type OptimisedImage = { body: Buffer; contentType: string };
export type OptimiserFailure = {
  ok: false;
  status: 400 | 404 | 415 | 502 | 503;
  code: string;
  message: string;
  /** Seconds to wait before asking again; set on 503 (too busy). */
  retryAfter?: number;
};
export type OptimiserAnswer = { ok: true; image: OptimisedImage } | OptimiserFailure;
/** A source picture as the API sent it. */
type Source = { ok: true; bytes: Buffer; sourceType: string; immutable: boolean };
/** A fresh render, and whether its source promised never to change (so it may be kept on disk). */
type Produced = { ok: true; image: OptimisedImage; immutable: boolean } | OptimiserFailure;

export type OptimiserOptions = {
  apiUrl: string;
  fetch?: typeof fetch;
  /** Memory cache: entry count and bytes. */
  maxEntries?: number;
  maxBytes?: number;
  /** Where renders are kept across restarts; unset or empty means DEFAULT_CACHE_DIR. */
  cacheDir?: string | undefined;
  /** Cap of the disk cache; the least recently used renders are deleted beyond it. */
  maxDiskBytes?: number;
  /** Renders (fetch, decode, encode) running at once. */
  maxConcurrentRenders?: number;
  /** Renders waiting for a slot; one more is answered 503. */
  maxQueuedRenders?: number;
  /** Retry-After of that 503, in seconds. */
  retryAfterSeconds?: number;
  /** Places in the queue one client (address) may hold, running or waiting. */
  perClient?: number;
  /** Resizes and encodes one source (`render`; tests hold it to fill the queue). */
  renderImage?: typeof render;
};

/**
 * `<repo root>/.data/images`, next to the API's embedded database under `.data`. The root is found
 * rather than counted, so it is the same from the sources and from a release's bundled server.
 */
export const DEFAULT_CACHE_DIR = join(
  repoRootAbove(fileURLToPath(new URL(".", import.meta.url))),
  ".data",
  "images",
);

function repoRootAbove(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "apps", "web", "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${from}`);
  }
}
const DEFAULT_MAX_DISK_BYTES = 512 * 1024 * 1024;
/**
 * Renders queued per running one: enough to absorb a page's worth of images, not a flood. A home
 * page asks for a dozen at once, and a browser never asks again for a picture answered 503: with
 * four per render, a two-core server's first visitor saw half the cards without pictures.
 */
const QUEUED_PER_RENDER = 24;
/**
 * Of those places, what one address may hold: more than a page's pictures (a dozen), less than the
 * queue, so one address flooding it with distinct names and widths leaves room for everyone else.
 */
const PER_CLIENT = 16;
const CONCURRENT_FETCHES = 8;
const QUEUED_FETCHES = 64;
const DEFAULT_RETRY_AFTER_SECONDS = 5;
/**
 * Part of every cache key. Raise it whenever `render` changes its output (encoder settings,
 * resizing), so renders kept on disk by an older version are not served any more.
 */
const RENDER_VERSION = 1;

/** Only the API's media routes that promise the same bytes forever are worth keeping on disk. */
function isImmutable(upstream: Response): boolean {
  return /(?:^|,)\s*immutable\s*(?:,|$)/i.test(upstream.headers.get("cache-control") ?? "");
}

const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;
/** SVG is rasterised at 72 dpi by default; a higher density keeps vector art sharp at large widths. */
const SVG_BASE_DENSITY = 72;
const SVG_MAX_DENSITY = 2400;

export async function render(
  source: Buffer,
  sourceType: string,
  params: ImageParams,
  format: ImageFormat,
): Promise<Buffer> {
  const isSvg = sourceType.includes("svg");
  let input = sharp(source, { failOn: "error" });
  if (isSvg) {
    const { width: naturalWidth } = await input.metadata();
    const density = Math.min(
      SVG_MAX_DENSITY,
      Math.max(
        SVG_BASE_DENSITY,
        Math.ceil((SVG_BASE_DENSITY * params.width) / (naturalWidth || params.width)),
      ),
    );
    input = sharp(source, { density, failOn: "error" });
  }
  const resized = input.rotate().resize({ width: params.width, withoutEnlargement: !isSvg });
  const { quality } = params;
  switch (format) {
    case "avif":
      return resized.avif({ quality, effort: 4 }).toBuffer();
    case "webp":
      return resized.webp({ quality }).toBuffer();
    case "jpeg":
      return resized.jpeg({ quality, mozjpeg: true }).toBuffer();
    case "png":
      return resized.png({ compressionLevel: 9 }).toBuffer();
  }
}

/**
 * The `/_image` optimiser: fetches a media file from the store API, resizes and re-encodes it, and
 * keeps outputs in memory and on disk. Identical requests in flight share one render, and fresh
 * renders go through a bounded queue, since each can take seconds of CPU (a 3840 px AVIF ~10 s).
 */
export function createImageOptimizer({
  apiUrl,
  fetch: doFetch = fetch,
  maxEntries = 1000,
  maxBytes = 64 * 1024 * 1024,
  cacheDir,
  maxDiskBytes = DEFAULT_MAX_DISK_BYTES,
  // One core stays free for page renders: a flood of image requests must not stall the shop.
  maxConcurrentRenders = Math.max(1, availableParallelism() - 1),
  maxQueuedRenders = QUEUED_PER_RENDER * maxConcurrentRenders,
  retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS,
  perClient = PER_CLIENT,
  renderImage = render,
}: OptimiserOptions) {
  const cache = new BoundedCache<OptimisedImage>(maxEntries, maxBytes);
  // `||`, not a default parameter: an empty IMAGE_CACHE_DIR is "unset", not the working directory.
  const disk = new DiskImageCache(cacheDir || DEFAULT_CACHE_DIR, maxDiskBytes);
  const queue = new RenderQueue(maxConcurrentRenders, maxQueuedRenders, perClient);
  // Fetching a source costs little CPU but holds its bytes: bounded too, and fairly.
  const fetches = new RenderQueue(CONCURRENT_FETCHES, QUEUED_FETCHES, perClient);
  const inFlight = new Map<string, Promise<OptimiserAnswer>>();
  const busy: OptimiserFailure = {
    ok: false,
    status: 503,
    // The contract has no "busy" code; "try again later" is what TOO_MANY_REQUESTS tells a client.
    code: ERRORS.TOO_MANY_REQUESTS.code,
    message: "image optimiser busy, retry later",
    retryAfter: retryAfterSeconds,
  };

  /**
   * The source from the API, fetched before any render slot is taken: an address with no picture
   * behind it (a made-up art name) is answered 404 without ever waiting for, or holding, a render.
   */
  async function fetchSource(params: ImageParams): Promise<Source | OptimiserFailure> {
    let upstream: Response;
    try {
      upstream = await doFetch(new URL(params.source, apiUrl), {
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch {
      return { ok: false, status: 502, code: ERRORS.INTERNAL.code, message: "image source unreachable" };
    }
    if (upstream.status === 404) {
      return { ok: false, status: 404, code: ERRORS.NOT_FOUND.code, message: "image not found" };
    }
    const sourceType = upstream.headers.get("content-type") ?? "";
    if (!upstream.ok)
      return { ok: false, status: 502, code: ERRORS.INTERNAL.code, message: "image source failed" };
    if (!sourceType.startsWith("image/")) {
      return { ok: false, status: 415, code: ERRORS.UNPROCESSABLE.code, message: "source is not an image" };
    }
    const bytes = Buffer.from(await upstream.arrayBuffer());
    if (bytes.byteLength > MAX_SOURCE_BYTES) {
      return { ok: false, status: 415, code: ERRORS.UNPROCESSABLE.code, message: "source image too large" };
    }
    return { ok: true, bytes, sourceType, immutable: isImmutable(upstream) };
  }

  async function produce(source: Source, params: ImageParams, accept: string | undefined): Promise<Produced> {
    const format = pickFormat(accept, source.sourceType);
    try {
      const body = await renderImage(source.bytes, source.sourceType, params, format);
      return { ok: true, image: { body, contentType: CONTENT_TYPES[format] }, immutable: source.immutable };
    } catch {
      return {
        ok: false,
        status: 415,
        code: ERRORS.UNPROCESSABLE.code,
        message: "source image cannot be decoded",
      };
    }
  }

  /** A memory miss: the disk first, then the source, then a render if the queue has room. */
  async function load(
    key: string,
    params: ImageParams,
    accept: string | undefined,
    client: string,
  ): Promise<OptimiserAnswer> {
    const stored = await disk.get(key);
    if (stored) {
      cache.set(key, stored, stored.body.byteLength);
      return { ok: true, image: stored };
    }
    const fetched = await fetches.run(() => fetchSource(params), client);
    if (!fetched.admitted) return busy;
    const source = fetched.value;
    if (!source.ok) return source;
    const queued = await queue.run(() => produce(source, params, accept), client);
    if (!queued.admitted) return busy;
    const produced = queued.value;
    if (!produced.ok) return produced;
    cache.set(key, produced.image, produced.image.body.byteLength);
    // A source that may change under the same address is only kept in memory, as before.
    if (produced.immutable) await disk.set(key, produced.image);
    return { ok: true, image: produced.image };
  }

  return {
    cache,
    queue,
    disk,
    /** `client` (the shopper's address) shares the queue fairly with everyone else's (RenderQueue). */
    async optimise(params: ImageParams, accept: string | undefined, client = ""): Promise<OptimiserAnswer> {
      // Keyed by the kind of output rather than the raw Accept header, so browsers share entries.
      const key = `v${RENDER_VERSION}|${params.source}|${params.width}|${params.quality}|${outputKind(accept)}`;
      const cached = cache.get(key);
      if (cached) return { ok: true, image: cached };
      // Joining a render already under way never takes a queue slot of its own.
      const pending = inFlight.get(key);
      if (pending) return pending;
      const work = load(key, params, accept, client).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },
  };
}
export type ImageOptimizer = ReturnType<typeof createImageOptimizer>;
