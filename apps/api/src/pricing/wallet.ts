import { sql } from "drizzle-orm";
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
