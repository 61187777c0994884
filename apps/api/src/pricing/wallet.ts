import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { walletBalances, walletEntries } from "./tables.ts";

/** A customer's wallet balance in minor units; 0 for a customer who never had credit. */
export async function walletBalance(db: Database, storeId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ balance: walletBalances.balance })
    .from(walletBalances)
    .where(and(eq(walletBalances.storeId, storeId), eq(walletBalances.customerId, customerId)));
  return row?.balance ?? 0;
}

/** Takes $3 off the balance while it covers it and records the entry for order $4, in one statement. */
const debit = statement<{ id: number }>(
  "wallet_debit",
  `WITH taken AS (
     UPDATE wallet_balances SET balance = balance - $3::int, updated_at = now()
     WHERE store_id = $1 AND customer_id = $2 AND balance >= $3::int
     RETURNING store_id
   )
   INSERT INTO wallet_entries (store_id, customer_id, amount, order_id, reason)
   SELECT $1, $2, -$3::int, $4, 'order' FROM taken RETURNING order_id AS id`,
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
  return (await run(tx, debit, [storeId, customerId, amount, orderId])).length > 0;
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
