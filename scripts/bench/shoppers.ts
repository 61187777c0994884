// Signed-in shoppers for the account targets: verified customers of the bench store with one
// password, and a fresh session each, written straight to the database so preparing them costs
// one argon2 hash, not hundreds of sign-in calls.
import { createHash, randomBytes } from "node:crypto";
import { hashPassword } from "../../apps/api/src/auth/passwords.ts";
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";

export const SHOPPER_COUNT = 400;
export const SHOPPER_PASSWORD = "bench password 1";

export type Shopper = { email: string; token: string; ip: string };

export async function benchShoppers(handle: DatabaseHandle, storeId: number): Promise<Shopper[]> {
  const passwordHash = await hashPassword(SHOPPER_PASSWORD);
  const emails = Array.from({ length: SHOPPER_COUNT }, (_, i) => `bench-shopper-${i}@stoa.test`);
  await handle.query(
    `INSERT INTO customers (store_id, kind, email, email_verified_at, first_name, password_hash)
     SELECT $1, 'customer', e, now(), 'Bench', $2 FROM unnest($3::text[]) AS e
     WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.store_id = $1 AND c.email = e)`,
    [storeId, passwordHash, emails],
  );
  // Sign-in throttles count per account and per address; the bench starts each run with none.
  await handle.query("DELETE FROM throttles WHERE key LIKE 'login:%'");
  const tokens = emails.map(() => randomBytes(32).toString("base64url"));
  const hashes = tokens.map((t) => createHash("sha256").update(t).digest("hex"));
  await handle.query(
    `INSERT INTO sessions (token_hash, store_id, customer_id, kind, expires_at)
     SELECT x.h, $1, c.id, 'customer', now() + interval '1 day'
     FROM unnest($2::text[], $3::text[]) AS x(e, h)
     JOIN customers c ON c.store_id = $1 AND c.email = x.e AND c.email_verified_at IS NOT NULL`,
    [storeId, emails, hashes],
  );
  return emails.map((email, i) => ({
    email,
    token: tokens[i] as string,
    ip: `10.${Math.floor(i / 250)}.${i % 250}.7`,
  }));
}
