import { randomInt } from "node:crypto";
import {
  normaliseReferralCode,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_CODE_PATTERN,
} from "@stoa/contract";
import { type AnyColumn, and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { referralCodes, referralSettings } from "./tables.ts";

/*
 * Customers' referral codes (decision 067). A customer has at most one live code per store, kept
 * by the partial unique index `referral_codes_live_uq`: making one is an insert that does nothing
 * when the customer has one already, so any number of sign-ins at once leave one code.
 */

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

/** A new code: REFERRAL_CODE_LENGTH characters of the readable alphabet, from the system's randomness. */
export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** Tries this often when a fresh code happens to be another customer's (one in 10^11 each time). */
const CODE_TRIES = 5;

/** The customer's live code, or null. One read of `referral_codes_live_uq`. */
export async function liveReferralCode(
  db: Database,
  storeId: number,
  customerId: number,
): Promise<ReferralCodeRow | null> {
  const [row] = await db
    .select()
    .from(referralCodes)
    .where(
      and(
        eq(referralCodes.storeId, storeId),
        eq(referralCodes.customerId, customerId),
        isNull(referralCodes.retiredAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Inserts a live code unless the customer has one (or the code is taken): the row made, or null. */
async function insertCode(
  db: Database,
  storeId: number,
  customerId: number,
): Promise<ReferralCodeRow | null> {
  const [row] = await db
    .insert(referralCodes)
    .values({ storeId, customerId, code: newReferralCode() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * The customer's live code, made now when there is none: idempotent however many calls race (the
 * losers' inserts do nothing and read the winner's row); a code another customer holds is drawn again.
 */
export async function ensureReferralCode(
  db: Database,
  storeId: number,
  customerId: number,
): Promise<ReferralCodeRow> {
  for (let i = 0; i < CODE_TRIES; i++) {
    const made = await insertCode(db, storeId, customerId);
    if (made) return made;
    const live = await liveReferralCode(db, storeId, customerId);
    if (live) return live;
  }
  throw new Error(`no free referral code for customer ${customerId} of store ${storeId}`);
}

/**
 * At sign-in: the customer's code, when the shop has referrals on, in one statement that does
 * nothing when the customer has a code already (or, once in 10^11, when the code drawn is taken:
 * `getReferralCode` makes one then). The caller has read `referralsOn` with the store row.
 */
export async function giveReferralCodeAtSignIn(db: Database, storeId: number, customerId: number) {
  await insertCode(db, storeId, customerId);
}

/**
 * Replaces the customer's code: the live one is retired and a new one made, in one transaction.
 * Two replacements at once leave one live code: the second waits on the first's retired row, finds
 * nothing live to retire, and its insert meets the first's new code and answers that one.
 */
export async function replaceReferralCode(
  db: Database,
  storeId: number,
  customerId: number,
): Promise<ReferralCodeRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(referralCodes)
      .set({ retiredAt: sql`now()` })
      .where(
        and(
          eq(referralCodes.storeId, storeId),
          eq(referralCodes.customerId, customerId),
          isNull(referralCodes.retiredAt),
        ),
      );
    return ensureReferralCode(tx, storeId, customerId);
  });
}

/** The live code a shopper typed or followed, whatever its case, spaces or dashes; retired codes are not found. */
export async function findReferralCode(
  db: Database,
  storeId: number,
  typed: string,
): Promise<ReferralCodeRow | null> {
  const code = normaliseReferralCode(typed);
  if (!REFERRAL_CODE_PATTERN.test(code)) return null;
  const [row] = await db
    .select()
    .from(referralCodes)
    .where(
      and(eq(referralCodes.storeId, storeId), eq(referralCodes.code, code), isNull(referralCodes.retiredAt)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Whether a store has referrals on, as a subquery on its id: the store row reads it with itself,
 * so sign-in knows whether to make a code at no query of its own.
 */
export function referralsOnOf(storeId: AnyColumn) {
  return sql<boolean>`coalesce((SELECT ${referralSettings.enabled} FROM ${referralSettings} WHERE ${referralSettings.storeId} = ${storeId}), false)`;
}
