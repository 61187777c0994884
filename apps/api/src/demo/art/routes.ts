import { ERRORS, isLocale, VERTICALS, type Vertical } from "@stoa/contract";
import { type Context, Hono } from "hono";
import { etag } from "hono/etag";
import sharp from "sharp";
import {
  isHue,
  isMotif,
  isProductKey,
  isVariant,
  LOGO_STATES,
  type LogoState,
  logo,
  ogImage,
  productArt,
} from "./art.ts";
import { bannerImage, flyerPage } from "./banners-and-flyers.ts";

/** Every address serves one fixed picture forever, so browsers and CDNs may keep it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** SVG is a document that could carry script; this policy makes a browser refuse to run any. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

// Numbers without leading zeros, so each picture has exactly one address.
const ART_NAME = /^([a-z]+(?:-[a-z]+)*)-(0|[1-9]\d{0,2})(?:-(\d))?\.svg$/;
const ART_DIRECTORY = /^([a-z]+(?:-[a-z]+)*)-(0|[1-9]\d{0,2})(?:-([1-9]))?$/;
const PRODUCT_FILE = /^(.+)\.svg$/;
const LOGO_NAME = /^([a-z]+)-([a-z]+)\.svg$/;
const OG_NAME = /^([a-z]+)\.png$/;
const STORE_IMAGE_NAME = /^([a-z]+)-([1-9]\d?)-([a-z]{2})\.svg$/;

function isVertical(value: string): value is Vertical {
  return (VERTICALS as readonly string[]).includes(value);
}

function isLogoState(value: string): value is LogoState {
  return (LOGO_STATES as readonly string[]).includes(value);
}

function notFound(c: Context) {
  return c.json({ code: ERRORS.NOT_FOUND.code, msg: "Not found", data: null }, 404);
}

function svg(c: Context, body: string) {
  return c.body(body, 200, {
    "content-type": "image/svg+xml; charset=utf-8",
    "cache-control": IMMUTABLE,
    "content-security-policy": SVG_CSP,
    "x-content-type-options": "nosniff",
  });
}

/**
 * Rendering a banner to PNG takes tens of milliseconds, so each one is rendered once per process;
 * there are only as many as there are verticals. The promise is kept so concurrent first requests
 * share one render.
 */
const ogPngs = new Map<Vertical, Promise<Uint8Array<ArrayBuffer>>>();

function ogPng(vertical: Vertical): Promise<Uint8Array<ArrayBuffer>> {
  let png = ogPngs.get(vertical);
  if (!png) {
    png = sharp(Buffer.from(ogImage(vertical)))
      .png()
      .toBuffer()
      .then((buffer) => new Uint8Array(buffer));
    png.catch(() => ogPngs.delete(vertical));
    ogPngs.set(vertical, png);
  }
  return png;
}

/** Generated shop imagery; the API mounts it at `/media`. */
export const mediaRoutes = new Hono();

mediaRoutes.use("*", etag());

mediaRoutes.get("/art/:name", (c) => {
  const match = ART_NAME.exec(c.req.param("name"));
  if (!match) return notFound(c);
  const [, motif = "", hueText = "", variantText = "0"] = match;
  const hue = Number(hueText);
  const variant = Number(variantText);
  if (!isMotif(motif) || !isHue(hue) || !isVariant(variant)) return notFound(c);
  return svg(c, productArt(motif, hue, variant));
});

/**
 * A product's own picture: `/art/<motif>-<hue>[-<variant>]/<product key>.svg` (rows.ts `artUrl`),
 * drawn from the product's key so no two products of one kind look alike.
 */
mediaRoutes.get("/art/:shot/:file", (c) => {
  const [, motif = "", hueText = "", variantText = "0"] = ART_DIRECTORY.exec(c.req.param("shot")) ?? [];
  const [, key = ""] = PRODUCT_FILE.exec(c.req.param("file")) ?? [];
  const hue = Number(hueText);
  const variant = Number(variantText);
  if (!isMotif(motif) || !isHue(hue) || !isVariant(variant) || !isProductKey(key)) return notFound(c);
  return svg(c, productArt(motif, hue, variant, key));
});

mediaRoutes.get("/logo/:name", (c) => {
  const match = LOGO_NAME.exec(c.req.param("name"));
  const [, vertical = "", state = ""] = match ?? [];
  if (!isVertical(vertical) || !isLogoState(state)) return notFound(c);
  return svg(c, logo(vertical, state));
});

mediaRoutes.get("/og/:name", async (c) => {
  const match = OG_NAME.exec(c.req.param("name"));
  const [, vertical = ""] = match ?? [];
  if (!isVertical(vertical)) return notFound(c);
  return c.body(await ogPng(vertical), 200, { "content-type": "image/png", "cache-control": IMMUTABLE });
});

/**
 * Home banners and flyer pages: `/media/banner/r<revision>/<vertical>-<n>-<locale>.svg`
 * (banners-and-flyers.ts `storeImageUrl`), the same for `flyer`. Addresses of earlier revisions
 * (no `r<n>` segment) still answer, with the art as it is now, for demo data seeded before.
 */
for (const [type, draw] of [
  ["banner", bannerImage],
  ["flyer", flyerPage],
] as const) {
  const answer = (c: Context, name: string) => {
    const [, vertical = "", n = "", locale = ""] = STORE_IMAGE_NAME.exec(name) ?? [];
    if (!isVertical(vertical) || !isLocale(locale)) return notFound(c);
    const image = draw(vertical, Number(n), locale);
    return image ? svg(c, image) : notFound(c);
  };
  mediaRoutes.get(`/${type}/:name`, (c) => answer(c, c.req.param("name")));
  mediaRoutes.get(`/${type}/:revision{r[1-9]\\d?}/:name`, (c) => answer(c, c.req.param("name")));
}

mediaRoutes.notFound(notFound);
