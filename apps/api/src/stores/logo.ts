import { createHash } from "node:crypto";
import {
  FIELD_ERROR_KEYS,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  type StaffLogo,
  type StaffLogoBody,
} from "@stoa/contract";
import sharp from "sharp";
import type { Database } from "../platform/db/database.ts";
import type { MediaStorage } from "../platform/files/media-storage.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { setStoreLogo, storeById } from "./service.ts";
import { ownShopMedia, shopMediaKey, shopMediaUrl } from "./shop-media.ts";

/*
 * A shop's own logo (issue 32): uploaded by its staff, checked to be a picture by reading it,
 * resized to at most LOGO_MAX_SIDE pixels and kept as PNG in the media storage (shop-media.ts),
 * named by its content. The API answers it at `/media/shops/<store>/<name>`, a media path the
 * storefront's image optimiser renders at the header's size, like every other store picture.
 */

/** Pictures larger than this many pixels are not even decoded (a small file may claim a huge size). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The logo as the staff see it: its address, and its size when the shop uploaded it. */
export async function shopLogoOf(db: Database, media: MediaStorage, storeId: number): Promise<StaffLogo> {
  const store = await storeById(db, storeId);
  if (!store) throw new ApiError("STORE_NOT_FOUND");
  const url = store.activeLogoUrl || store.inactiveLogoUrl;
  const own = ownShopMedia(url);
  if (!own || own.storeId !== storeId || !own.name.startsWith("logo-"))
    return { logoUrl: url, width: null, height: null };
  const kept = await media.get(shopMediaKey(storeId, own.name));
  const meta = kept
    ? await sharp(kept.bytes)
        .metadata()
        .catch(() => null)
    : null;
  return { logoUrl: url, width: meta?.width ?? null, height: meta?.height ?? null };
}

/** The picture sent, read and resized: a file that is not a picture the types allow is refused. */
async function resizedLogo(body: StaffLogoBody): Promise<Buffer> {
  const bytes = Buffer.from(body.image, "base64");
  if (bytes.length === 0) throw new ApiError("INVALID_INPUT", { image: FIELD_ERROR_KEYS.logoNotImage });
  if (bytes.length > LOGO_MAX_BYTES)
    throw new ApiError("INVALID_INPUT", { image: FIELD_ERROR_KEYS.logoTooLarge });
  try {
    const picture = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await picture.metadata();
    if (!meta.format || !["png", "jpeg", "webp", "gif"].includes(meta.format)) throw new Error(meta.format);
    return await picture
      .rotate()
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new ApiError("INVALID_INPUT", { image: FIELD_ERROR_KEYS.logoNotImage });
  }
}

/**
 * Keeps the shop's new logo and shows it in the storefront's header (within STORE_FRESH_MS, as
 * every change of the store row). Audited as `settings.logo` with the addresses before and after.
 */
export async function setShopLogo(
  db: Database,
  media: MediaStorage,
  storeId: number,
  staffId: number,
  body: StaffLogoBody,
): Promise<StaffLogo> {
  const png = await resizedLogo(body);
  const name = `logo-${createHash("sha256").update(png).digest("hex").slice(0, 32)}.png`;
  // Kept before the store row names it: the header never points at a picture not yet written.
  await media.put(shopMediaKey(storeId, name), png, "image/png");
  const url = shopMediaUrl(storeId, name);
  await db.transaction(async (tx) => {
    const before = await storeById(tx, storeId);
    if (!before) throw new ApiError("STORE_NOT_FOUND");
    await setStoreLogo(tx, storeId, url);
    await recordChange(tx, {
      storeId,
      staffId,
      action: "settings.logo",
      subject: "store",
      before: before.activeLogoUrl,
      after: url,
    });
  });
  return shopLogoOf(db, media, storeId);
}
