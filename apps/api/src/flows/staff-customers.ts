import {
  ERASED_CUSTOMER_NAME,
  FIELD_ERROR_KEYS,
  STAFF_WALLET_ENTRIES_SHOWN,
  type StaffCustomerDetail,
  type StaffCustomerExport,
  type StaffWalletAdjustBody,
} from "@stoa/contract";
import { deleteCustomerSessions, revokeAllSessions } from "../auth/sessions.ts";
import { customerContent, eraseCustomerContent } from "../content/customer-data.ts";
import {
  addressLines,
  customerAddressRows,
  customerSummary,
  eraseCustomerRow,
  setCustomerBlocked,
  storeCustomer,
} from "../customers/staff-customers.ts";
import type { CustomerRow } from "../customers/tables.ts";
import { anonymiseCustomerOrders, customerOrdersWithLines } from "../orders/service.ts";
import { dropProviderCustomers, providersHoldingCards } from "../payments/saved-cards.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { adjustWallet, walletBalance, walletEntriesOf } from "../pricing/wallet.ts";
import { recordChange } from "../staff/audit.ts";
import type { StoreRow } from "../stores/tables.ts";

/*
 * The console's customers (issue 33, decision 060): a customer's record, wallet adjustments,
 * blocking, and their personal data exported or erased on request. Each change is audited in its
 * own transaction.
 */

type Shop = Pick<StoreRow, "id" | "currency" | "siteTitle">;
type Who = { shop: Shop; staffId: number };

/** How the audit log names a customer: by number only, never by their personal data. */
const subjectOf = (customer: CustomerRow) => `customer:${customer.id}`;

export async function staffCustomerDetail(
  db: Database,
  shop: Shop,
  customerId: number,
): Promise<StaffCustomerDetail> {
  const customer = await storeCustomer(db, shop.id, customerId);
  const [addresses, balance, entries] = await Promise.all([
    customerAddressRows(db, customer),
    walletBalance(db, shop.id, customer.id),
    walletEntriesOf(db, shop.id, customer.id, STAFF_WALLET_ENTRIES_SHOWN),
  ]);
  return {
    customer: {
      ...customerSummary(customer),
      emailVerified: customer.emailVerifiedAt !== null,
      phoneVerified: customer.phoneVerifiedAt !== null,
      locale: customer.locale,
    },
    addresses: addresses.map((row) => ({
      id: row.id,
      type: row.type,
      isDefault: row.isDefault,
      lines: addressLines(row),
    })),
    wallet: {
      balance,
      currency: shop.currency,
      entries: entries.map((entry) => ({
        id: entry.id,
        amount: entry.amount,
        reason: entry.reason,
        orderId: entry.orderId,
        at: entry.createdAt.toISOString(),
      })),
    },
  };
}

/**
 * Adds credit or takes it, with staff's reason: one conditional statement, so the balance never
 * goes below zero however many adjustments and orders spend it at once (WALLET_WOULD_GO_NEGATIVE,
 * nothing taken). Guests have no wallet; an erased customer's is left as it stands.
 */
export async function adjustCustomerWallet(
  db: Database,
  { shop, staffId }: Who,
  body: StaffWalletAdjustBody,
): Promise<StaffCustomerDetail> {
  const customer = await storeCustomer(db, shop.id, body.customerId);
  if (customer.kind !== "customer" || customer.erasedAt) throw new ApiError("NOT_FOUND");
  await db.transaction(async (tx) => {
    const moved = await adjustWallet(tx, shop.id, customer.id, body.amount, body.reason);
    if (!moved) throw new ApiError("WALLET_WOULD_GO_NEGATIVE", { amount: "error-wallet-would-go-negative" });
    await recordChange(tx, {
      storeId: shop.id,
      staffId,
      action: "customer.wallet",
      subject: subjectOf(customer),
      before: { balance: moved.before },
      after: { balance: moved.after, amount: body.amount, reason: body.reason },
    });
  });
  return staffCustomerDetail(db, shop, customer.id);
}

