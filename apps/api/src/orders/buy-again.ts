import type { BuyAgain, Locale } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { cartLineFromCatalogue } from "../carts/service.ts";
import { cartProductsById } from "../catalogue/products.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { orderLinesOf } from "./service.ts";
import { orders } from "./tables.ts";

/**
 * Buy again (issue 31): the caller's order read as today's catalogue sells it. Each line is checked
 * and priced by the saved cart's own rule, so the cart gets exactly what it would by adding the
 * product now; a product, variation or add-on the shop dropped, or one out of stock, is named from
 * the order instead. Another shopper's or another store's order is a 404.
 */
export async function buyAgain(
  db: Database,
  store: StoreRow,
  customerId: number,
  orderId: number,
  locale: Locale,
): Promise<BuyAgain> {
  const [order] = await db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(and(eq(orders.storeId, store.id), eq(orders.id, orderId)));
  if (!order || order.customerId !== customerId) throw new ApiError("NOT_FOUND");
  const lines = await orderLinesOf(db, store.id, orderId);
  const catalogue = await cartProductsById(
    db,
    store,
    lines.map((line) => line.productId),
    locale,
  );
  const answer: BuyAgain = { items: [], unavailable: [] };
  for (const line of lines) {
    const today = cartLineFromCatalogue(
      {
        productId: line.productId,
        ...(line.variationId === null ? {} : { variationId: line.variationId }),
        addOns: line.addOns,
        quantity: line.quantity,
      },
      catalogue,
    );
    if (today?.isAvailable) answer.items.push({ ...today, options: line.options, asked: line.quantity });
    else answer.unavailable.push({ name: today?.name ?? line.name, options: line.options });
  }
  return answer;
}
