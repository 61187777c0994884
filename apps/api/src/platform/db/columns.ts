import { timestamp } from "drizzle-orm/pg-core";

/** `created_at` and `updated_at`, as most tables carry them. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
