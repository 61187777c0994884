import { z } from "zod";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";

/** Customers per page of the console's list. */
export const STAFF_CUSTOMERS_PAGE_SIZE = 20;
/** Wallet entries a customer's page shows, newest first. */
export const STAFF_WALLET_ENTRIES_SHOWN = 50;
/** The most one adjustment may add or take, in minor units. */
export const STAFF_WALLET_MOST = 100_000_000;
export const STAFF_WALLET_REASON_MAX = 200;

/**
 * The name an erased customer's orders carry instead of theirs: the console shows it translated
 * ("Erased customer"); the orders' money figures stay as they were.
 */
export const ERASED_CUSTOMER_NAME = "[erased]";

const customerId = z.coerce.number().int().positive();

export const staffCustomerListBodySchema = z.object({
  /** Part of a name, email or phone, any case. */
  q: z.string().trim().max(100, FIELD_ERROR_KEYS.tooLong).default(""),
  /** Guest sessions too; registered customers only when false. */
  guests: z.boolean().default(false),
});
export type StaffCustomerListBody = z.infer<typeof staffCustomerListBodySchema>;

/** A customer as the console's list shows them. */
export const staffCustomerSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(["customer", "guest"]),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** Blocked: cannot sign in nor order. */
  blockedAt: z.string().nullable(),
  /** Erased on request: the personal fields are gone, the account unusable. */
  erasedAt: z.string().nullable(),
});
export type StaffCustomerSummary = z.infer<typeof staffCustomerSummarySchema>;
export const staffCustomerListSchema = paginatedSchema(staffCustomerSummarySchema);
export type StaffCustomerList = z.infer<typeof staffCustomerListSchema>;

export const staffWalletEntrySchema = z.object({
  id: z.number().int(),
  /** Minor units: credit positive, spending negative. */
  amount: z.number().int(),
  reason: z.string(),
  orderId: z.number().int().nullable(),
  at: z.string(),
});
export type StaffWalletEntry = z.infer<typeof staffWalletEntrySchema>;

export const staffCustomerAddressSchema = z.object({
  id: z.number().int(),
  type: z.enum(["billing", "shipping"]),
  isDefault: z.boolean(),
  /** The address's lines as the shopper wrote them, in order. */
  lines: z.array(z.string()),
});

export const staffCustomerDetailSchema = z.object({
  customer: staffCustomerSummarySchema.extend({
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    locale: z.string(),
  }),
  addresses: z.array(staffCustomerAddressSchema),
  wallet: z.object({
    balance: z.number().int(),
    currency: z.string(),
    /** The newest STAFF_WALLET_ENTRIES_SHOWN entries. */
    entries: z.array(staffWalletEntrySchema),
  }),
});
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetailSchema>;

export const staffCustomerIdBodySchema = z.object({ customerId });

/** Staff add credit (positive) or take it (negative), saying why; never below zero (3121). */
export const staffWalletAdjustBodySchema = z.object({
  customerId,
  amount: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(-STAFF_WALLET_MOST, FIELD_ERROR_KEYS.tooSmall)
    .max(STAFF_WALLET_MOST, FIELD_ERROR_KEYS.tooLarge)
    .refine((amount) => amount !== 0, FIELD_ERROR_KEYS.invalid),
  reason: z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(STAFF_WALLET_REASON_MAX, FIELD_ERROR_KEYS.tooLong),
});
export type StaffWalletAdjustBody = z.infer<typeof staffWalletAdjustBodySchema>;

export const staffCustomerBlockBodySchema = z.object({ customerId, blocked: z.boolean() });

/**
 * Erasing asks the customer's number typed again (`confirm`), so a slip of the hand never erases
 * anyone; a wrong one is a field error on `confirm`.
 */
export const staffCustomerEraseBodySchema = z.object({
  customerId,
  confirm: z.string().trim().max(20, FIELD_ERROR_KEYS.tooLong),
});

const record = z.record(z.string(), z.unknown());
/** Everything the shop keeps about a customer, as the JSON they are given on request. */
export const staffCustomerExportSchema = z.object({
  exportedAt: z.string(),
  store: z.object({ id: z.number().int(), name: z.string() }),
  account: record,
  addresses: z.array(record),
  orders: z.array(record),
  walletEntries: z.array(record),
  newsletter: z.array(record),
  contactMessages: z.array(record),
  savedCardProviders: z.array(z.string()),
});
export type StaffCustomerExport = z.infer<typeof staffCustomerExportSchema>;

const staff = { tag: "Staff", auth: true, staff: true, permission: "catalogue" } as const;

/** The console's customer calls (managers and owners: the `catalogue` permission). */
export const staffCustomerEndpoints = {
  staffCustomerList: {
    method: "post",
    path: "/api/staff/customers/list",
    summary: "The shop's customers, newest first, by part of their name, email or phone",
    ...staff,
    query: paginationQuerySchema(STAFF_CUSTOMERS_PAGE_SIZE),
    body: staffCustomerListBodySchema,
    data: staffCustomerListSchema,
  },
  staffCustomerDetail: {
    method: "post",
    path: "/api/staff/customers/detail",
    summary: "One customer: contact, addresses, wallet balance and its newest entries",
    ...staff,
    body: staffCustomerIdBodySchema,
    data: staffCustomerDetailSchema,
  },
  staffCustomerWallet: {
    method: "post",
    path: "/api/staff/customers/wallet",
    summary:
      "Add credit to a customer's wallet or take it, with a reason (3121 when it would go below zero); audited",
    ...staff,
    body: staffWalletAdjustBodySchema,
    data: staffCustomerDetailSchema,
  },
  staffCustomerBlock: {
    method: "post",
    path: "/api/staff/customers/block",
    summary: "Block a customer (their sessions end; they cannot sign in nor order) or unblock them; audited",
    ...staff,
    body: staffCustomerBlockBodySchema,
    data: staffCustomerDetailSchema,
  },
  staffCustomerExport: {
    method: "post",
    path: "/api/staff/customers/export",
    summary: "Everything the shop keeps about a customer, as JSON; audited",
    ...staff,
    body: staffCustomerIdBodySchema,
    data: staffCustomerExportSchema,
  },
  staffCustomerErase: {
    method: "post",
    path: "/api/staff/customers/erase",
    summary:
      "Erase a customer's personal data on request (confirmed by their number typed again): orders and money kept, anonymised; audited",
    ...staff,
    body: staffCustomerEraseBodySchema,
    data: staffCustomerDetailSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
