/*
 * Dine-in (issue 34, docs/decisions/065-dine-in.md): a table's QR code opens a shared tab; diners
 * add rounds that the kitchen gets as tickets; the bill is paid whole or split between diners.
 */

/** Longest table name ("Terrace 12") and area ("Garden"). */
export const TABLE_NAME_MAX = 40;
export const TABLE_AREA_MAX = 40;
export const TABLE_SEATS_MAX = 60;
/** The most tables one shop keeps (the sheet, the board and the lists read them all at once). */
export const TABLES_PER_STORE_MAX = 300;

/**
 * A table code as the QR code carries it: 43 base64url characters, 256 bits from the server, never
 * the table's number. Checked for shape before the database is asked.
 */
export const TABLE_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a diner types once so the others see whose round it is ("Maya"); "Guest 2" when empty. */
export const DINER_NAME_MAX = 30;
/** Lines of one round, and units of one line. */
export const ROUND_LINES_MAX = 40;
export const ROUND_LINE_QUANTITY_MAX = 50;
/** A note for the kitchen on one line ("no onions"). */
export const LINE_NOTE_MAX = 140;
/** Why a line sent by mistake was voided, kept with it. */
export const VOID_REASON_MAX = 200;
/** The most diners one tab's bill splits evenly between. */
export const SPLIT_PARTS_MAX = 20;

/**
 * How often an open tab page and the staff's live screens ask for news when the server cannot push
 * it (DESIGN §6 "falling back to polling"): seconds between asks.
 */
export const DINE_IN_REFRESH_SECONDS = 3;

/** Where a tab stands: taking rounds, bill asked (no more rounds), paid and closed, or closed unpaid by staff. */
export const TAB_STATUSES = ["open", "billing", "paid", "closed"] as const;
export type TabStatus = (typeof TAB_STATUSES)[number];

/**
 * Where a round stands. `held`: a tab no member of staff has seated yet keeps its rounds from the
 * kitchen until staff confirm the table (the kitchen's protection, decision 065). `sent`: on the
 * kitchen screen; then `preparing`, `served`.
 */
export const ROUND_STATUSES = ["held", "sent", "preparing", "served"] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** The moves of the kitchen screen: forward one step, or back one (an "undo" of a wrong tap). */
export const KITCHEN_MOVES = ["preparing", "served", "sent"] as const;
export type KitchenMove = (typeof KITCHEN_MOVES)[number];

/** How a table looks on the live board. */
export const TABLE_BOARD_STATES = [
  "free",
  /** Diners scanned and opened a tab staff have not confirmed: its rounds wait. */
  "unconfirmed",
  "ordering",
  "waitingForFood",
  "billAsked",
  "inactive",
] as const;
export type TableBoardState = (typeof TABLE_BOARD_STATES)[number];

/** How one diner's share of the bill is named: the whole rest, one of N even parts, or the lines they had. */
export const SHARE_KINDS = ["whole", "even", "items"] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** How a tab is paid: card on the diner's phone, or at the counter (staff settle it). */
export const TAB_PAYMENT_WAYS = ["card", "counter"] as const;
export type TabPaymentWay = (typeof TAB_PAYMENT_WAYS)[number];