/** Blocks a customer (their sessions end at once: no sign-in, no order) or unblocks them. */
export async function blockCustomer(
  db: Database,
  { shop, staffId }: Who,
  customerId: number,
  blocked: boolean,
): Promise<StaffCustomerDetail> {
  await db.transaction(async (tx) => {
    const before = await storeCustomer(tx, shop.id, customerId, true);
    if (before.erasedAt) throw new ApiError("NOT_FOUND");
    if ((before.blockedAt !== null) === blocked) return;
    const after = await setCustomerBlocked(tx, before, blocked);
    if (blocked) await revokeAllSessions(tx, after);
    await recordChange(tx, {
      storeId: shop.id,
      staffId,
      action: "customer.block",
      subject: subjectOf(after),
      before: { blocked: before.blockedAt !== null },
      after: { blocked },
    });
  });
  return staffCustomerDetail(db, shop, customerId);
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
/** A row as plain JSON: instants as ISO text. */
function plain<T extends Record<string, unknown>>(row: T, leaveOut: string[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !leaveOut.includes(key))
      .map(([key, value]) => [key, iso(value)]),
  );
}

/**
 * Everything the shop keeps about a customer, as the JSON handed to them on request: the account
 * (never its password's hash), addresses, orders with their lines and refund requests, wallet
 * entries, newsletter subscription, contact messages by their account or email, and which card
 * providers hold saved cards for them. Audited without the data itself.
 */
export async function exportCustomerData(
  db: Database,
  { shop, staffId }: Who,
  customerId: number,
): Promise<StaffCustomerExport> {
  const customer = await storeCustomer(db, shop.id, customerId);
  const whom = { storeId: shop.id, customerId: customer.id, email: customer.email };
  const [addresses, orders, wallet, balance, content, providers] = await Promise.all([
    customerAddressRows(db, customer),
    customerOrdersWithLines(db, shop.id, customer.id),
    walletEntriesOf(db, shop.id, customer.id),
    walletBalance(db, shop.id, customer.id),
    customerContent(db, whom),
    providersHoldingCards(db, { storeId: shop.id, customerId: customer.id }),
  ]);
  const internal = ["storeId", "idempotencyKey", "requestDigest"];
  const data: StaffCustomerExport = {
    exportedAt: new Date().toISOString(),
    store: { id: shop.id, name: shop.siteTitle },
    account: {
      ...plain(customer, ["storeId", "passwordHash"]),
      walletBalance: balance,
      currency: shop.currency,
    },
    addresses: addresses.map((row) => plain(row, ["storeId"])),
    orders: orders.map(({ order, lines, refunds }) => ({
      ...plain(order, internal),
      lines: lines.map((line) => plain(line, ["storeId", "orderId"])),
      refundRequests: refunds.map((refund) => plain(refund, ["storeId"])),
    })),
    walletEntries: wallet.map((entry) => plain(entry, ["storeId", "customerId"])),
    newsletter: content.newsletter.map((row) => plain(row, ["storeId"])),
    contactMessages: content.messages.map((row) => plain(row, ["storeId"])),
    savedCardProviders: providers,
  };
  await recordChange(db, {
    storeId: shop.id,
    staffId,
    action: "customer.export",
    subject: subjectOf(customer),
  });
  return data;
}

/**
 * Erases a customer's personal data on request, once their number is typed again: the account's
 * name, email, phone and password, their addresses, sessions, newsletter subscription, contact
 * messages and the shop's references to their saved cards go; their orders stay for the books
 * with the personal fields anonymised. The account can never sign in again. Audited by number
 * only, without the data erased.
 */
export async function eraseCustomer(
  db: Database,
  { shop, staffId }: Who,
  customerId: number,
  confirm: string,
): Promise<StaffCustomerDetail> {
  await db.transaction(async (tx) => {
    const customer = await storeCustomer(tx, shop.id, customerId, true);
    if (confirm !== String(customer.id))
      throw new ApiError("INVALID_INPUT", { confirm: FIELD_ERROR_KEYS.eraseConfirm });
    if (customer.erasedAt) return;
    const whom = { storeId: shop.id, customerId: customer.id };
    await eraseCustomerContent(tx, { ...whom, email: customer.email });
    const orders = await anonymiseCustomerOrders(tx, shop.id, customer.id, ERASED_CUSTOMER_NAME);
    await dropProviderCustomers(tx, whom);
    await deleteCustomerSessions(tx, shop.id, customer.id);
    await eraseCustomerRow(tx, customer);
    await recordChange(tx, {
      storeId: shop.id,
      staffId,
      action: "customer.erase",
      subject: subjectOf(customer),
      after: { erased: true, ordersAnonymised: orders },
    });
  });
  return staffCustomerDetail(db, shop, customerId);
}
