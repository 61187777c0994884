import { ERRORS, IMAGE_QUALITY, IMAGE_WIDTHS } from "@stoa/contract";
import sharp from "sharp";
import { BoundedCache } from "./bounded-cache.ts";
import { isMediaPath } from "./media-path.ts";

export type ImageParams = { source: string; width: number; quality: number };
export type ParamsCheck = { ok: true; params: ImageParams } | { ok: false; message: string };

const WHOLE_NUMBER = /^\d{1,4}$/;

/** Validates `url`, `w` and `q` of `/_image`; only media paths and the allowed widths are rendered. */
export function parseImageParams(search: URLSearchParams): ParamsCheck {
  const source = search.get("url");
  if (!source || !isMediaPath(source)) return { ok: false, message: "url must be a /media/ path" };
  const w = search.get("w") ?? "";
  const width = Number(w);
  if (!WHOLE_NUMBER.test(w) || !IMAGE_WIDTHS.includes(width)) {
    return { ok: false, message: `w must be one of ${IMAGE_WIDTHS.join(", ")}` };
  }
  const q = search.get("q");
  const quality = q === null ? IMAGE_QUALITY : Number(q);
  if (q !== null && (!/^\d{1,3}$/.test(q) || quality < 1 || quality > 100)) {
    return { ok: false, message: "q must be a whole number from 1 to 100" };
  }
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
export type OptimiserAnswer =
  | { ok: true; image: OptimisedImage }
  | { ok: false; status: 400 | 404 | 415 | 502; code: string; message: string };

export type OptimiserOptions = {
  apiUrl: string;
  fetch?: typeof fetch;
  maxEntries?: number;
  maxBytes?: number;
};

const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;
/** SVG is rasterised at 72 dpi by default; a higher density keeps vector art sharp at large widths. */
const SVG_BASE_DENSITY = 72;
const SVG_MAX_DENSITY = 2400;

async function render(source: Buffer, sourceType: string, params: ImageParams, format: ImageFormat) {
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
 * keeps recent outputs in memory. Identical requests in flight share one render.
 */
export function createImageOptimizer({
  apiUrl,
  fetch: doFetch = fetch,
  maxEntries = 1000,
  maxBytes = 64 * 1024 * 1024,
}: OptimiserOptions) {
  const cache = new BoundedCache<OptimisedImage>(maxEntries, maxBytes);
  const inFlight = new Map<string, Promise<OptimiserAnswer>>();

  async function produce(params: ImageParams, accept: string | undefined): Promise<OptimiserAnswer> {
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
    const source = Buffer.from(await upstream.arrayBuffer());
    if (source.byteLength > MAX_SOURCE_BYTES) {
      return { ok: false, status: 415, code: ERRORS.UNPROCESSABLE.code, message: "source image too large" };
    }
    const format = pickFormat(accept, sourceType);
    try {
      const body = await render(source, sourceType, params, format);
      return { ok: true, image: { body, contentType: CONTENT_TYPES[format] } };
    } catch {
      return {
        ok: false,
        status: 415,
        code: ERRORS.UNPROCESSABLE.code,
        message: "source image cannot be decoded",
      };
    }
  }

  return {
    cache,
    async optimise(params: ImageParams, accept: string | undefined): Promise<OptimiserAnswer> {
      // Keyed by the kind of output rather than the raw Accept header, so browsers share entries.
      const key = `${params.source}|${params.width}|${params.quality}|${outputKind(accept)}`;
      const cached = cache.get(key);
      if (cached) return { ok: true, image: cached };
      const pending = inFlight.get(key);
      if (pending) return pending;
      const work = produce(params, accept).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      const answer = await work;
      if (answer.ok) cache.set(key, answer.image, answer.image.body.byteLength);
      return answer;
    },
  };
}
export type ImageOptimizer = ReturnType<typeof createImageOptimizer>;
