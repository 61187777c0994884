import { z } from "zod";
import { tipOptionSchema } from "../checkout/checkout.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema } from "../platform/ids.ts";
import {
  KITCHEN_MOVES,
  ROUND_STATUSES,
  TABLE_AREA_MAX,
  TABLE_BOARD_STATES,
  TABLE_NAME_MAX,
  TABLE_SEATS_MAX,
  VOID_REASON_MAX,
} from "./constants.ts";
import { tabLineSchema, tabSchema } from "./schemas.ts";

/** A table as the console lists and edits it. */
export const staffTableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  area: z.string(),
  seats: z.number().int(),
  active: z.boolean(),
  /** When its code was last made: a code printed before then no longer opens the table. */
  codeMadeAt: z.string(),
});
export type StaffTable = z.infer<typeof staffTableSchema>;
export const staffTableListSchema = z.object({ tables: z.array(staffTableSchema) });

/** Create (no id) or edit a table. */
export const staffTableSaveBodySchema = z.object({
  id: idSchema.nullable().default(null),
  name: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(TABLE_NAME_MAX, FIELD_ERROR_KEYS.tooLong),
  area: z.string().trim().max(TABLE_AREA_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  seats: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(1, FIELD_ERROR_KEYS.tooSmall)
    .max(TABLE_SEATS_MAX, FIELD_ERROR_KEYS.tooLarge),
  active: z.boolean().default(true),
});
export type StaffTableSaveBody = z.infer<typeof staffTableSaveBodySchema>;
export type StaffTableSaveBodyInput = z.input<typeof staffTableSaveBodySchema>;

export const staffTableIdBodySchema = z.object({ tableId: idSchema });

/** One table's code on the printed sheet: the address its QR code opens. */
export const staffTableCodeSchema = z.object({
  tableId: z.number().int(),
  name: z.string(),
  area: z.string(),
  /** `https://<shop's domain>/menu?table=<code>`. */
  url: z.string(),
});
export type StaffTableCode = z.infer<typeof staffTableCodeSchema>;
export const staffTableSheetBodySchema = z.object({
  /** The tables to print; every active table when empty. */
  tableIds: z.array(idSchema).max(300).default([]),
});
export const staffTableSheetSchema = z.object({
  storeName: z.string(),
  codes: z.array(staffTableCodeSchema),
});
export type StaffTableSheet = z.infer<typeof staffTableSheetSchema>;

/** A table on the live board: how it stands and since when its last round came. */
export const staffBoardTableSchema = z.object({
  table: staffTableSchema,
  state: z.enum(TABLE_BOARD_STATES),
  tabId: z.number().int().nullable(),
  diners: z.number().int(),
  goods: z.number().int(),
  balance: z.number().int(),
  heldRounds: z.number().int(),
  minutesSinceLastRound: z.number().int().nullable(),
  counterAsked: z.boolean(),
});
export type StaffBoardTable = z.infer<typeof staffBoardTableSchema>;
export const staffBoardSchema = z.object({
  currency: z.string(),
  tables: z.array(staffBoardTableSchema),
  /** Grows with every change of any tab of the store, so a polling board redraws only on news. */
  version: z.string(),
});
export type StaffBoard = z.infer<typeof staffBoardSchema>;

export const staffTabIdBodySchema = z.object({ tabId: idSchema });

/** Seat a party: open (and confirm) the table's tab before its first round. */
export const staffSeatBodySchema = z.object({ tableId: idSchema });
export const staffMoveTabBodySchema = z.object({ tabId: idSchema, tableId: idSchema });
export const staffMergeTabsBodySchema = z.object({
  /** The tab that moves over and ends (`closed`). */
  tabId: idSchema,
  /** The tab that takes its rounds and shares. */
  intoTabId: idSchema,
});
export const staffVoidLineBodySchema = z.object({
  tabId: idSchema,
  lineId: idSchema,
  reason: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(VOID_REASON_MAX, FIELD_ERROR_KEYS.tooLong),
});
/** Settle what is left of a tab at the counter, in cash, with the tip the diners left. */
export const staffSettleTabBodySchema = z.object({
  tabId: idSchema,
  tip_option: tipOptionSchema.nullable().default(null),
});
/** Close a tab with nothing owed (diners left without ordering, a prank scan). */
export const staffCloseTabBodySchema = z.object({
  tabId: idSchema,
  reason: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(VOID_REASON_MAX, FIELD_ERROR_KEYS.tooLong),
});
export const staffTabSchema = tabSchema;

/** A kitchen ticket: one round of one tab, with its table. */
export const kitchenTicketSchema = z.object({
  roundId: z.number().int(),
  tabId: z.number().int(),
  tableName: z.string(),
  ticket: z.number().int(),
  status: z.enum(ROUND_STATUSES),
  dinerName: z.string(),
  sentAt: z.string(),
  lines: z.array(tabLineSchema),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;
export const kitchenQueueSchema = z.object({
  /** Sent and preparing, oldest first. */
  tickets: z.array(kitchenTicketSchema),
  /** The last few served, newest first, so a wrong "done" can be undone. */
  served: z.array(kitchenTicketSchema),
  version: z.string(),
});
export type KitchenQueue = z.infer<typeof kitchenQueueSchema>;
export const kitchenMoveBodySchema = z.object({ roundId: idSchema, to: z.enum(KITCHEN_MOVES) });

/** A dish the tables may order; a snoozed one (the kitchen ran out) leaves every table's menu until unsnoozed. */
export const kitchenDishSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  snoozed: z.boolean(),
  snoozedAt: z.string().nullable(),
});
export const kitchenDishListSchema = z.object({ dishes: z.array(kitchenDishSchema) });
export const snoozeDishBodySchema = z.object({ productId: idSchema, snoozed: z.boolean() });
