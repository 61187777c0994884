import {
  type Locale,
  type Paginated,
  type PaginationQuery,
  type ProductSummary,
  paginate,
  WISHLIST_LIMIT,
  type WishlistRecord,
} from "@stoa/contract";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Account } from "../auth/sessions.ts";
import { productSummariesById } from "../catalogue/products.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { wishlistItems } from "./tables.ts";

/** Guests have no lasting wishlist: it belongs to a signed-in customer. */
function customerOf({ customer }: Account) {
  if (customer.kind !== "customer") throw new ApiError("FORBIDDEN");
  return customer;
}

type Item = { id: number; productId: number; createdAt: Date };

/** Records of the items whose product the catalogue still has, in the items' order. */
function toRecords(items: Item[], products: Map<number, ProductSummary>) {
  return items.flatMap((item): WishlistRecord[] => {
    const product = products.get(item.productId);
    return product
      ? [{ id: item.id, productId: item.productId, product, createTime: item.createdAt.toISOString() }]
      : [];
  });
}

export async function listWishlist(
  db: Database,
  store: StoreRow,
  account: Account,
  page: PaginationQuery,
  locale: Locale,
): Promise<Paginated<WishlistRecord>> {
  const customer = customerOf(account);
  const mine = and(eq(wishlistItems.storeId, store.id), eq(wishlistItems.customerId, customer.id));
  const [items, [totals]] = await Promise.all([
    db
      .select({
        id: wishlistItems.id,
        productId: wishlistItems.productId,
        createdAt: wishlistItems.createdAt,
      })
      .from(wishlistItems)
      .where(mine)
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(wishlistItems).where(mine),
  ]);
  const products = await productSummariesById(
    db,
    store,
    items.map((item) => item.productId),
    locale,
  );
  return paginate(toRecords(items, products), totals?.total ?? 0, page);
}

/** Adds a product once; adding it again answers the record already there. */
export async function addToWishlist(
  db: Database,
  store: StoreRow,
  account: Account,
  productId: number,
  locale: Locale,
) {
  const customer = customerOf(account);
  const products = await productSummariesById(db, store, [productId], locale);
  if (!products.has(productId)) throw new ApiError("PRODUCT_NOT_FOUND");
  const mine = and(eq(wishlistItems.storeId, store.id), eq(wishlistItems.customerId, customer.id));
  const item = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(wishlistItems)
      .where(and(mine, eq(wishlistItems.productId, productId)))
      .limit(1);
    if (existing) return existing;
    const [totals] = await tx.select({ total: count() }).from(wishlistItems).where(mine);
    if ((totals?.total ?? 0) >= WISHLIST_LIMIT) throw new ApiError("WISHLIST_FULL");
    const [inserted] = await tx
      .insert(wishlistItems)
      .values({ storeId: store.id, customerId: customer.id, productId })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    // A concurrent add of the same product won the race: answer its record.
    const [raced] = await tx
      .select()
      .from(wishlistItems)
      .where(and(mine, eq(wishlistItems.productId, productId)));
    return raced as typeof wishlistItems.$inferSelect;
  });
  const [record] = toRecords([item], products);
  return record as WishlistRecord;
}

/** Removes the caller's records among `ids`; ids of other customers are left alone. */
export async function removeFromWishlist(db: Database, store: StoreRow, account: Account, ids: number[]) {
  const customer = customerOf(account);
  const removed = await db
    .delete(wishlistItems)
    .where(
      and(
        eq(wishlistItems.storeId, store.id),
        eq(wishlistItems.customerId, customer.id),
        inArray(wishlistItems.id, ids),
      ),
    )
    .returning({ id: wishlistItems.id });
  return { deleted: removed.length };
}
