import { eq, inArray, sql } from "drizzle-orm";
import { DELETE_BATCH, deleteInBatches } from "../platform/db/batches.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { throttles } from "./tables.ts";

export type ThrottleRule = { limit: number; windowSeconds: number };

/** Limits of guessable calls, per client address and per account or target. */
export const THROTTLES = {
  // Sign-ins from one address: a right one gives its hit back (giveBack), so this counts failures.
  loginPerIp: { limit: 30, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
  registerPerTarget: { limit: 5, windowSeconds: 60 * 60 },
  codePerIp: { limit: 20, windowSeconds: 60 * 60 },
  verifyPerIp: { limit: 60, windowSeconds: 15 * 60 },
  // A restaurant's Wi-Fi, an office or a mobile carrier puts hundreds of real diners behind one
  // address, and a guest session costs two small rows: only a script reaches this. What a guest can
  // hold is bounded by the store's limits on unpaid orders instead (decision 040).
  guestPerIp: { limit: 1_000, windowSeconds: 60 * 60 },
  logPerIp: { limit: 120, windowSeconds: 60 },
  // Each contact message may email the shop's staff: a handful an hour is plenty for a shopper.
  contactPerIp: { limit: 5, windowSeconds: 60 * 60 },
  newsletterPerIp: { limit: 10, windowSeconds: 60 * 60 },
  // A back-in-stock alert mails once, later: the limits bound how many strangers' addresses one
  // client can line up, while a shopper asks for a handful (the outbox also caps unproved addresses).
  stockAlertPerIp: { limit: 60, windowSeconds: 60 * 60 },
  stockAlertPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  // Only wrong gift-card codes count: a shopper mistypes a few, a script guessing codes meets these.
  giftCardMissesPerIp: { limit: 100, windowSeconds: 60 * 60 },
  giftCardMissesPerCustomer: { limit: 10, windowSeconds: 60 * 60 },
  // A table's QR code holds 256 random bits, so guessing is hopeless anyway; this stops a script
  // hammering the scan, while a full restaurant on one Wi-Fi (a scan per diner, again after a phone
  // locks) stays far below it.
  tableScanPerIp: { limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Counts one hit on `key` in a fixed window and refuses the call (429 with Retry-After) once the
 * window's limit is passed. One upsert per hit, in the database, so every API process shares it.
 */
export async function throttle(db: Database, key: string, rule: ThrottleRule): Promise<void> {
  const [row] = await db
    .insert(throttles)
    .values({ key, hits: 1, windowEndsAt: sql`now() + make_interval(secs => ${rule.windowSeconds})` })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`CASE WHEN ${throttles.windowEndsAt} <= now() THEN 1 ELSE ${throttles.hits} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${throttles.windowEndsAt} <= now() THEN excluded.window_ends_at ELSE ${throttles.windowEndsAt} END`,
      },
    })
    .returning({ hits: throttles.hits, windowEndsAt: throttles.windowEndsAt });
  if (row && row.hits > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((row.windowEndsAt.getTime() - Date.now()) / 1000));
    throw new ApiError("TOO_MANY_REQUESTS", undefined, retryAfter);
  }
}

/**
 * Wrong passwords are counted per account *and* address (docs/decisions/014-throttling-and-proxies.md):
 * someone guessing from elsewhere slows only themselves, and the owner still signs in from their own
 * address. The first few failures are free; then each one makes that pair wait twice as long as the
 * one before, up to a quarter of an hour. A pair's count is forgotten an hour after its last failure
 * and cleared by a successful sign-in.
 */
export const SIGN_IN_BACKOFF = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
} as const;

/** How failures of one kind are slowed down: free ones, then waits that double, forgotten after a while. */
export type BackoffPolicy = {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
};

/** How long a pair waits after its `failures`-th failure. */
export function backoffSeconds(failures: number, policy: BackoffPolicy = SIGN_IN_BACKOFF): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = policy;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** Math.min(failures - freeFailures, 20));
}

/**
 * The failure count lives in the throttles table: `hits` counts failures and `window_ends_at` is
 * when they are forgotten, so the last failure happened `forgetAfterSeconds` before it. With
 * several keys (an address and an account, say), the one that waits longest decides, in one read.
 */
export async function assertNotBackingOff(
  db: Database,
  key: string | string[],
  policy: BackoffPolicy = SIGN_IN_BACKOFF,
): Promise<void> {
  const keys = typeof key === "string" ? [key] : key;
  const rows = await db
    .select({ failures: throttles.hits, forgetAt: throttles.windowEndsAt })
    .from(throttles)
    .where(inArray(throttles.key, keys));
  let waitMs = 0;
  for (const row of rows) {
    if (row.forgetAt.getTime() <= Date.now()) continue;
    const lastFailure = row.forgetAt.getTime() - policy.forgetAfterSeconds * 1000;
    waitMs = Math.max(waitMs, lastFailure + backoffSeconds(row.failures, policy) * 1000 - Date.now());
  }
  if (waitMs > 0) throw new ApiError("TOO_MANY_REQUESTS", undefined, Math.ceil(waitMs / 1000));
}

/**
 * Sign-ins from one address to an account that has never signed in from it, counted per account
 * over every address: someone guessing one account's password from many addresses gets a few dozen
 * tries an hour in all. An address the account has signed in from is not slowed by this (decision
 * 041), so a stranger's guesses never lock the owner out of their own devices, and the owner can
 * always sign in by an emailed or texted code instead.
 */
export const ACCOUNT_SIGN_IN_BACKOFF = {
  freeFailures: 20,
  firstDelaySeconds: 60,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
} as const satisfies BackoffPolicy;

