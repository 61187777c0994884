import type { Locale } from "@stoa/contract";
import { type Account, type SigningIn, sessionLookupSelect, signedInBy } from "../auth/sessions.ts";
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
 * What pricing a checkout reads from the database, in one statement
 * (docs/decisions/020-order-create-path.md): the cart's products, the customer's wallet balance,
 * the orders the chosen delivery window holds, and for a caller not looked up yet, the session of
 * its token. They were four statements; on an order's path every statement is a round trip whose
 * sending, waking and reading cost the API and the database more CPU than these reads themselves
 * (docs/benchmarks.md, 2026-11-25 and 2026-11-26). Each part is the SQL of the module that owns
 * its table.
 */

type ReadsRow = {
  products: CartProductRow[];
  balance: number | null;
  booked: number | null;
  found?: Parameters<typeof signedInBy>[0];
};

const parts = (customer: string) => `
     (SELECT coalesce(json_agg(c), '[]') FROM (${cartProductsSelect("$1", "$2")}) c) AS products,
     (${walletBalanceSelect("$1", customer)}) AS balance,
     (${windowLoadSelect("$1", "$4::timestamptz")}) AS booked`;

/** $1 store, $2 product ids, $3 customer (null for a guest), $4 window start (null without one). */
const checkoutReads = statement<ReadsRow>("pricing_checkout_reads", `SELECT ${parts("$3::int")}`);

/**
 * The same, with the caller's session looked up by its token hash ($3) in the same round trip:
 * the wallet is a signed-in customer's, never a guest's.
 */
const checkoutReadsSigningIn = statement<ReadsRow>(
  "pricing_checkout_reads_signing_in",
  `WITH caller AS (${sessionLookupSelect("$3")})
   SELECT (SELECT found FROM caller) AS found,
     ${parts("(SELECT customer_id FROM caller WHERE customer_kind = 'customer')")}`,
);

export type CheckoutReads = {
  catalogue: Map<number, CartProduct>;
  /** The wallet balance in minor units; 0 for a guest or a customer who never had credit. */
  balance: number;
  /** Orders the window holds; 0 before its first booking, or without a window. */
  booked: number;
  /** The caller, when the reads signed one in. */
  account: Account | null;
};

/** Whose checkout it is: a customer known already (null for a guest's wallet), or one to sign in. */
export type ReadsCaller = { customerId: number | null } | SigningIn;

/**
 * Reads what pricing a checkout needs, in one round trip; ids of other stores' products are left
 * out. A caller signing in is checked as `authenticate` checks one (auth/sessions.ts).
 */
export async function readCheckout(
  db: Database | Tx,
  storeId: number,
  {
    productIds,
    caller,
    windowStart,
  }: { productIds: number[]; caller: ReadsCaller; windowStart: Date | null },
  locale: Locale,
): Promise<CheckoutReads> {
  const signing = "tokenHash" in caller;
  const [row] = await run(db as Database, signing ? checkoutReadsSigningIn : checkoutReads, [
    storeId,
    [...new Set(productIds)],
    signing ? caller.tokenHash : caller.customerId,
    windowStart,
  ]);
  return {
    account: signing ? signedInBy(row?.found, caller) : null,
    catalogue: cartProductsOf(row?.products ?? [], locale),
    balance: row?.balance ?? 0,
    booked: row?.booked ?? 0,
  };
}
