import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { type GiveBackRow, type GiveBackState, paymentGiveBacks } from "./tables.ts";

/*
 * The book of money owed back to cards (`payment_give_backs`): what flows/give-back.ts writes down
 * before asking a provider to release it, and what the sweeper asks again.
 */

export type OwedBack = Pick<
  GiveBackRow,
  "storeId" | "orderId" | "provider" | "paymentRef" | "kind" | "amount" | "currency"
>;
export type { GiveBackRow };

const byPayment = (row: Pick<GiveBackRow, "storeId" | "provider" | "paymentRef">) =>
  and(
    eq(paymentGiveBacks.storeId, row.storeId),
    eq(paymentGiveBacks.provider, row.provider),
    eq(paymentGiveBacks.paymentRef, row.paymentRef),
  );

/** Writes down that a payment must go back, in the caller's transaction; once per payment. */
export async function oweBack(tx: Database, owed: OwedBack): Promise<void> {
  await tx.insert(paymentGiveBacks).values(owed).onConflictDoNothing();
}

/** Give-backs whose next attempt is due by `now`, across stores, oldest due first. */
export async function dueGiveBacks(db: Database, now: Date, limit: number): Promise<GiveBackRow[]> {
  return db
    .select()
    .from(paymentGiveBacks)
    .where(and(eq(paymentGiveBacks.state, "due"), lte(paymentGiveBacks.nextAttemptAt, now)))
    .orderBy(asc(paymentGiveBacks.nextAttemptAt))
    .limit(limit);
}

/**
 * Takes a due give-back for one attempt by moving its next attempt on to `until`: another
 * process's sweep then finds it not due. Null when another took it first.
 */
export async function claimGiveBack(
  db: Database,
  row: GiveBackRow,
  until: Date,
): Promise<GiveBackRow | null> {
  const [claimed] = await db
    .update(paymentGiveBacks)
    .set({ nextAttemptAt: until })
    .where(
      and(
        byPayment(row),
        eq(paymentGiveBacks.state, "due"),
        eq(paymentGiveBacks.nextAttemptAt, row.nextAttemptAt),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Records what an attempt came to: its state, the attempts so far and when to try next. */
export async function recordGiveBackAttempt(
  tx: Database,
  owed: Pick<GiveBackRow, "storeId" | "provider" | "paymentRef">,
  attempt: { state: GiveBackState; attempts: number; nextAttemptAt: Date; lastResult: string | null },
): Promise<void> {
  await tx
    .update(paymentGiveBacks)
    .set({ ...attempt, updatedAt: sql`now()` })
    .where(and(byPayment(owed), eq(paymentGiveBacks.attempts, attempt.attempts - 1)));
}

/** What is owed back for an order. */
export async function giveBacksOfOrder(
  db: Database,
  storeId: number,
  orderId: number,
): Promise<GiveBackRow[]> {
  return db
    .select()
    .from(paymentGiveBacks)
    .where(and(eq(paymentGiveBacks.storeId, storeId), eq(paymentGiveBacks.orderId, orderId)));
}

/** The payment ref of a card order whose provider never named its payment (issue 30). */
export const unknownPaymentRef = (orderId: number) => `unknown:order-${orderId}`;

/**
 * Writes down, for the shop, a card order released while its payment state was unknown: any hold
 * it left is the shop's to look up at the provider (by the order number it was sent with) and
 * release there. Stuck from the start, since no retry can release what has no payment id.
 */
export async function reportUnknownPayment(
  tx: Database,
  owed: Omit<OwedBack, "paymentRef" | "kind">,
  why: string,
): Promise<void> {
  await tx
    .insert(paymentGiveBacks)
    .values({
      ...owed,
      kind: "void",
      paymentRef: unknownPaymentRef(owed.orderId),
      state: "stuck",
      lastResult: why,
    })
    .onConflictDoNothing();
}

/** A store's card money to settle by hand, newest first. */
export async function stuckGiveBacks(db: Database, storeId: number, limit: number): Promise<GiveBackRow[]> {
  return db
    .select()
    .from(paymentGiveBacks)
    .where(and(eq(paymentGiveBacks.storeId, storeId), eq(paymentGiveBacks.state, "stuck")))
    .orderBy(desc(paymentGiveBacks.updatedAt))
    .limit(limit);
}
