import { Hono } from "hono";
import type { MediaStorage } from "../platform/files/media-storage.ts";

/*
 * The pictures a shop's staff upload, kept in the media storage under `shops/<store>/<name>` and
 * answered at `/media/shops/<store>/<name>`, a path the storefront's image optimiser renders at
 * whatever size a page draws them. Each is named by its content, so it never changes once written
 * and is cached for good.
 */

/**
 * The names an upload is kept under: a logo (PNG), a product's image and a shopper's review photo
 * (WebP), by content hash.
 */
export const SHOP_MEDIA_NAME = /^(?:logo-[0-9a-f]{32}\.png|(?:product|review)-[0-9a-f]{32}\.webp)$/;

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The key of a shop's picture in the media storage. */
export function shopMediaKey(storeId: number, name: string): string {
  return `shops/${storeId}/${name}`;
}

/** The address the storefront and the console show a shop's picture at. */
export function shopMediaUrl(storeId: number, name: string): string {
  return `/media/${shopMediaKey(storeId, name)}`;
}

/** The store and name of one of a shop's own uploaded pictures at this address, or null. */
export function ownShopMedia(url: string): { storeId: number; name: string } | null {
  const own = /^\/media\/shops\/([1-9]\d{0,9})\/([^/]+)$/.exec(url);
  if (!own?.[2] || !SHOP_MEDIA_NAME.test(own[2])) return null;
  return { storeId: Number(own[1]), name: own[2] };
}

/** `/media/shops/<store>/<name>`: only names an upload is kept under are looked for. */
export function shopMediaRoutes(media: MediaStorage): Hono {
  const routes = new Hono();
  routes.get("/:store{[1-9]\\d{0,9}}/:name", async (c) => {
    const name = c.req.param("name");
    if (!SHOP_MEDIA_NAME.test(name)) return c.notFound();
    const kept = await media.get(shopMediaKey(Number(c.req.param("store")), name));
    if (!kept) return c.notFound();
    return c.body(new Uint8Array(kept.bytes), 200, {
      "content-type": kept.contentType,
      "cache-control": IMMUTABLE,
      "x-content-type-options": "nosniff",
    });
  });
  return routes;
}