/** How long an address an account signed in from stays known to it. */
const KNOWN_ADDRESS_SECONDS = 90 * 24 * 60 * 60;

/**
 * Takes one attempt on `key` before the guess is judged, or refuses it (429 with Retry-After) while
 * the key is backing off — in one statement, so concurrent attempts queue on the key's row and
 * each sees the ones before it: of 40 simultaneous wrong passwords exactly `freeFailures` are
 * judged, across every API process. The attempt counts as a failure until `clearFailures` says the
 * guess was right.
 */
export async function takeAttempt(db: Database, key: string, policy: BackoffPolicy = SIGN_IN_BACKOFF) {
  const forget = sql`make_interval(secs => ${policy.forgetAfterSeconds})`;
  const wait = sql`make_interval(secs => LEAST(${policy.maxDelaySeconds},
    ${policy.firstDelaySeconds} * power(2, LEAST(${throttles.hits} - ${policy.freeFailures}, 20))))`;
  const taken = await db
    .insert(throttles)
    .values({ key, hits: 1, windowEndsAt: sql`now() + ${forget}` })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`CASE WHEN ${throttles.windowEndsAt} <= now() THEN 1 ELSE ${throttles.hits} + 1 END`,
        windowEndsAt: sql`excluded.window_ends_at`,
      },
      setWhere: sql`${throttles.windowEndsAt} <= now() OR ${throttles.hits} < ${policy.freeFailures}
        OR ${throttles.windowEndsAt} - ${forget} + ${wait} <= now()`,
    })
    .returning({ hits: throttles.hits });
  if (taken.length > 0) return;
  await assertNotBackingOff(db, key, policy);
  // Refused by the statement, but the wait ended between it and the read: refuse anyway, briefly.
  throw new ApiError("TOO_MANY_REQUESTS", undefined, 1);
}

/** Whether the account behind `accountKey` has signed in from `ip` lately. */
export async function isKnownAddress(db: Database, accountKey: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ key: throttles.key })
    .from(throttles)
    .where(sql`${throttles.key} = ${`${accountKey}:known:${ip}`} AND ${throttles.windowEndsAt} > now()`);
  return row !== undefined;
}

/** Remembers that the account signed in from `ip` (for KNOWN_ADDRESS_SECONDS). */
export async function rememberAddress(db: Database, accountKey: string, ip: string): Promise<void> {
  const until = sql`now() + make_interval(secs => ${KNOWN_ADDRESS_SECONDS})`;
  await db
    .insert(throttles)
    .values({ key: `${accountKey}:known:${ip}`, hits: 1, windowEndsAt: until })
    .onConflictDoUpdate({ target: throttles.key, set: { windowEndsAt: until } });
}

/**
 * Gives back one hit of `key`: a call that proved its caller right (a right password, a right code)
 * is no guess, so a crowd of real shoppers behind one address (an office, a school) signing in all
 * day never meets the address's limit, which then counts only the guesses that failed.
 */
export async function giveBack(db: Database, key: string): Promise<void> {
  await db
    .update(throttles)
    .set({ hits: sql`${throttles.hits} - 1` })
    .where(sql`${throttles.key} = ${key} AND ${throttles.hits} > 0`);
}

/**
 * Guards a password guess for `account` from `ip`: per account and address always, and per account
 * alone from an address the account has not signed in from. `judge` answers whether the guess was
 * right; a right one clears the pair's count and makes the address known.
 */
export async function guardedSignIn<T>(
  db: Database,
  accountKey: string,
  ip: string,
  judge: () => Promise<T | null>,
): Promise<T | null> {
  // The pair first: an address its own back-off already refuses spends nothing of the account's.
  const pair = `${accountKey}:${ip}`;
  await takeAttempt(db, pair);
  const unknownAddress = !(await isKnownAddress(db, accountKey, ip));
  if (unknownAddress) await takeAttempt(db, accountKey, ACCOUNT_SIGN_IN_BACKOFF);
  const result = await judge();
  if (result === null) return null;
  await clearFailures(db, pair);
  // A right password is no guess: it gives back the account-wide attempt it took, and only that one.
  if (unknownAddress)
    await db
      .update(throttles)
      .set({ hits: sql`${throttles.hits} - 1` })
      .where(sql`${throttles.key} = ${accountKey} AND ${throttles.hits} > 0`);
  await rememberAddress(db, accountKey, ip);
  return result;
}

/** One more failure for each key, counted in one statement. */
export async function recordFailure(
  db: Database,
  key: string | string[],
  policy: BackoffPolicy = SIGN_IN_BACKOFF,
): Promise<void> {
  const keys = typeof key === "string" ? [key] : key;
  const forgetAt = sql`now() + make_interval(secs => ${policy.forgetAfterSeconds})`;
  await db
    .insert(throttles)
    .values(keys.map((k) => ({ key: k, hits: 1, windowEndsAt: forgetAt })))
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`CASE WHEN ${throttles.windowEndsAt} <= now() THEN 1 ELSE ${throttles.hits} + 1 END`,
        windowEndsAt: sql`excluded.window_ends_at`,
      },
    });
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}

/** Removes throttle windows that have ended (the housekeeping sweeper calls it). */
export function sweepEndedThrottles(db: Database): Promise<number> {
  return deleteInBatches(
    db,
    () => sql`DELETE FROM throttles WHERE key IN (
      SELECT key FROM throttles WHERE window_ends_at <= now() LIMIT ${DELETE_BATCH}) RETURNING 1`,
  );
}
