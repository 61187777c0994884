import {
  ADDRESS_BOOK_LIMIT,
  type AddressBook,
  type BookAddress,
  type ShippingInfo,
  shippingInfoSchema,
} from "@stoa/contract";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type CustomerAddressRow, type CustomerRow, customerAddresses, customers } from "./tables.ts";

type AddressType = "billing" | "shipping";
type Address = NonNullable<ShippingInfo["billing"]> | NonNullable<ShippingInfo["shipping"]>;
/** An address as a body of the book's calls carries it (checked and filled in by the contract). */
export type AddressInput = Address & { isDefault?: boolean };
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const ownedBy = (customer: CustomerRow) =>
  and(eq(customerAddresses.storeId, customer.storeId), eq(customerAddresses.customerId, customer.id));

function toBookAddress(row: CustomerAddressRow): BookAddress {
  return { ...row.address, id: row.id, isDefault: row.isDefault } as BookAddress;
}

/** Only what the contract's address holds is kept: a body's `isDefault` (or anything else) is not. */
function storedAddress(input: AddressInput): Address {
  const { isDefault: _isDefault, ...address } = input;
  return address as Address;
}

/** The book is a customer's own: a guest's session is for one order. */
function assertCustomer(customer: CustomerRow): void {
  if (customer.kind !== "customer") throw new ApiError("FORBIDDEN");
}

/**
 * Every change of a book takes the customer's row lock first, so two calls of one customer at once
 * count the book and switch its defaults one after the other (the partial unique index
 * `customer_addresses_default_uq` would refuse a second default anyway).
 */
async function lockedBook<T>(db: Database, customer: CustomerRow, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.storeId, customer.storeId), eq(customers.id, customer.id)))
      .for("update");
    return work(tx);
  });
}

async function ownAddress(tx: Tx | Database, customer: CustomerRow, id: number) {
  const [row] = await tx
    .select()
    .from(customerAddresses)
    .where(and(ownedBy(customer), eq(customerAddresses.id, id)))
    .limit(1);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** Clears the type's default, then sets it: two statements, so the unique index never sees two. */
async function switchDefault(tx: Tx, customer: CustomerRow, type: AddressType, id: number) {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        ownedBy(customer),
        eq(customerAddresses.type, type),
        eq(customerAddresses.isDefault, true),
        ne(customerAddresses.id, id),
      ),
    );
  const [row] = await tx
    .update(customerAddresses)
    .set({ isDefault: true, updatedAt: sql`now()` })
    .where(and(ownedBy(customer), eq(customerAddresses.id, id)))
    .returning();
  return row as CustomerAddressRow;
}

async function hasDefault(tx: Tx, customer: CustomerRow, type: AddressType) {
  const [row] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(and(ownedBy(customer), eq(customerAddresses.type, type), eq(customerAddresses.isDefault, true)))
    .limit(1);
  return Boolean(row);
}

async function insertAddress(tx: Tx, customer: CustomerRow, input: AddressInput) {
  const [totals] = await tx.select({ total: count() }).from(customerAddresses).where(ownedBy(customer));
  if ((totals?.total ?? 0) >= ADDRESS_BOOK_LIMIT) throw new ApiError("ADDRESS_BOOK_FULL");
  // The first address of a type is its default: a customer with addresses always has one.
  const makeDefault = input.isDefault === true || !(await hasDefault(tx, customer, input.type));
  const [row] = await tx
    .insert(customerAddresses)
    .values({
      storeId: customer.storeId,
      customerId: customer.id,
      type: input.type,
      address: storedAddress(input),
    })
    .returning();
  const added = row as CustomerAddressRow;
  return makeDefault ? switchDefault(tx, customer, input.type, added.id) : added;
}

async function deleteOwnAddress(tx: Tx, customer: CustomerRow, row: CustomerAddressRow) {
  await tx.delete(customerAddresses).where(and(ownedBy(customer), eq(customerAddresses.id, row.id)));
  if (!row.isDefault) return;
  // The newest other address of the type takes the default's place.
  const [next] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(and(ownedBy(customer), eq(customerAddresses.type, row.type)))
    .orderBy(desc(customerAddresses.id))
    .limit(1);
  if (next) await switchDefault(tx, customer, row.type, next.id);
}

