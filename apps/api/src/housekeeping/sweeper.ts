import { AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS } from "@stoa/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import type { Logger } from "../platform/logger.ts";

/** How long what is finished is kept before the sweeper removes it. */
export const RETENTION = {
  /** Ended sessions and used or dead codes stay a day, for anyone reading the logs of an incident. */
  endedSeconds: 24 * 60 * 60,
  /** Sent and failed messages stay a week: the dev mailbox and a support question can still find them. */
  messageSeconds: 7 * 24 * 60 * 60,
  /** A registration whose email nobody proved within a week is dropped; the address may register again. */
  unverifiedSeconds: 7 * 24 * 60 * 60,
} as const;

/** Rows removed per statement: short statements keep row locks and WAL bursts small. */
const BATCH = 1000;

export type SweepCounts = {
  throttles: number;
  sessions: number;
  codes: number;
  messages: number;
  customers: number;
};

/** Runs one batched DELETE … RETURNING until a batch comes back short; answers how many went. */
async function inBatches(db: Database, statement: () => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(statement());
    const removed = (result as unknown as { rows?: unknown[] }).rows?.length ?? 0;
    total += removed;
    if (removed < BATCH) return total;
  }
}

/**
 * Removes what has expired: throttle windows that ended, sessions and codes that ended a day ago,
 * delivered messages a week old, guest accounts without a live session and registrations never
 * verified. Every condition is answered by an index (migration 0004), so a sweep reads only what
 * it removes. Safe to run in several API processes at once: a row is deleted once, by whichever
 * gets it first.
 */
export async function sweepExpired(db: Database): Promise<SweepCounts> {
  const ended = sql`now() - make_interval(secs => ${RETENTION.endedSeconds})`;
  const throttles = await inBatches(
    db,
    () => sql`DELETE FROM throttles WHERE key IN (
      SELECT key FROM throttles WHERE window_ends_at <= now() LIMIT ${BATCH}) RETURNING 1`,
  );
  const sessions = await inBatches(
    db,
    () => sql`DELETE FROM sessions WHERE token_hash IN (
      SELECT token_hash FROM sessions WHERE expires_at <= ${ended}
      UNION
      SELECT token_hash FROM sessions WHERE revoked_at IS NOT NULL AND revoked_at <= ${ended}
      LIMIT ${BATCH}) RETURNING 1`,
  );
  const codes = await inBatches(
    db,
    () => sql`DELETE FROM one_time_codes WHERE id IN (
      SELECT id FROM one_time_codes WHERE expires_at <= ${ended} LIMIT ${BATCH}) RETURNING 1`,
  );
  const messages = await inBatches(
    db,
    () => sql`DELETE FROM outbox WHERE id IN (
      SELECT id FROM outbox WHERE status <> 'pending'
        AND created_at <= now() - make_interval(secs => ${RETENTION.messageSeconds})
      LIMIT ${BATCH}) RETURNING 1`,
  );
  // A guest is kept while any session of theirs lives; a registration never verified is dropped
  // after a week with its sessions and wishlist. A guest session lives a day (spec §9), so a guest
  // is gone a day after their last session ended. (When orders arrive, a guest who ordered stays.)
  const customers = await inBatches(
    db,
    () => sql`WITH gone AS (
      DELETE FROM customers WHERE (store_id, id) IN (
        SELECT c.store_id, c.id FROM customers c
        WHERE (c.kind = 'guest' OR (c.email IS NOT NULL AND c.email_verified_at IS NULL AND c.phone_verified_at IS NULL))
          AND (
            (c.kind = 'guest'
              AND c.created_at <= now() - make_interval(secs => ${AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS})
              AND NOT EXISTS (
                SELECT 1 FROM sessions s
                WHERE s.store_id = c.store_id AND s.customer_id = c.id
                  AND s.expires_at > now() AND s.revoked_at IS NULL))
            OR (c.kind = 'customer'
              AND c.created_at <= now() - make_interval(secs => ${RETENTION.unverifiedSeconds})))
        LIMIT ${BATCH})
      RETURNING store_id, id
    ), sessions_gone AS (
      DELETE FROM sessions WHERE (store_id, customer_id) IN (SELECT store_id, id FROM gone)
    ), wishes_gone AS (
      DELETE FROM wishlist_items WHERE (store_id, customer_id) IN (SELECT store_id, id FROM gone)
    )
    SELECT 1 FROM gone`,
  );
  return { throttles, sessions, codes, messages, customers };
}

/**
 * Sweeps every `intervalMs`, the first time one interval after start (nothing at start-up that
 * can wait). Returns a stop function.
 */
export function startSweeper(db: Database, logger: Logger, intervalMs = 10 * 60 * 1000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const counts = await sweepExpired(db);
      if (Object.values(counts).some((n) => n > 0)) logger.info(counts, "expired rows removed");
    } catch (error) {
      logger.error({ err: error }, "sweep failed");
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
