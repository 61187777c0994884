import {
  type Locale,
  type PaginationQuery,
  paginate,
  type StaffStockAdjustBody,
  type StaffStockAdjusted,
  type StaffStockItem,
  type StaffStockMovement,
  type StaffStockProduct,
  type StaffStockThresholdBody,
} from "@stoa/contract";
import { and, count, desc, eq } from "drizzle-orm";
import {
  lockStock,
  moveLockedStock,
  setLowStockThreshold,
  staffStockItem,
} from "../catalogue/staff-stock.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { staffNames } from "../staff/members.ts";
import { type StockMovementRow, stockMovements } from "./tables.ts";

/*
 * Staff adjust stock (issue 33): goods received, goods damaged, a count. Each adjustment locks the
 * product's row (then its variation's) as orders do, checks, moves the level and writes the
 * movement and the audit row in one transaction: an order racing it waits for the lock and then
 * sees the level it left, so neither drives stock below zero
 * (docs/decisions/059-stock-movements-and-low-stock.md).
 */

/** Who adjusts, where, in which language the answer is read. */
export type StockAdjuster = { storeId: number; staffId: number | null; locale: Locale };

async function itemOrMissing(db: Database, storeId: number, productId: number, locale: Locale) {
  const item = await staffStockItem(db, storeId, productId, locale);
  if (!item) throw new ApiError("NOT_FOUND");
  return item;
}

function movementOf(
  row: StockMovementRow,
  item: StaffStockItem,
  names: Map<number, string>,
): StaffStockMovement {
  const variation = item.variations.find((v) => v.id === row.variationId);
  return {
    id: row.id,
    variationId: row.variationId,
    variationName: row.variationId === null ? null : (variation?.name ?? null),
    reason: row.reason,
    change: row.change,
    stockAfter: row.stockAfter,
    note: row.note,
    staffName: row.staffId === null ? null : (names.get(row.staffId) ?? null),
    at: row.createdAt.toISOString(),
  };
}

/** One movement to make under the row locks the caller holds. */
export type LockedMovement = {
  storeId: number;
  staffId: number | null;
  productId: number;
  variationId: number | null;
  change: number;
  reason: StockMovementRow["reason"];
  note: string;
};

/**
 * Moves a level whose rows the caller locked (lockStock) and writes its movement, in the caller's
 * transaction: the one way stock adjustments and CSV imports change stock (decision 059). Null when
 * the level would go below zero (nothing moved).
 */
export async function moveAndRecord(tx: Database, move: LockedMovement): Promise<StockMovementRow | null> {
  const after = await moveLockedStock(tx, move.storeId, move.productId, move.variationId, move.change);
  if (!after) return null;
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      storeId: move.storeId,
      productId: move.productId,
      variationId: move.variationId,
      change: move.change,
      reason: move.reason,
      stockAfter: after.variationStock ?? after.productStock,
      staffId: move.staffId,
      note: move.note,
    })
    .returning();
  if (!movement) throw new Error("movement not written");
  return movement;
}

/**
 * Adjusts a product's stock, or one variation's (which a product sold by variation needs: its total
 * moves with it). `received` adds, `damaged` takes and is refused below zero
 * (STOCK_WOULD_GO_NEGATIVE, naming the level), `counted` sets the level from the one the member saw
 * and is refused when it changed since (STAFF_EDIT_CONFLICT, answering the product as it stands).
 */
export async function adjustStock(
  db: Database,
  who: StockAdjuster,
  body: StaffStockAdjustBody,
): Promise<StaffStockAdjusted> {
  const { storeId, staffId, locale } = who;
  const row = await db.transaction(async (tx) => {
    const locked = await lockStock(tx, storeId, body.productId, body.variationId);
    if (!locked) throw new ApiError("NOT_FOUND");
    if (locked.byVariation !== (body.variationId !== null))
      throw new ApiError("INVALID_INPUT", { variationId: "error-field-invalid" });
    const level = locked.variationStock ?? locked.productStock;
    if (body.reason === "counted" && body.expected !== level)
      throw new ApiError("STAFF_EDIT_CONFLICT", undefined, undefined, {
        product: await itemOrMissing(tx, storeId, body.productId, locale),
      });
    const change =
      body.reason === "received"
        ? body.quantity
        : body.reason === "damaged"
          ? -body.quantity
          : body.quantity - level;
    const tooFew = () =>
      new ApiError(
        "STOCK_WOULD_GO_NEGATIVE",
        { quantity: "error-stock-would-go-negative" },
        undefined,
        undefined,
        {
          stock: String(level),
        },
      );
    if (level + change < 0) throw tooFew();
    const movement = await moveAndRecord(tx, {
      storeId,
      staffId,
      productId: body.productId,
      variationId: body.variationId,
      change,
      reason: body.reason,
      note: body.note,
    });
    // Under the locks the levels cannot have moved; a total below its variation's is data written by hand.
    if (!movement) throw tooFew();
    await recordChange(tx, {
      storeId,
      staffId,
      action: "stock.adjust",
      subject: body.variationId === null ? `product:${body.productId}` : `variation:${body.variationId}`,
      before: { stock: level },
      after: { stock: movement.stockAfter, reason: body.reason, change, note: body.note },
    });
    return movement;
  });
  const product = await itemOrMissing(db, storeId, body.productId, locale);
  const names = await staffNames(db, storeId, staffId === null ? [] : [staffId]);
  return { product, movement: movementOf(row, product, names) };
}

/** Sets a product's own low-stock threshold (null: the shop's default); audited. */
export async function setStockThreshold(
  db: Database,
  who: StockAdjuster,
  body: StaffStockThresholdBody,
): Promise<StaffStockItem> {
  await db.transaction(async (tx) => {
    const set = await setLowStockThreshold(tx, who.storeId, body.productId, body.threshold);
    if (!set) throw new ApiError("NOT_FOUND");
    await recordChange(tx, {
      storeId: who.storeId,
      staffId: who.staffId,
      action: "stock.threshold",
      subject: `product:${body.productId}`,
      before: { threshold: set.before },
      after: { threshold: body.threshold },
    });
  });
  return itemOrMissing(db, who.storeId, body.productId, who.locale);
}

/** A product's stock and its movements, newest first (index stock_movements_product_idx). */
export async function stockProduct(
  db: Database,
  storeId: number,
  productId: number,
  locale: Locale,
  page: PaginationQuery,
): Promise<StaffStockProduct> {
  const product = await itemOrMissing(db, storeId, productId, locale);
  const where = and(eq(stockMovements.storeId, storeId), eq(stockMovements.productId, productId));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(stockMovements)
      .where(where)
      .orderBy(desc(stockMovements.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  const staffIds = [...new Set(rows.flatMap((row) => (row.staffId === null ? [] : [row.staffId])))];
  const names = await staffNames(db, storeId, staffIds);
  return {
    product,
    movements: paginate(
      rows.map((row) => movementOf(row, product, names)),
      totals?.total ?? 0,
      page,
    ),
  };
}
