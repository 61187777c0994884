import { IMAGE_DEVICE_WIDTHS, IMAGE_QUALITY, IMAGE_WIDTHS } from "@stoa/contract";

/** Path of the optimiser endpoint served by server.ts. */
export const IMAGE_ENDPOINT = "/_image";

const ALL_WIDTHS = [...IMAGE_WIDTHS].sort((a, b) => a - b);
const SMALLEST_DEVICE_WIDTH = IMAGE_DEVICE_WIDTHS[0];

/** Only the API's media library goes through the optimiser; anything else is used as given. */
export function isOptimisable(src: string): boolean {
  return src.startsWith("/media/");
}

/**
 * The optimiser's address for a width. Written short, since a card's srcset repeats it for every
 * width: slashes stay as they are (a query may hold them) and the default quality is left out (the
 * optimiser takes IMAGE_QUALITY when none is named).
 */
export function optimisedImageUrl(src: string, width: number, quality: number = IMAGE_QUALITY): string {
  const url = encodeURIComponent(src).replaceAll("%2F", "/");
  return `${IMAGE_ENDPOINT}?url=${url}&w=${width}${quality === IMAGE_QUALITY ? "" : `&q=${quality}`}`;
}

export type SrcSetPlan = { widths: number[]; descriptor: "w" | "x" };

/**
 * Which rendered widths to offer. With `sizes` the browser picks by layout width, so every width
 * from what the smallest viewport can need up to twice the width the layout draws the image at
 * (a 2x screen's worth; more is bytes no eye sees, and each width is markup on every card);
 * without `sizes` the image has a fixed CSS width and 1x/2x densities are enough.
 */
export function srcSetPlan(width: number, sizes?: string): SrcSetPlan {
  const largest = ALL_WIDTHS[ALL_WIDTHS.length - 1] ?? width;
  const fit = (wanted: number) => ALL_WIDTHS.find((w) => w >= wanted) ?? largest;
  if (sizes) {
    const widest = fit(width * 2);
    const viewportShares = [...sizes.matchAll(/(?:^|\s)(1?\d?\d)vw/g)].map((m) => Number(m[1]));
    // A slot in fixed units is never drawn much narrower than the layout's width for it.
    const narrowest =
      viewportShares.length > 0 ? (SMALLEST_DEVICE_WIDTH * Math.min(...viewportShares)) / 100 : width / 2;
    return { widths: ALL_WIDTHS.filter((w) => w >= narrowest && w <= widest), descriptor: "w" };
  }
  return { widths: [...new Set([fit(width), fit(width * 2)])], descriptor: "x" };
}

export type ImageSources = { src: string; srcSet?: string };

export function imageSources(src: string, width: number, sizes?: string, quality?: number): ImageSources {
  if (!isOptimisable(src)) return { src };
  const { widths, descriptor } = srcSetPlan(width, sizes);
  const srcSet = widths
    .map((w, i) => `${optimisedImageUrl(src, w, quality)} ${descriptor === "w" ? w : i + 1}${descriptor}`)
    .join(", ");
  const fallbackWidth = widths[widths.length - 1] ?? width;
  return { src: optimisedImageUrl(src, fallbackWidth, quality), srcSet };
}
