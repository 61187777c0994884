import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { CODE_TTL_SECONDS } from "../notifications/messages.ts";
import { DELETE_BATCH, deleteInBatches, secondsAgo } from "../platform/db/batches.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { newCode, newToken, sha256 } from "./crypto.ts";
import { oneTimeCodes } from "./tables.ts";

export const LINK_TTL_SECONDS = 24 * 60 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;

export type CodePurpose =
  | "register"
  | "retrievePwd"
  | "editEmail"
  | "login"
  | "editPhone"
  | "bindPhone"
  | "verifyEmail";

export type CodeTarget = { storeId: number; purpose: CodePurpose; target: string };

/**
 * The hash binds a code to its store, purpose and target, so one code cannot serve another flow.
 * A link token is long enough to stand alone and is looked up by its hash, as the link carries no
 * email.
 */
function hashOf({ storeId, purpose, target }: CodeTarget, code: string): string {
  return sha256(`${storeId}|${purpose}|${target}|${code}`);
}
const linkHashOf = (storeId: number, purpose: CodePurpose, token: string) =>
  sha256(`${storeId}|${purpose}|link|${token}`);

/**
 * Issues a fresh code (6 digits) or link token. Earlier unused codes of the same flow stop working,
 * and a new one is refused within the resend cooldown.
 */
export async function issueCode(
  db: Database,
  key: CodeTarget,
  kind: "code" | "link" = "code",
): Promise<string> {
  const [recent] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.storeId, key.storeId),
        eq(oneTimeCodes.purpose, key.purpose),
        eq(oneTimeCodes.target, key.target),
        gt(oneTimeCodes.createdAt, sql`now() - make_interval(secs => ${RESEND_COOLDOWN_SECONDS})`),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (recent) {
    const wait = RESEND_COOLDOWN_SECONDS - Math.floor((Date.now() - recent.createdAt.getTime()) / 1000);
    throw new ApiError("CODE_COOLDOWN", undefined, Math.max(1, wait));
  }
  const code = kind === "code" ? newCode() : newToken();
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.storeId, key.storeId),
        eq(oneTimeCodes.purpose, key.purpose),
        eq(oneTimeCodes.target, key.target),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  await db.insert(oneTimeCodes).values({
    ...key,
    codeHash: kind === "code" ? hashOf(key, code) : linkHashOf(key.storeId, key.purpose, code),
    expiresAt: sql`now() + make_interval(secs => ${kind === "code" ? CODE_TTL_SECONDS : LINK_TTL_SECONDS})`,
  });
  return code;
}

/**
 * Checks a code against the newest live code of the flow. A wrong code costs an attempt; after
 * five, or once expired, the code is dead and a new one must be asked for. `consume` uses it up.
 *
 * The guess is judged and counted in one UPDATE: concurrent guesses on one code queue on its row
 * lock, and each re-reads `attempts` and `consumed_at` after the one before it committed, so
 * exactly MAX_CODE_ATTEMPTS wrong guesses are ever evaluated, across every API process.
 */
export async function checkCode(
  db: Database,
  key: CodeTarget,
  code: string,
  consume: boolean,
): Promise<void> {
  const guessHash = hashOf(key, code);
  const matches = sql`${oneTimeCodes.codeHash} = ${guessHash}`;
  const newest = db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.storeId, key.storeId),
        eq(oneTimeCodes.purpose, key.purpose),
        eq(oneTimeCodes.target, key.target),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const [judged] = await db
    .update(oneTimeCodes)
    .set({
      attempts: sql`${oneTimeCodes.attempts} + CASE WHEN ${matches} THEN 0 ELSE 1 END`,
      consumedAt: consume
        ? sql`CASE WHEN ${matches} THEN now() ELSE ${oneTimeCodes.consumedAt} END`
        : sql`${oneTimeCodes.consumedAt}`,
    })
    .where(
      and(
        eq(oneTimeCodes.id, sql`(${newest})`),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ matched: sql<boolean>`${matches}` });
  // No row: no live code, expired, used up by a racing request, or out of attempts.
  if (!judged) throw new ApiError("CODE_EXPIRED");
  if (!judged.matched) throw new ApiError("INVALID_CODE");
}

/** Uses up an emailed link token and answers the target (email) it was issued for. */
export async function consumeLinkToken(
  db: Database,
  storeId: number,
  purpose: CodePurpose,
  token: string,
): Promise<string> {
  const [used] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.codeHash, linkHashOf(storeId, purpose, token)),
        eq(oneTimeCodes.storeId, storeId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ target: oneTimeCodes.target });
  if (!used) throw new ApiError("CODE_EXPIRED");
  return used.target;
}

/** Removes codes and link tokens that expired more than `keptSeconds` ago, used or not. */
export function sweepDeadCodes(db: Database, keptSeconds: number): Promise<number> {
  return deleteInBatches(
    db,
    () => sql`DELETE FROM one_time_codes WHERE id IN (
      SELECT id FROM one_time_codes WHERE expires_at <= ${secondsAgo(keptSeconds)} LIMIT ${DELETE_BATCH}) RETURNING 1`,
  );
}
