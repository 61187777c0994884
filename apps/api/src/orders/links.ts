import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { signingKeys } from "./tables.ts";

/**
 * The keys links are signed with: download links, the link of a guest's email to its order, gift
 * cards, and the codes of a shop's tables (their QR codes, decision 065).
 */
export type LinkKeys = { downloads: Buffer; guestOrders: Buffer; giftCards: Buffer; tableCodes: Buffer };

/**
 * A key by name: made once at random and kept in the database, so every API process signs with
 * the same one and links survive restarts. The first process to need it makes it; the others read it.
 */
async function storedKey(db: Database, name: string): Promise<Buffer> {
  await db
    .insert(signingKeys)
    .values({ name, secret: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: signingKeys.secret })
    .from(signingKeys)
    .where(eq(signingKeys.name, name));
  if (!row) throw new Error(`signing key ${name} was not kept`);
  return Buffer.from(row.secret, "base64url");
}

/**
 * The keys of one database, read once per process. `downloadSecret` (DOWNLOAD_SECRET) replaces the
 * stored download key, for deployments that keep their secrets outside the database. Read them
 * before opening a transaction: on the embedded database a second statement outside the open
 * transaction would wait for it.
 */
export function linkKeys(db: Database, downloadSecret?: string): () => Promise<LinkKeys> {
  let keys: Promise<LinkKeys> | undefined;
  return () => {
    keys ??= (async () => ({
      downloads: downloadSecret ? Buffer.from(downloadSecret, "utf8") : await storedKey(db, "downloads"),
      guestOrders: await storedKey(db, "guest-orders"),
      giftCards: await storedKey(db, "gift-cards"),
      tableCodes: await storedKey(db, "table-codes"),
    }))().catch((error) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}

/** HMAC-SHA256 of `text`, base64url: 43 characters. */
export function sign(key: Buffer, text: string): string {
  return createHmac("sha256", key).update(text).digest("base64url");
}

/** Two secrets compared in constant time, so a wrong guess learns nothing from how long it took. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `signature` is the signature of `text`. */
export function signatureMatches(key: Buffer, text: string, signature: string): boolean {
  return sameSecret(sign(key, text), signature);
}

/**
 * The token of a guest's link to its order. Derived, not stored: any API process can put it in the
 * email or answer it again to a repeated create, and it opens that one order of that one guest.
 */
export function guestOrderToken(
  keys: LinkKeys,
  order: { storeId: number; id: number; customerId: number },
): string {
  return sign(keys.guestOrders, `guest-order:${order.storeId}:${order.id}:${order.customerId}`);
}
