import {
  countedResultsCap,
  type PaginationQuery,
  paginate,
  type StaffCustomerList,
  type StaffCustomerListBody,
  type StaffCustomerSummary,
} from "@stoa/contract";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { countUpTo } from "../platform/db/counting.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type CustomerAddressRow, type CustomerRow, customerAddresses, customers } from "./tables.ts";

/*
 * The console's customers (issue 33): the list and search, a customer's record, blocking, and the
 * customer's own rows when their data is exported or erased (decision 060).
 */

/** The text the search index (customers_search_idx) is built on, the same expression. */
const searchText = sql`lower(${customers.firstName} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.email}, '') || ' ' || coalesce(${customers.phone}, ''))`;

export function customerSummary(row: CustomerRow): StaffCustomerSummary {
  return {
    id: row.id,
    kind: row.kind,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    countryCode: row.countryCode,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    blockedAt: row.blockedAt?.toISOString() ?? null,
    erasedAt: row.erasedAt?.toISOString() ?? null,
  };
}

/**
 * A store's customers, newest first (customers_store_kind_idx backwards), by part of their name,
 * email or phone (the trigram index customers_search_idx); counted only as far as the pages
 * ahead, like the staff order list.
 */
export async function staffCustomerList(
  db: Database,
  storeId: number,
  filter: StaffCustomerListBody,
  page: PaginationQuery,
): Promise<StaffCustomerList> {
  const q = filter.q.toLowerCase();
  const conditions: (SQL | undefined)[] = [
    eq(customers.storeId, storeId),
    filter.guests ? undefined : eq(customers.kind, "customer"),
    q ? sql`${searchText} LIKE ${`%${q.replace(/[\\%_]/g, "\\$&")}%`}` : undefined,
  ];
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    countUpTo(db, customers, where, countedResultsCap(page)),
  ]);
  return paginate(rows.map(customerSummary), counted.total, page, counted.lowerBound);
}

/** A customer of the store, or NOT_FOUND; `lock` takes the row's lock for the caller's transaction. */
export async function storeCustomer(
  db: Database,
  storeId: number,
  customerId: number,
  lock = false,
): Promise<CustomerRow> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

export async function customerAddressRows(
  db: Database,
  customer: CustomerRow,
): Promise<CustomerAddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(
      and(eq(customerAddresses.storeId, customer.storeId), eq(customerAddresses.customerId, customer.id)),
    )
    .orderBy(asc(customerAddresses.id));
}

/** An address's lines as written (its own fields, then the place's), for reading on the customer's page. */
export function addressLines(row: CustomerAddressRow): string[] {
  const lines: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string" || typeof value === "number") {
      const text = String(value).trim();
      if (text) lines.push(text);
    } else if (value && typeof value === "object") for (const inner of Object.values(value)) walk(inner);
  };
  walk(row.address);
  return lines;
}

/** Blocks or unblocks; the blocked time is kept while blocked (null when not). */
export async function setCustomerBlocked(
  tx: Database,
  customer: CustomerRow,
  blocked: boolean,
): Promise<CustomerRow> {
  const [row] = await tx
    .update(customers)
    .set({ blockedAt: blocked ? (customer.blockedAt ?? sql`now()`) : null, updatedAt: sql`now()` })
    .where(and(eq(customers.storeId, customer.storeId), eq(customers.id, customer.id)))
    .returning();
  if (!row) throw new Error(`customer ${customer.id} vanished`);
  return row;
}

/**
 * Erases a customer's own personal data: the name, email, phone and password go, the addresses are
 * deleted, and the account is marked erased, so no sign-in can reach it again.
 */
export async function eraseCustomerRow(tx: Database, customer: CustomerRow): Promise<CustomerRow> {
  await tx
    .delete(customerAddresses)
    .where(
      and(eq(customerAddresses.storeId, customer.storeId), eq(customerAddresses.customerId, customer.id)),
    );
  const [row] = await tx
    .update(customers)
    .set({
      firstName: "",
      lastName: "",
      email: null,
      emailVerifiedAt: null,
      countryCode: null,
      phone: null,
      phoneVerifiedAt: null,
      passwordHash: null,
      erasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(customers.storeId, customer.storeId), eq(customers.id, customer.id)))
    .returning();
  if (!row) throw new Error(`customer ${customer.id} vanished`);
  return row;
}
