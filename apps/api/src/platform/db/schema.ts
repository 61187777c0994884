/*
 * Every table of the API, gathered for Drizzle and drizzle-kit (drizzle.config.ts). No table is
 * defined here: each module owns its tables in its own `tables.ts`.
 */
export * from "../../auth/tables.ts";
export * from "../../bookings/tables.ts";
export * from "../../carts/tables.ts";
export * from "../../catalogue/tables.ts";
export * from "../../content/tables.ts";
export * from "../../customers/tables.ts";
export * from "../../delivery/tables.ts";
export * from "../../dine-in/tables.ts";
export * from "../../gift-cards/tables.ts";
export * from "../../inventory/tables.ts";
export * from "../../notifications/tables.ts";
export * from "../../orders/tables.ts";
export * from "../../payments/tables.ts";
export * from "../../pricing/tables.ts";
export * from "../../promotions/tables.ts";
export * from "../../referrals/tables.ts";
export * from "../../reservations/tables.ts";
export * from "../../reviews/tables.ts";
export * from "../../staff/tables.ts";
export * from "../../stock-alerts/tables.ts";
export * from "../../stores/tables.ts";
export * from "../../wishlist/tables.ts";