export async function addressBook(db: Database, customer: CustomerRow): Promise<AddressBook> {
  assertCustomer(customer);
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(ownedBy(customer))
    .orderBy(asc(customerAddresses.id))
    .limit(ADDRESS_BOOK_LIMIT);
  return { addresses: rows.map(toBookAddress), limit: ADDRESS_BOOK_LIMIT };
}

export async function addAddress(db: Database, customer: CustomerRow, input: AddressInput) {
  assertCustomer(customer);
  return toBookAddress(await lockedBook(db, customer, (tx) => insertAddress(tx, customer, input)));
}

export async function updateAddress(db: Database, customer: CustomerRow, id: number, input: AddressInput) {
  assertCustomer(customer);
  const row = await lockedBook(db, customer, async (tx) => {
    const current = await ownAddress(tx, customer, id);
    if (current.type !== input.type) throw new ApiError("INVALID_INPUT", { type: "error-field-invalid" });
    const [changed] = await tx
      .update(customerAddresses)
      .set({ address: storedAddress(input), updatedAt: sql`now()` })
      .where(and(ownedBy(customer), eq(customerAddresses.id, id)))
      .returning();
    return input.isDefault && !current.isDefault
      ? switchDefault(tx, customer, current.type, id)
      : (changed as CustomerAddressRow);
  });
  return toBookAddress(row);
}

export async function deleteAddress(db: Database, customer: CustomerRow, id: number) {
  assertCustomer(customer);
  await lockedBook(db, customer, async (tx) =>
    deleteOwnAddress(tx, customer, await ownAddress(tx, customer, id)),
  );
  return { message: "successfully-address-deleted" };
}

export async function makeDefaultAddress(db: Database, customer: CustomerRow, id: number) {
  assertCustomer(customer);
  const row = await lockedBook(db, customer, async (tx) => {
    const current = await ownAddress(tx, customer, id);
    return current.isDefault ? current : switchDefault(tx, customer, current.type, id);
  });
  return toBookAddress(row);
}

/** Spec §3's one billing and one shipping address: the defaults of the book. */
export async function defaultAddresses(db: Database | Tx, customer: CustomerRow): Promise<ShippingInfo> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(and(ownedBy(customer), eq(customerAddresses.isDefault, true)));
  const of = (type: AddressType) => rows.find((row) => row.type === type)?.address ?? null;
  return shippingInfoSchema.parse({ billing: of("billing"), shipping: of("shipping") });
}

/** The spec's default shipping address as JSON text, as `User.shippingAddress` carries it. */
export async function defaultShippingText(db: Database, customer: CustomerRow): Promise<string | null> {
  const [row] = await db
    .select({ address: customerAddresses.address })
    .from(customerAddresses)
    .where(
      and(ownedBy(customer), eq(customerAddresses.type, "shipping"), eq(customerAddresses.isDefault, true)),
    )
    .limit(1);
  return row ? JSON.stringify(row.address) : null;
}

/**
 * `updateShippingInfo`: an address given replaces the default of its type (or is added as the
 * default when there is none); null deletes the default, as the one address of spec §3 was cleared.
 */
export async function saveDefaultAddresses(
  db: Database,
  customer: CustomerRow,
  changes: { billing?: Address | null; shipping?: Address | null },
): Promise<ShippingInfo> {
  return lockedBook(db, customer, async (tx) => {
    for (const type of ["billing", "shipping"] as const) {
      const change = changes[type];
      if (change === undefined) continue;
      const [current] = await tx
        .select()
        .from(customerAddresses)
        .where(
          and(ownedBy(customer), eq(customerAddresses.type, type), eq(customerAddresses.isDefault, true)),
        )
        .limit(1);
      if (change === null) {
        if (current) await deleteOwnAddress(tx, customer, current);
      } else if (current) {
        await tx
          .update(customerAddresses)
          .set({ address: change, updatedAt: sql`now()` })
          .where(and(ownedBy(customer), eq(customerAddresses.id, current.id)));
      } else {
        await insertAddress(tx, customer, { ...change, isDefault: true });
      }
    }
    return defaultAddresses(tx, customer);
  });
}

/** The street addresses of a customer's address book, for the referral rules' same-address check (decision 067). */
export async function savedStreetAddresses(db: Database, storeId: number, customerId: number) {
  const rows = await db
    .select({ address: customerAddresses.address })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.storeId, storeId), eq(customerAddresses.customerId, customerId)))
    .limit(ADDRESS_BOOK_LIMIT);
  return rows.map((row) => row.address.address);
}
