import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { throttles } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";

export type ThrottleRule = { limit: number; windowSeconds: number };

/** Limits of guessable calls, per client address and per account or target. */
export const THROTTLES = {
  loginPerIp: { limit: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
  codePerIp: { limit: 20, windowSeconds: 60 * 60 },
  codePerTarget: { limit: 5, windowSeconds: 60 * 60 },
  verifyPerIp: { limit: 60, windowSeconds: 15 * 60 },
  guestPerIp: { limit: 60, windowSeconds: 60 * 60 },
  logPerIp: { limit: 120, windowSeconds: 60 },
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
