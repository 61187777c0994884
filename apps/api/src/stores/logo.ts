import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  FIELD_ERROR_KEYS,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  type StaffLogo,
  type StaffLogoBody,
} from "@stoa/contract";
import { Hono } from "hono";
import sharp from "sharp";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { setStoreLogo, storeById } from "./service.ts";

/*
 * A shop's own logo (issue 32): uploaded by its staff, checked to be a picture by reading it,
 * resized to at most LOGO_MAX_SIDE pixels and kept as PNG under `<DATA_DIR>/media/shops/<store>/`,
 * named by its content. The API answers it at `/media/shops/<store>/<name>`, a media path the
 * storefront's image optimiser renders at the header's size, like every other store picture.
 */

/** Where the pictures a shop uploads live (`<DATA_DIR>/media`). */
export type ShopMediaDir = string;

const LOGO_FILE = /^logo-[0-9a-f]{32}\.png$/;
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Pictures larger than this many pixels are not even decoded (a small file may claim a huge size). */
const MAX_INPUT_PIXELS = 40_000_000;

const logoUrl = (storeId: number, name: string) => `/media/shops/${storeId}/${name}`;

/** The logo as the staff see it: its address, and its size when the shop uploaded it. */
export async function shopLogoOf(db: Database, dir: ShopMediaDir, storeId: number): Promise<StaffLogo> {
  const store = await storeById(db, storeId);
  if (!store) throw new ApiError("STORE_NOT_FOUND");
  const url = store.activeLogoUrl || store.inactiveLogoUrl;
  const own = /^\/media\/shops\/(\d+)\/(logo-[0-9a-f]{32}\.png)$/.exec(url);
  if (!own || Number(own[1]) !== storeId) return { logoUrl: url, width: null, height: null };
  const meta = await sharp(await readFile(join(dir, "shops", String(storeId), own[2] ?? "")))
    .metadata()
    .catch(() => null);
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
  dir: ShopMediaDir,
  storeId: number,
  staffId: number,
  body: StaffLogoBody,
): Promise<StaffLogo> {
  const png = await resizedLogo(body);
  const name = `logo-${createHash("sha256").update(png).digest("hex").slice(0, 32)}.png`;
  const folder = join(dir, "shops", String(storeId));
  await mkdir(folder, { recursive: true });
  // Written whole under another name first: a reader never finds half a picture.
  const partial = join(folder, `.${name}.${process.pid}.partial`);
  await writeFile(partial, png);
  await rename(partial, join(folder, name));
  const url = logoUrl(storeId, name);
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
  return shopLogoOf(db, dir, storeId);
}

/** `/media/shops/<store>/<name>`: the pictures shops uploaded, never changed once written. */
export function shopMediaRoutes(dir: ShopMediaDir): Hono {
  const routes = new Hono();
  routes.get("/:store{[1-9]\\d{0,9}}/:name", async (c) => {
    const name = c.req.param("name");
    if (!LOGO_FILE.test(name)) return c.notFound();
    const bytes = await readFile(join(dir, "shops", c.req.param("store"), name)).catch(() => null);
    if (!bytes) return c.notFound();
    return c.body(new Uint8Array(bytes), 200, { "content-type": "image/png", "cache-control": IMMUTABLE });
  });
  return routes;
}
