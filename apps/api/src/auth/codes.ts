import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { CODE_TTL_SECONDS } from "../notifications/messages.ts";
import { DELETE_BATCH, deleteInBatches, secondsAgo } from "../platform/db/batches.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { newCode, newToken, sha256 } from "./crypto.ts";
import { oneTimeCodes, throttles } from "./tables.ts";

export const LINK_TTL_SECONDS = 24 * 60 * 60;

/**
 * How often one target (an email or a phone) may be sent codes of one purpose (decision 041): a
 * minute apart for the first few within an hour, then ten minutes apart. Only codes really sent
 * count, and the wait never grows past ten minutes, so a stranger asking on someone's behalf can
 * slow their codes but never stop them; meanwhile the newest code sent is theirs to use.
 */
export const CODE_SENDING = {
  cooldownSeconds: 60,
  quickCodesPerHour: 3,
  slowCooldownSeconds: 10 * 60,
} as const;

/**
 * Wrong guesses at one code (decision 041): five from any one address, after which that address
 * must ask for a new code, and thirty from all addresses together, after which the code is dead.
 * A stranger's guesses from one address thus never end the owner's code, and a code is guessed
 * with a chance of at most 30 in a million.
 */
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODE_GUESSES = 30;

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
 * and a new one is refused while the target's wait (CODE_SENDING) runs. The wait is read and the
 * code written under a lock of the target, so two requests at once never both send.
 */
export async function issueCode(
  db: Database,
  key: CodeTarget,
  kind: "code" | "link" = "code",
): Promise<string> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code|${key.storeId}|${key.purpose}|${key.target}`}, 0))`,
  );
  const [recent] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      newest: sql<Date>`max(${oneTimeCodes.createdAt})`,
    })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.storeId, key.storeId),
        eq(oneTimeCodes.purpose, key.purpose),
        eq(oneTimeCodes.target, key.target),
        gt(oneTimeCodes.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if (recent && recent.sent > 0) {
    const cooldown =
      recent.sent >= CODE_SENDING.quickCodesPerHour
        ? CODE_SENDING.slowCooldownSeconds
        : CODE_SENDING.cooldownSeconds;
    const wait = cooldown - Math.floor((Date.now() - new Date(recent.newest).getTime()) / 1000);
    if (wait > 0) throw new ApiError("CODE_COOLDOWN", undefined, wait);
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
 * Checks a code against the newest live code of the flow, guessed from the address `from`. A wrong
 * code costs an attempt of that address and of the code; an address out of attempts, a code out of
 * guesses (MAX_CODE_GUESSES) or past its time is told to ask for a new one. `consume` uses it up.
 *
 * The guess is judged and counted under the code's row lock: concurrent guesses on one code queue
 * on it, and each sees the counts of the ones before it, so exactly MAX_CODE_ATTEMPTS wrong guesses
 * from one address, and MAX_CODE_GUESSES from all, are ever judged, across every API process.
 */
export async function checkCode(
  db: Database,
  key: CodeTarget,
  code: string,
  consume: boolean,
  from: string,
): Promise<void> {
  const verdict = await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, expiresAt: oneTimeCodes.expiresAt })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.storeId, key.storeId),
          eq(oneTimeCodes.purpose, key.purpose),
          eq(oneTimeCodes.target, key.target),
          isNull(oneTimeCodes.consumedAt),
          gt(oneTimeCodes.expiresAt, sql`now()`),
          lt(oneTimeCodes.attempts, MAX_CODE_GUESSES),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1)
      .for("update");
    // No row: no live code, expired, used up by a racing request, or out of guesses.
    if (!live) return "dead" as const;
    const guesserKey = `code-guess:${live.id}:${from}`;
    const [guesser] = await tx
      .select({ wrong: throttles.hits })
      .from(throttles)
      .where(eq(throttles.key, guesserKey));
    if ((guesser?.wrong ?? 0) >= MAX_CODE_ATTEMPTS) return "dead" as const;
    if (live.codeHash === hashOf(key, code)) {
      if (consume)
        await tx.update(oneTimeCodes).set({ consumedAt: sql`now()` }).where(eq(oneTimeCodes.id, live.id));
      return "right" as const;
    }
    await tx
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, live.id));
    // Kept as long as the code lives; the sweeper removes it after.
    await tx
      .insert(throttles)
      .values({ key: guesserKey, hits: 1, windowEndsAt: live.expiresAt })
      .onConflictDoUpdate({ target: throttles.key, set: { hits: sql`${throttles.hits} + 1` } });
    return "wrong" as const;
  });
  if (verdict === "dead") throw new ApiError("CODE_EXPIRED");
  if (verdict === "wrong") throw new ApiError("INVALID_CODE");
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
