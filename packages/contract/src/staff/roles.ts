/**
 * Who may do what in a shop's console (issue 32). A member has one role; each staff call names the
 * permission it needs in the contract (`permission` of its endpoint), the API refuses a role without
 * it, and the console shows only what the member may open. One table, read by both sides.
 */
export const STAFF_ROLES = ["owner", "manager", "staff", "kitchen"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** The day's orders: list, detail, move, tracking, notes, packing slips. */
  "orders",
  /** Answer refund requests and refund orders from their page (staff up to the shop's refund limit). */
  "refunds",
  /** Stock levels and movements. */
  "stock",
  /** Contact messages and newsletter subscribers. */
  "messages",
  /** Look a gift card up. */
  "giftCards",
  /** Change what a gift card is worth. */
  "giftCardValues",
  /** Tables, tabs and the table board. */
  "tables",
  /** The reservations and bookings diary. */
  "bookings",
  /** The kitchen screen. */
  "kitchen",
  /** Products, categories, prices, coupons, customers and reports. */
  "catalogue",
  /** The shop's settings: name, hours, delivery, checkout rules. */
  "settings",
  /** Payment providers' keys and secrets, and the refund limit of staff. */
  "paymentSettings",
  /** Staff accounts: invite, change a role, disable, reset a password. */
  "staffAccounts",
  /** The audit log of every change. */
  "audit",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const DAILY_WORK: readonly StaffPermission[] = [
  "orders",
  "refunds",
  "stock",
  "messages",
  "giftCards",
  "tables",
  "bookings",
  "kitchen",
];

const GRANTED: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  manager: [...DAILY_WORK, "giftCardValues", "catalogue", "settings"],
  staff: DAILY_WORK,
  kitchen: ["kitchen"],
};

/** Whether a member of this role may make calls that need this permission. */
export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return GRANTED[role].includes(permission);
}

/** Every permission of a role, as the console's answer about its signed-in member carries them. */
export function permissionsOf(role: StaffRole): StaffPermission[] {
  return [...GRANTED[role]];
}

/** Roles an owner may give through an invitation or a change: any, the owner's own included. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
