import { createHash } from "node:crypto";
import {
  FIELD_ERROR_KEYS,
  type Localizations,
  localized,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_SIDE,
  PRODUCT_IMAGES_MAX,
  type StaffProductImages,
  type StaffUpdateProductImagesBody,
  type staffAddProductImageBodySchema,
} from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { z } from "zod";
import type { Database } from "../platform/db/database.ts";
import type { MediaStorage } from "../platform/files/media-storage.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { shopMediaKey, shopMediaUrl } from "../stores/shop-media.ts";
import { type ProductRow, products, type StoredProductImage } from "./tables.ts";

/*
 * A product's pictures as staff keep them in the console (issue 33, decision 063). A picture sent
 * is read (a file that is not a picture is refused whatever it is called), turned the right way up,
 * stripped of everything but its pixels (a phone photo's location stays with the phone), resized to
 * at most PRODUCT_IMAGE_MAX_SIDE and kept as WebP in the media storage, named by its content. The
 * product's `images` list then names it; the row's change raises the shop's catalogue version
 * (migration 0011), so the storefront shows it at once. Every change is made from the product's
 * version (decision 058) and audited as `product.images`.
 */

type AddBody = z.output<typeof staffAddProductImageBodySchema>;

/** Pictures larger than this many pixels are not even decoded (a small file may claim a huge size). */
const MAX_INPUT_PIXELS = 60_000_000;
/** WebP at this quality is indistinguishable from the photo at a product page's size. */
const WEBP_QUALITY = 82;

const versionOf = (row: Pick<ProductRow, "updatedAt">) => row.updatedAt.toISOString();

function answerOf(row: ProductRow): StaffProductImages {
  return {
    productId: row.id,
    name: localized(row.nameLocalizations, "en"),
    nameLocalizations: row.nameLocalizations,
    images: row.images.map((image) => ({
      url: image.url,
      width: image.width ?? null,
      height: image.height ?? null,
      // A picture kept before alt texts were by language has its one alt text as the default.
      altLocalizations: image.altLocalizations ?? (image.alt ? { en: image.alt } : {}),
    })),
    version: versionOf(row),
  };
}

async function productRow(db: Database, storeId: number, productId: number, lock: boolean) {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new ApiError("PRODUCT_NOT_FOUND");
  return row;
}

/** A product's pictures, its name and version, as the console's picture page shows them. */
export async function staffProductImages(
  db: Database,
  storeId: number,
  productId: number,
): Promise<StaffProductImages> {
  return answerOf(await productRow(db, storeId, productId, false));
}

/**
 * The alt text kept for readers that know one language only: English, else any. None at all stays
 * empty, so the storefront describes the picture by the product's name in the shopper's language.
 */
function defaultAlt(alt: Localizations): string {
  return localized(alt, "en");
}

/** Only the languages given a text are kept: an emptied field means "no alt text of its own". */
function nonEmpty(alt: Localizations): Localizations {
  return Object.fromEntries(Object.entries(alt).filter(([, text]) => text && text.trim() !== ""));
}

