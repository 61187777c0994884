import { type Locale, localized } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { dineInDishes, isDineInDish } from "../catalogue/dine-in-dishes.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { dishSnoozes } from "./tables.ts";

/*
 * Snoozed dishes (issue 34): the kitchen ran out of something for tonight. A snooze is a row of
 * `dish_snoozes`, which the table menu and a round read on every call, so the dish leaves every
 * table's menu with the next read and needs no catalogue version (nor touches the product's row).
 */

export type KitchenDish = { productId: number; name: string; snoozed: boolean; snoozedAt: string | null };

/** The dishes the tables may order, in the shop's language for the reader, snoozed ones marked. */
export async function kitchenDishes(db: Database, storeId: number, locale: Locale): Promise<KitchenDish[]> {
  const snoozedAt = sql<string | null>`(SELECT s.snoozed_at FROM ${dishSnoozes} s
    WHERE s.store_id = products.store_id AND s.product_id = products.id)`.as("snoozed_at");
  const rows = await dineInDishes(db, storeId, snoozedAt);
  return rows
    .map((row) => ({
      productId: row.id,
      name: localized(row.nameLocalizations, locale),
      snoozed: row.extra !== null,
      snoozedAt: row.extra === null ? null : new Date(row.extra).toISOString(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * Snoozes a dine-in dish, or brings it back; a dish not on the dine-in menu is NOT_FOUND. Doing
 * what is done already changes nothing and writes no audit row.
 */
export async function snoozeDish(
  db: Database,
  who: { storeId: number; staffId: number },
  productId: number,
  snoozed: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await isDineInDish(tx, who.storeId, productId))) throw new ApiError("NOT_FOUND");
    const changed = snoozed
      ? await tx
          .insert(dishSnoozes)
          .values({ storeId: who.storeId, productId, snoozedBy: who.staffId })
          .onConflictDoNothing()
          .returning({ at: dishSnoozes.snoozedAt })
      : await tx
          .delete(dishSnoozes)
          .where(and(eq(dishSnoozes.storeId, who.storeId), eq(dishSnoozes.productId, productId)))
          .returning({ at: dishSnoozes.snoozedAt });
    if (changed.length === 0) return;
    await recordChange(tx, {
      storeId: who.storeId,
      staffId: who.staffId,
      action: snoozed ? "dish.snooze" : "dish.unsnooze",
      subject: `product:${productId}`,
      before: { snoozed: !snoozed },
      after: { snoozed },
    });
  });
}
