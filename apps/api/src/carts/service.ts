import {
  type AddOnChoice,
  addOnProblems,
  cartLinePrice,
  effectivePrice,
  FIELD_ERROR_KEYS,
  type Locale,
  SAVED_CART_LIMIT,
  SAVED_CART_MAX_QUANTITY,
  type SavedCart,
  type SavedCartLineInput,
  savedCartLineId,
} from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Account } from "../auth/sessions.ts";
import { type CartProduct, cartProductsById } from "../catalogue/products.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError, type FieldErrors } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { savedCarts } from "./tables.ts";

type Line = SavedCartLineInput;
type Catalogue = Map<number, CartProduct>;

/** Picks without empty groups or repeated items; undefined when nothing is picked. */
function cleanAddOns(addOns: AddOnChoice | undefined): Record<string, string[]> | undefined {
  const entries = Object.entries(addOns ?? {})
    .map(([group, items]): [string, string[]] => [group, [...new Set(items)]])
    .filter(([, items]) => items.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Whether the picks name only the product's groups and items and keep every group's rule. */
function addOnsKeepRules(product: CartProduct, addOns: AddOnChoice): boolean {
  const known = Object.entries(addOns).every(([groupKey, items]) => {
    const group = product.addOnGroups.find((g) => g.key === groupKey);
    return group !== undefined && items.every((key) => group.items.some((item) => item.key === key));
  });
  return known && addOnProblems(product.addOnGroups, addOns).length === 0;
}

/** The variation a line names, undefined for a product without variations; null when it is not the product's. */
function variationOf(product: CartProduct, line: Line) {
  if (product.variations.size === 0) return line.variationId === undefined ? undefined : null;
  return line.variationId === undefined ? null : (product.variations.get(line.variationId) ?? null);
}

function stockOf(product: CartProduct, line: Line): number {
  return variationOf(product, line)?.stock ?? product.stock;
}

/**
 * Lines checked against the catalogue, in their order: a line whose product is not the store's or
 * whose variation is not the product's is dropped; add-ons that break the groups' rules are a 400
 * naming the line (`strict`, for what a device sends) or drop the line (for a cart saved before the
 * shop changed its groups). Lines with the same id are combined into the first.
 */
function checkLines(lines: Line[], catalogue: Catalogue, strict: boolean): Line[] {
  const errors: FieldErrors = {};
  const byId = new Map<string, Line>();
  lines.forEach((line, index) => {
    const product = catalogue.get(line.productId);
    if (!product || variationOf(product, line) === null) return;
    const addOns = cleanAddOns(line.addOns);
    if (!addOnsKeepRules(product, addOns ?? {})) {
      if (strict) errors[`items.${index}.addOns`] = FIELD_ERROR_KEYS.invalid;
      return;
    }
    const clean: Line = {
      productId: line.productId,
      ...(line.variationId !== undefined ? { variationId: line.variationId } : {}),
      ...(addOns ? { addOns } : {}),
      quantity: line.quantity,
    };
    const id = savedCartLineId(clean);
    const same = byId.get(id);
    if (same) same.quantity = Math.min(SAVED_CART_MAX_QUANTITY, same.quantity + clean.quantity);
    else byId.set(id, clean);
  });
  if (Object.keys(errors).length > 0) throw new ApiError("INVALID_INPUT", errors);
  return [...byId.values()];
}

/**
 * Quantities brought down to stock (a line out of stock keeps its quantity: the answer says it is
 * unavailable), and only the most recently added SAVED_CART_LIMIT lines kept.
 */
function clampLines(lines: Line[], catalogue: Catalogue): Line[] {
  return lines.slice(-SAVED_CART_LIMIT).map((line) => {
    const product = catalogue.get(line.productId) as CartProduct;
    const stock = stockOf(product, line);
    return stock > 0 && line.quantity > stock ? { ...line, quantity: stock } : line;
  });
}

/** Decision 015: a line in both carts takes the larger quantity; lines of one side are kept, new ones after. */
export function mergeLines(saved: Line[], device: Line[]): Line[] {
  const merged = new Map(saved.map((line) => [savedCartLineId(line), { ...line }]));
  for (const line of device) {
    const id = savedCartLineId(line);
    const same = merged.get(id);
    if (same) same.quantity = Math.max(same.quantity, line.quantity);
    else merged.set(id, { ...line });
  }
  return [...merged.values()];
}

/** The answer: every line priced from the catalogue by the storefront cart's own rule. */
function answerOf(lines: Line[], catalogue: Catalogue): SavedCart {
  return {
    items: lines.map((line) => {
      const product = catalogue.get(line.productId) as CartProduct;
      const variation = variationOf(product, line);
      const base = variation
        ? effectivePrice(variation.price, variation.salePrice)
        : effectivePrice(product.price, product.salePrice);
      const stock = variation?.stock ?? product.stock;
      return {
        ...line,
        id: savedCartLineId(line),
        name: product.name,
        image: product.image,
        price: cartLinePrice(base, product.addOnGroups, line.addOns ?? {}),
        stock,
        isAvailable: product.isAvailable && (variation?.isAvailable ?? true) && stock > 0,
        isDigital: product.isDigital,
      };
    }),
  };
}

/**
 * One line as the cart would take it today (checked, brought down to stock, priced), or null when
 * the shop no longer sells it as it was picked: for buying an order again.
 */
export function cartLineFromCatalogue(line: Line, catalogue: Catalogue): SavedCart["items"][number] | null {
  const [checked] = checkLines([line], catalogue, false);
  if (!checked) return null;
  return answerOf(clampLines([checked], catalogue), catalogue).items[0] ?? null;
}

const mine = (store: StoreRow, { customer }: Account) =>
  and(eq(savedCarts.storeId, store.id), eq(savedCarts.customerId, customer.id));

/** The caller's saved cart, checked and priced against today's catalogue. */
export async function readSavedCart(db: Database, store: StoreRow, account: Account, locale: Locale) {
  const [row] = await db.select({ lines: savedCarts.lines }).from(savedCarts).where(mine(store, account));
  const saved = row?.lines ?? [];
  const catalogue = await cartProductsById(
    db,
    store,
    saved.map((line) => line.productId),
    locale,
  );
  return answerOf(clampLines(checkLines(saved, catalogue, false), catalogue), catalogue);
}

/** Replaces the saved cart with the device's lines. */
export async function saveCart(
  db: Database,
  store: StoreRow,
  account: Account,
  items: Line[],
  locale: Locale,
) {
  const catalogue = await cartProductsById(
    db,
    store,
    items.map((line) => line.productId),
    locale,
  );
  const lines = clampLines(checkLines(items, catalogue, true), catalogue);
  await db
    .insert(savedCarts)
    .values({ storeId: store.id, customerId: account.customer.id, lines })
    .onConflictDoUpdate({
      target: [savedCarts.storeId, savedCarts.customerId],
      set: { lines, updatedAt: sql`now()` },
    });
  return answerOf(lines, catalogue);
}

/**
 * Merges the device's lines into the saved cart (decision 015), in one transaction with the cart's
 * row locked: two devices merging at once are applied one after the other, neither lost.
 */
export async function mergeCart(
  db: Database,
  store: StoreRow,
  account: Account,
  items: Line[],
  locale: Locale,
) {
  const deviceCatalogue = await cartProductsById(
    db,
    store,
    items.map((line) => line.productId),
    locale,
  );
  const device = checkLines(items, deviceCatalogue, true);
  return db.transaction(async (tx) => {
    await tx
      .insert(savedCarts)
      .values({ storeId: store.id, customerId: account.customer.id, lines: [] })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ lines: savedCarts.lines })
      .from(savedCarts)
      .where(mine(store, account))
      .for("update");
    const savedLines = row?.lines ?? [];
    const catalogue = await cartProductsById(
      tx as unknown as Database,
      store,
      [...savedLines, ...device].map((line) => line.productId),
      locale,
    );
    const saved = checkLines(savedLines, catalogue, false);
    const lines = clampLines(
      mergeLines(saved, device).filter((line) => catalogue.has(line.productId)),
      catalogue,
    );
    await tx.update(savedCarts).set({ lines, updatedAt: sql`now()` }).where(mine(store, account));
    return answerOf(lines, catalogue);
  });
}

/**
 * Empties the customer's saved cart once an order of theirs is placed, in the transaction that
 * places it (decision 015): the lines are ordered, and a device that signs in next must not get
 * them back. The database function is the one the placing call runs for cash orders.
 */
export async function emptySavedCart(db: Database, storeId: number, customerId: number): Promise<void> {
  await db.execute(sql`SELECT stoa_empty_saved_cart(${storeId}, ${customerId})`);
}
