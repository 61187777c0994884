import type { Locale } from "@stoa/contract";
import {
  type CartProduct,
  type CartProductRow,
  cartProductsOf,
  cartProductsSelect,
} from "../catalogue/products.ts";
import { windowLoadSelect } from "../delivery/service.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { walletBalanceSelect } from "./wallet.ts";

/*
 * What pricing a checkout reads from the database, in one statement (docs/decisions/020-order-create-path.md):
 * the cart's products, the customer's wallet balance and the orders the chosen delivery window
 * holds. They were three statements, sent side by side on three connections; on an order's path
 * every statement is a round trip whose sending, waking and reading cost the API and the database
 * more CPU than these reads themselves (docs/benchmarks.md, 2026-11-25). Each part is the SQL of
 * the module that owns its table.
 */

type ReadsRow = { products: CartProductRow[]; balance: number | null; booked: number | null };

/** $1 store, $2 product ids, $3 customer (null for a guest), $4 window start (null without one). */
const checkoutReads = statement<ReadsRow>(
  "pricing_checkout_reads",
  `SELECT
     (SELECT coalesce(json_agg(c), '[]') FROM (${cartProductsSelect("$1", "$2")}) c) AS products,
     (${walletBalanceSelect("$1", "$3::int")}) AS balance,
     (${windowLoadSelect("$1", "$4::timestamptz")}) AS booked`,
);

export type CheckoutReads = {
  catalogue: Map<number, CartProduct>;
  /** The wallet balance in minor units; 0 for a guest or a customer who never had credit. */
  balance: number;
  /** Orders the window holds; 0 before its first booking, or without a window. */
  booked: number;
};

/** Reads what pricing a checkout needs, in one round trip; ids of other stores' products are left out. */
export async function readCheckout(
  db: Database | Tx,
  storeId: number,
  {
    productIds,
    customerId,
    windowStart,
  }: { productIds: number[]; customerId: number | null; windowStart: Date | null },
  locale: Locale,
): Promise<CheckoutReads> {
  const [row] = await run(db as Database, checkoutReads, [
    storeId,
    [...new Set(productIds)],
    customerId,
    windowStart,
  ]);
  return {
    catalogue: cartProductsOf(row?.products ?? [], locale),
    balance: row?.balance ?? 0,
    booked: row?.booked ?? 0,
  };
}