/** The picture sent, read, stripped and resized; anything sharp cannot read as a picture is refused. */
async function keptPicture(body: AddBody): Promise<{ bytes: Buffer; width: number; height: number }> {
  const bytes = Buffer.from(body.image, "base64");
  if (bytes.length === 0) throw new ApiError("INVALID_INPUT", { image: FIELD_ERROR_KEYS.imageNotPicture });
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES)
    throw new ApiError("INVALID_INPUT", { image: FIELD_ERROR_KEYS.imageTooLarge });
  try {
    const picture = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await picture.metadata();
    if (!meta.format || !["png", "jpeg", "webp", "gif"].includes(meta.format)) throw new Error(meta.format);
    // No withMetadata(): sharp writes the pixels only, so EXIF (GPS, camera, owner) is dropped;
    // rotate() first applies the camera's orientation, which would otherwise be lost with it.
    const { data, info } = await picture
      .rotate()
      .resize({
        width: PRODUCT_IMAGE_MAX_SIDE,
        height: PRODUCT_IMAGE_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new ApiError("INVALID_INPUT", { image: FIELD_ERROR_KEYS.imageNotPicture });
  }
}

/** The product's row, locked, when it is at the version the editor read; else STAFF_EDIT_CONFLICT. */
async function lockedAt(tx: Database, storeId: number, productId: number, version: string) {
  const row = await productRow(tx, storeId, productId, true);
  if (versionOf(row) !== version)
    throw new ApiError("STAFF_EDIT_CONFLICT", undefined, undefined, { product: answerOf(row) });
  return row;
}

/** Writes the product's pictures, moving its version on by a millisecond at least, and audits it. */
async function writeImages(
  tx: Database,
  before: ProductRow,
  staffId: number,
  images: StoredProductImage[],
): Promise<ProductRow> {
  const [after] = await tx
    .update(products)
    .set({
      images,
      updatedAt: sql`greatest(now(), date_trunc('milliseconds', ${products.updatedAt}) + interval '1 millisecond')`,
    })
    .where(and(eq(products.storeId, before.storeId), eq(products.id, before.id)))
    .returning();
  if (!after) throw new Error(`product ${before.id} vanished under its lock`);
  const audited = (list: StoredProductImage[]) =>
    list.map(({ url, altLocalizations }) => ({ url, alt: altLocalizations ?? {} }));
  await recordChange(tx, {
    storeId: before.storeId,
    staffId,
    action: "product.images",
    subject: `product:${before.id}`,
    before: audited(before.images),
    after: audited(after.images),
  });
  return after;
}

/**
 * Adds a picture at the end of the product's pictures (the first stays the main one). The file is
 * kept before the product names it, so the storefront never points at a picture not yet written;
 * a refused change leaves a file no product names, harmless (decision 063).
 */
export async function addProductImage(
  db: Database,
  media: MediaStorage,
  storeId: number,
  staffId: number,
  body: AddBody,
): Promise<StaffProductImages> {
  // Refused before any reading of the picture when the product is not the shop's or is full.
  const current = await productRow(db, storeId, body.productId, false);
  if (current.images.length >= PRODUCT_IMAGES_MAX) throw new ApiError("PRODUCT_IMAGES_FULL");
  const picture = await keptPicture(body);
  const name = `product-${createHash("sha256").update(picture.bytes).digest("hex").slice(0, 32)}.webp`;
  await media.put(shopMediaKey(storeId, name), picture.bytes, "image/webp");
  const url = shopMediaUrl(storeId, name);
  const row = await db.transaction(async (tx) => {
    const before = await lockedAt(tx, storeId, body.productId, body.version);
    // The same picture twice is one picture: nothing changes, the version stays.
    if (before.images.some((image) => image.url === url)) return before;
    if (before.images.length >= PRODUCT_IMAGES_MAX) throw new ApiError("PRODUCT_IMAGES_FULL");
    const altLocalizations = nonEmpty(body.altLocalizations);
    const added: StoredProductImage = {
      url,
      alt: defaultAlt(altLocalizations),
      altLocalizations,
      width: picture.width,
      height: picture.height,
    };
    return writeImages(tx, before, staffId, [...before.images, added]);
  });
  return answerOf(row);
}

/**
 * Sets the product's pictures from those it has: the order given (the first becomes the main
 * picture), those left out removed, each one's alt texts. A picture the product does not have is
 * refused: pictures come in only by upload, read and resized.
 */
export async function updateProductImages(
  db: Database,
  storeId: number,
  staffId: number,
  body: StaffUpdateProductImagesBody,
): Promise<StaffProductImages> {
  const row = await db.transaction(async (tx) => {
    const before = await lockedAt(tx, storeId, body.productId, body.version);
    const byUrl = new Map(before.images.map((image) => [image.url, image]));
    const seen = new Set<string>();
    const images = body.images.map(({ url, altLocalizations }, i) => {
      const kept = byUrl.get(url);
      if (!kept || seen.has(url))
        throw new ApiError("INVALID_INPUT", { [`images.${i}.url`]: FIELD_ERROR_KEYS.imageUnknown });
      seen.add(url);
      const alt = nonEmpty(altLocalizations);
      return { ...kept, alt: defaultAlt(alt), altLocalizations: alt };
    });
    return writeImages(tx, before, staffId, images);
  });
  return answerOf(row);
}
