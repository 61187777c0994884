import { AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { sweepDeadCodes } from "../auth/codes.ts";
import { sweepEndedSessions } from "../auth/sessions.ts";
import { sweepEndedThrottles } from "../auth/throttle.ts";
import { sweepOldProductChanges } from "../catalogue/product-changes.ts";
import { sweepDeliveredMessages } from "../notifications/outbox.ts";
import { DELETE_BATCH, deleteInBatches } from "../platform/db/batches.ts";
import type { Database } from "../platform/db/database.ts";
import type { Logger } from "../platform/logger.ts";
import { sweepEndedStaffSessions } from "../staff/sessions.ts";

/** How long what is finished is kept before the sweeper removes it. */
export const RETENTION = {
  /** Ended sessions and used or dead codes stay a day, for anyone reading the logs of an incident. */
  endedSeconds: 24 * 60 * 60,
  /** Sent and failed messages stay a week: the dev mailbox and a support question can still find them. */
  messageSeconds: 7 * 24 * 60 * 60,
  /** A registration whose email nobody proved within a week is dropped; the address may register again. */
  unverifiedSeconds: 7 * 24 * 60 * 60,
} as const;

export type SweepCounts = {
  throttles: number;
  sessions: number;
  codes: number;
  messages: number;
  customers: number;
  productChanges: number;
};

/**
 * Removes what has expired: throttle windows that ended, sessions and codes that ended a day ago,
 * delivered messages a week old, guest accounts without a live session and registrations never
 * verified, product changes an hour old (decision 069). Every condition is answered by an index (migration 0004), so a sweep reads only what
 * it removes. Safe to run in several API processes at once: a row is deleted once, by whichever
 * gets it first. Each module sweeps its own table; only the removal of abandoned accounts spans
 * modules (below).
 */
export async function sweepExpired(db: Database): Promise<SweepCounts> {
  const throttles = await sweepEndedThrottles(db);
  const sessions =
    (await sweepEndedSessions(db, RETENTION.endedSeconds)) +
    (await sweepEndedStaffSessions(db, RETENTION.endedSeconds));
  const codes = await sweepDeadCodes(db, RETENTION.endedSeconds);
  const messages = await sweepDeliveredMessages(db, RETENTION.messageSeconds);
  const customers = await removeAbandonedAccounts(db);
  const productChanges = await sweepOldProductChanges(db);
  return { throttles, sessions, codes, messages, customers, productChanges };
}

/**
 * A flow across customers, auth, wishlist and carts, kept as one statement on purpose: an account and the
 * rows keyed to it (its sessions, its wishlist, its saved cart) go together, atomically, in one round trip, each
 * table reached through its index. Through four services it would take a transaction and four
 * statements per batch for the same effect.
 */
function removeAbandonedAccounts(db: Database): Promise<number> {
  // A guest is kept while any session of theirs lives; a registration never verified is dropped
  // after a week with its sessions, wishlist and saved cart. A guest session lives a day (spec §9), so a guest
  // is gone a day after their last session ended, unless they placed an order: its email links to
  // it, and the shop needs to know whose it is.
  return deleteInBatches(
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
                  AND s.expires_at > now() AND s.revoked_at IS NULL)
              AND NOT EXISTS (
                SELECT 1 FROM orders o WHERE o.store_id = c.store_id AND o.customer_id = c.id))
            OR (c.kind = 'customer'
              AND c.created_at <= now() - make_interval(secs => ${RETENTION.unverifiedSeconds})))
        LIMIT ${DELETE_BATCH})
      RETURNING store_id, id
    ), sessions_gone AS (
      DELETE FROM sessions WHERE (store_id, customer_id) IN (SELECT store_id, id FROM gone)
    ), wishes_gone AS (
      DELETE FROM wishlist_items WHERE (store_id, customer_id) IN (SELECT store_id, id FROM gone)
    ), carts_gone AS (
      DELETE FROM saved_carts WHERE (store_id, customer_id) IN (SELECT store_id, id FROM gone)
    )
    SELECT 1 FROM gone`,
  );
}

/** A step of the sweeper's own that reports what it did (card orders reconciled with their provider). */
export type SweepStep = { name: string; run: () => Promise<Record<string, number>> };

/**
 * Sweeps every `intervalMs`, the first time one interval after start (nothing at start-up that
 * can wait). `steps` run at start-up too: reconciling card orders is what an API killed in the
 * middle of a payment needs first once it is back. Returns a stop function.
 */
export function startSweeper(
  db: Database,
  logger: Logger,
  intervalMs = 10 * 60 * 1000,
  steps: SweepStep[] = [],
  stepIntervalMs = 60 * 1000,
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let stepTimer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const counts = await sweepExpired(db);
      if (Object.values(counts).some((n) => n > 0)) logger.info(counts, "expired rows removed");
    } catch (error) {
      logger.error({ err: error }, "sweep failed");
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  const runSteps = async () => {
    for (const step of steps) {
      try {
        const counts = await step.run();
        if (Object.values(counts).some((n) => n > 0)) logger.info(counts, step.name);
      } catch (error) {
        logger.error({ err: error, step: step.name }, "sweep step failed");
      }
    }
    if (!stopped) stepTimer = setTimeout(runSteps, stepIntervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  if (steps.length > 0) stepTimer = setTimeout(runSteps, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(stepTimer);
  };
}
