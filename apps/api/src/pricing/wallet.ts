import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { walletBalances, walletEntries } from "./tables.ts";

/** A customer's balance, by the placeholders of a statement's store and customer; no row without credit. */
export const walletBalanceSelect = (store: string, customer: string) =>
  `SELECT balance FROM wallet_balances WHERE store_id = ${store} AND customer_id = ${customer}`;

const balanceOf = statement<{ balance: number }>("wallet_balance", walletBalanceSelect("$1", "$2"));

/** A customer's wallet balance in minor units; 0 for a customer who never had credit. */
export async function walletBalance(db: Database, storeId: number, customerId: number): Promise<number> {
  const [row] = await run(db, balanceOf, [storeId, customerId]);
  return row?.balance ?? 0;
}

/** Takes the amount off the balance while it covers it and records the entry (migration 0012). */
const debit = statement<{ debited: boolean }>(
  "wallet_debit",
  "SELECT stoa_debit_wallet($1, $2, $3, $4) AS debited",
);

/**
 * Spends wallet credit for an order inside the caller's transaction: one conditional statement
 * takes the amount only while the balance covers it, so concurrent orders can never take the
 * balance below zero. false when it does not cover it; nothing is then taken.
 */
export async function debitWallet(
  tx: Database,
  storeId: number,
  customerId: number,
  amount: number,
  orderId: number,
): Promise<boolean> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not a debit: ${amount}`);
  if (amount === 0) return true;
  const [row] = await run(tx, debit, [storeId, customerId, amount, orderId]);
  return row?.debited === true;
}

/** Adds credit (a cancelled order's spending given back, a refund, a welcome gift) and records why. */
export async function creditWallet(
  tx: Database,
  storeId: number,
  customerId: number,
  amount: number,
  orderId: number | null,
  reason: string,
): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not a credit: ${amount}`);
  if (amount === 0) return;
  await tx
    .insert(walletBalances)
    .values({ storeId, customerId, balance: amount })
    .onConflictDoUpdate({
      target: [walletBalances.storeId, walletBalances.customerId],
      set: { balance: sql`${walletBalances.balance} + ${amount}`, updatedAt: sql`now()` },
    });
  await tx.insert(walletEntries).values({ storeId, customerId, amount, orderId, reason });
}

/**
 * Staff add credit (a positive amount) or take it (a negative one) with their reason, inside the
 * caller's transaction. One conditional statement: credit goes in by an upsert; a debit takes the
 * amount only while the balance covers it, so it never goes below zero however many adjustments
 * and orders spend it at once. The balance after, or null when it did not cover it (nothing taken).
 */
export async function adjustWallet(
  tx: Database,
  storeId: number,
  customerId: number,
  amount: number,
  reason: string,
): Promise<{ before: number; after: number } | null> {
  if (!Number.isSafeInteger(amount) || amount === 0) throw new RangeError(`Not an adjustment: ${amount}`);
  const rows =
    amount > 0
      ? await tx
          .insert(walletBalances)
          .values({ storeId, customerId, balance: amount })
          .onConflictDoUpdate({
            target: [walletBalances.storeId, walletBalances.customerId],
            set: { balance: sql`${walletBalances.balance} + ${amount}`, updatedAt: sql`now()` },
          })
          .returning({ balance: walletBalances.balance })
      : await tx
          .update(walletBalances)
          .set({ balance: sql`${walletBalances.balance} + ${amount}`, updatedAt: sql`now()` })
          .where(
            and(
              eq(walletBalances.storeId, storeId),
              eq(walletBalances.customerId, customerId),
              gte(walletBalances.balance, -amount),
            ),
          )
          .returning({ balance: walletBalances.balance });
  const [row] = rows;
  if (!row) return null;
  await tx.insert(walletEntries).values({ storeId, customerId, amount, orderId: null, reason });
  return { before: row.balance - amount, after: row.balance };
}

/** A customer's wallet entries, newest first (wallet_entries_customer_idx); all of them without a limit. */
export async function walletEntriesOf(db: Database, storeId: number, customerId: number, limit?: number) {
  const query = db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.storeId, storeId), eq(walletEntries.customerId, customerId)))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id));
  return limit === undefined ? query : query.limit(limit);
}
