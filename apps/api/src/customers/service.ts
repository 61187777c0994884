import type { User } from "@stoa/contract";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { defaultShippingText } from "./addresses.ts";
import { type CustomerRow, customers } from "./tables.ts";

export type NewCustomer = typeof customers.$inferInsert;
export type CustomerChanges = Partial<NewCustomer>;

export async function toUser(db: Database, customer: CustomerRow): Promise<User> {
  return {
    userId: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    countryCode: customer.countryCode,
    emailVerified: customer.emailVerifiedAt !== null,
    isGuest: customer.kind === "guest",
    // Spec §3: the server keeps the shipping address as JSON text on the user (the book's default).
    shippingAddress: await defaultShippingText(db, customer),
  };
}

/** Opens an account (a registration or a guest); an address a verified owner holds is a conflict. */
export async function createCustomer(db: Database, values: NewCustomer): Promise<CustomerRow> {
  try {
    const [row] = await db.insert(customers).values(values).returning();
    return row as CustomerRow;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("CONFLICT");
    throw error;
  }
}

export async function customerById(db: Database, storeId: number, id: number): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The account an email signs in to: the verified owner when there is one, else the newest
 * unverified registration of that address.
 */
export async function customerByEmail(
  db: Database,
  storeId: number,
  email: string,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.email, email), eq(customers.kind, "customer")))
    .orderBy(sql`${customers.emailVerifiedAt} IS NULL`, desc(customers.id))
    .limit(1);
  return row ?? null;
}

export async function verifiedOwnerOfEmail(
  db: Database,
  storeId: number,
  email: string,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.storeId, storeId), eq(customers.email, email), isNotNull(customers.emailVerifiedAt)),
    )
    .limit(1);
  return row ?? null;
}

export async function customerByPhone(
  db: Database,
  storeId: number,
  countryCode: string,
  phone: string,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.storeId, storeId),
        eq(customers.countryCode, countryCode),
        eq(customers.phone, phone),
        isNotNull(customers.phoneVerifiedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateCustomer(db: Database, customer: CustomerRow, changes: CustomerChanges) {
  const [row] = await db
    .update(customers)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(customers.storeId, customer.storeId), eq(customers.id, customer.id)))
    .returning();
  return row as CustomerRow;
}

/**
 * The store's registered customers with one of these emails (stored lower-case, customers_email_idx):
 * who a guest giving an email at checkout may already be (decision 067's first-order rule).
 */
export async function customerIdsByEmails(db: Database, storeId: number, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), inArray(customers.email, [...emails])));
  return rows.map((row) => row.id);
}

/** True when a write hit a unique index: another verified owner took the address first. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  return code === "23505";
}

/** Names and emails of some customers of a store, by id: how other modules show who wrote something. */
export async function customerNames(
  db: Database,
  storeId: number,
  ids: readonly number[],
): Promise<Map<number, { id: number; firstName: string; lastName: string; email: string | null }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), sql`${customers.id} = ANY(${sql.param(unique)}::int[])`));
  return new Map(rows.map((row) => [row.id, row]));
}
