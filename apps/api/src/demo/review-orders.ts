import {
  basisPointsOf,
  effectivePrice,
  type FulfilmentStatus,
  finalTotal,
  includedTax,
  type Locale,
  lineTotal,
  localized,
  type OrderStatus,
  type PaymentStatus,
} from "@stoa/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type CartProduct, cartProductsById } from "../catalogue/products.ts";
import { products } from "../catalogue/tables.ts";
import { customers } from "../customers/tables.ts";
import { pickupPoints } from "../delivery/tables.ts";
import { FIRST_ORDER_NUMBER } from "../orders/identities.ts";
import { orderEvents, orderLines, orders } from "../orders/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { productReviews } from "../reviews/tables.ts";
import { staffMembers } from "../staff/tables.ts";
import { stores } from "../stores/tables.ts";
import { CATALOGUES } from "./catalogues/index.ts";
import { CHECKOUT_SEEDS } from "./checkout.ts";
import { DEMO_STAFF } from "./staff.ts";

/*
 * The orders behind the demo reviews (decision 068): only buyers review, so every demo review has
 * a delivered order of its writer with its product (and up to two of the shop's everyday products
 * beside it), placed five days before the review and delivered two days after that, with the
 * timeline a shop's order has.
 *
 * These are a shop's past orders, so they are numbered below the first number a live order gets
 * (from PAST_ORDERS_FROM, FIRST_ORDER_NUMBER − 100) and leave the store's order counter alone: the
 * first order placed in a demo shop is still #1001, as shoppers, staff and every test expect. They
 * are dated weeks before the seed's clock, so they sit at the end of the staff's lists (newest
 * first) and in past months of the sales report, and are too old to be asked for a review by email.
 *
 * Idempotent and cheap on every seed: one statement finds the demo reviews whose writer has no
 * delivered order of the product (none, once seeded), and only those get one.
 */

export const PAST_ORDERS_FROM = FIRST_ORDER_NUMBER - 100;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** How many of the shop's everyday products past orders pick their other lines from. */
const BASKET_SIZE = 12;
/** The demo reviewers' addresses (demo/reviews.ts): their reviews get orders, nobody else's. */
const DEMO_REVIEWER_EMAILS = "reviewer%@demo.stoa.test";

type Unbacked = {
  reviewId: number;
  storeId: number;
  productId: number;
  customerId: number;
  reviewedAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale;
};

/** Gives every demo review without a delivered order of its writer one, numbered as a past order. */
export async function seedReviewOrders(db: Database): Promise<void> {
  const unbacked = await unbackedReviews(db);
  const storeIds = [...new Set(unbacked.map((review) => review.storeId))];
  for (const storeId of storeIds)
    await seedStoreOrders(
      db,
      storeId,
      unbacked.filter((review) => review.storeId === storeId),
    );
}

/** The demo stores' reviews by demo reviewers whose writer never received the product, oldest first. */
async function unbackedReviews(db: Database): Promise<Unbacked[]> {
  const storeIds = CATALOGUES.map(({ store }) => store.id);
  const rows = await db
    .select({
      reviewId: productReviews.id,
      storeId: productReviews.storeId,
      productId: productReviews.productId,
      customerId: productReviews.customerId,
      reviewedAt: productReviews.createdAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      locale: customers.locale,
    })
    .from(productReviews)
    .innerJoin(
      customers,
      and(eq(customers.storeId, productReviews.storeId), eq(customers.id, productReviews.customerId)),
    )
    .where(
      and(
        inArray(productReviews.storeId, storeIds),
        sql`${customers.email} LIKE ${DEMO_REVIEWER_EMAILS}`,
        sql`NOT EXISTS (SELECT 1 FROM ${orderLines} l JOIN ${orders} o ON o.store_id = l.store_id AND o.id = l.order_id
          WHERE l.store_id = ${productReviews.storeId} AND l.product_id = ${productReviews.productId}
            AND o.customer_id = ${productReviews.customerId} AND o.status = 'delivered')`,
      ),
    )
    .orderBy(asc(productReviews.createdAt), asc(productReviews.id));
  return rows.map((row) => ({ ...row, email: row.email ?? "", locale: (row.locale ?? "en") as Locale }));
}

type Step = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfilment: FulfilmentStatus;
  after: number;
};

/** A cash order's way from placed to delivered, or collected at the shop's counter. */
function stepsOf(pickup: boolean): Step[] {
  const last = pickup ? "ready_for_pickup" : "shipped";
  return [
    { status: "placed", paymentStatus: "cash_due", fulfilment: "unfulfilled", after: 0 },
    { status: "confirmed", paymentStatus: "cash_due", fulfilment: "unfulfilled", after: 20 * 60 * 1000 },
    { status: "preparing", paymentStatus: "cash_due", fulfilment: "preparing", after: DAY },
    { status: last, paymentStatus: "cash_due", fulfilment: last, after: DAY + 3 * HOUR },
    { status: "delivered", paymentStatus: "cash_collected", fulfilment: "delivered", after: 2 * DAY },
  ];
}

async function seedStoreOrders(db: Database, storeId: number, reviews: Unbacked[]): Promise<void> {
  const catalogue = CATALOGUES.find(({ store }) => store.id === storeId);
  const [store] = await db
    .select({ id: stores.id, currency: stores.currency })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!catalogue || !store) return;
  const checkout = CHECKOUT_SEEDS[catalogue.store.vertical];
  const basket = await basketOf(db, storeId);
  const productIds = [...new Set([...reviews.map((review) => review.productId), ...basket])];
  const locales = [...new Set(reviews.map((review) => review.locale))];
  const [inLocales, [point], [numbered], [staff]] = await Promise.all([
    Promise.all(
      locales.map(async (locale) => [locale, await cartProductsById(db, store, productIds, locale)] as const),
    ),
    checkout.delivery.offersDelivery
      ? Promise.resolve([])
      : db
          .select()
          .from(pickupPoints)
          .where(eq(pickupPoints.storeId, storeId))
          .orderBy(asc(pickupPoints.sort), asc(pickupPoints.id))
          .limit(1),
    db
      .select({ last: sql<number | null>`max(${orders.orderNumber})` })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), sql`${orders.orderNumber} < ${FIRST_ORDER_NUMBER}`)),
    db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.storeId, storeId), eq(staffMembers.email, DEMO_STAFF.email))),
  ]);
  const productsIn = new Map(inLocales);
  const pickup = !checkout.delivery.offersDelivery && point !== undefined;
  const first = Math.max(PAST_ORDERS_FROM, (numbered?.last ?? 0) + 1);
  if (first + reviews.length > FIRST_ORDER_NUMBER)
    throw new Error(`store ${storeId} has no room left for past demo orders below #${FIRST_ORDER_NUMBER}`);

  // The product reviewed, with a few of the shop's everyday products beside it, as people shop.
  const planned = reviews.flatMap((review, index) => {
    const named = productsIn.get(review.locale);
    const reviewed = named?.get(review.productId);
    if (!named || !reviewed) return [];
    const others = [
      ...new Set([basket[(index * 2) % basket.length], basket[(index * 2 + 1) % basket.length]]),
    ]
      .filter((id): id is number => id !== undefined && id !== review.productId)
      .slice(0, index % 3)
      .flatMap((id) => named.get(id) ?? []);
    const lines = [reviewed, ...others].map((product, position) =>
      lineOf(product, 1 + ((index + position) % 3 === 2 ? 1 : 0), checkout.pricing),
    );
    const placedAt = new Date(review.reviewedAt.getTime() - 5 * DAY);
    return [{ review, lines, placedAt, orderNumber: first + index }];
  });
  if (planned.length === 0) return;

  const written = await db
    .insert(orders)
    .values(
      planned.map(({ review, lines, placedAt, orderNumber }) => {
        const goods = lines.reduce((sum, line) => sum + line.lineTotal, 0);
        const shipping =
          pickup ||
          (checkout.pricing.freeDeliveryAbove !== null && goods >= checkout.pricing.freeDeliveryAbove)
            ? 0
            : checkout.pricing.deliveryFee;
        const totals = {
          totalAmount: goods,
          tax: lines.reduce((sum, line) => sum + line.tax, 0),
          taxIncluded: checkout.pricing.pricesIncludeTax,
          shipping_charge: shipping,
        };
        const payable = finalTotal(totals);
        const name = `${review.firstName} ${review.lastName}`.trim();
        return {
          storeId,
          orderNumber,
          customerId: review.customerId,
          status: "delivered" as const,
          paymentStatus: "cash_collected" as const,
          fulfilmentStatus: "delivered" as const,
          deliveryType: pickup ? ("pickup" as const) : ("delivery" as const),
          pickupOptionId: pickup ? (point?.id ?? null) : null,
          deliveryOptionName: pickup && point ? localized(point.nameLocalizations, review.locale) : null,
          pickupAddress: pickup && point ? localized(point.addressLocalizations, review.locale) : null,
          shippingAddress: pickup
            ? null
            : {
                title: "",
                type: "shipping" as const,
                customerName: name,
                buzz_code: "",
                unit_number: "",
                address: {
                  street_address: `${10 + (review.customerId % 80)} Maple Avenue`,
                  country: "US",
                  city: "Springfield",
                  state: "",
                  zip: "",
                },
              },
          currency: store.currency,
          totalAmount: totals.totalAmount,
          tax: totals.tax,
          taxIncluded: totals.taxIncluded,
          shippingCharge: shipping,
          discount: 0,
          tip: 0,
          wallet: 0,
          payableAmount: payable,
          paymentGateway: "cash" as const,
          customerName: name,
          customerContact: review.email,
          note: "",
          outStockPreference: "contact_me" as const,
          locale: review.locale,
          idempotencyKey: `demo-review-${review.reviewId}`,
          requestDigest: "demo",
          itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
          image: lines[0]?.product.image ?? null,
          createdAt: placedAt,
          updatedAt: new Date(placedAt.getTime() + 2 * DAY),
        };
      }),
    )
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const idOf = new Map(written.map((row) => [row.orderNumber, row.id]));

  await db.insert(orderLines).values(
    planned.flatMap(({ lines, orderNumber }) =>
      lines.map(({ product, variation, quantity, unitPrice, lineTotal, tax }, position) => ({
        storeId,
        orderId: idOf.get(orderNumber) ?? 0,
        productId: product.id,
        variationId: variation?.id ?? null,
        name: product.name,
        sku: variation?.sku ?? product.sku,
        options: variation?.options ?? [],
        image: product.image,
        isDigital: product.isDigital,
        digitalFile: product.isDigital ? product.digitalFile : null,
        unitPrice,
        quantity,
        lineTotal,
        tax,
        position,
      })),
    ),
  );
  await db.insert(orderEvents).values(
    planned.flatMap(({ orderNumber, placedAt, review }) =>
      stepsOf(pickup).map((step) => ({
        storeId,
        orderId: idOf.get(orderNumber) ?? 0,
        status: step.status,
        paymentStatus: step.paymentStatus,
        fulfilmentStatus: step.fulfilment,
        actor: step.status === "placed" ? ("shopper" as const) : ("staff" as const),
        actorId: step.status === "placed" ? review.customerId : (staff?.id ?? null),
        at: new Date(placedAt.getTime() + step.after),
      })),
    ),
  );
}

/** The shop's everyday products a past order adds beside the one reviewed: sold as they are, by id. */
async function basketOf(db: Database, storeId: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.isAvailable, true),
        eq(products.variationCount, 0),
        eq(products.isDigital, false),
        eq(products.isGiftCard, false),
      ),
    )
    .orderBy(asc(products.id))
    .limit(BASKET_SIZE);
  return rows.map((row) => row.id);
}

/** The product as one bought it: its first variation when it is sold by variation. */
function firstVariation(product: CartProduct) {
  return [...product.variations.values()].sort((a, b) => a.id - b.id)[0];
}

/** One line priced as checkout prices it: the price then, and the tax taken on it at the shop's rate. */
function lineOf(
  product: CartProduct,
  quantity: number,
  pricing: { taxRateBp: number; pricesIncludeTax: boolean },
) {
  const variation = firstVariation(product);
  const unitPrice = variation
    ? effectivePrice(variation.price, variation.salePrice)
    : effectivePrice(product.price, product.salePrice);
  const total = lineTotal(unitPrice, quantity);
  const rate = product.taxRateBp ?? pricing.taxRateBp;
  // A gift card is not taxed when sold (the tax is due on what it buys).
  const tax = product.isGiftCard
    ? 0
    : pricing.pricesIncludeTax
      ? includedTax(total, rate)
      : basisPointsOf(total, rate);
  return { product, variation, quantity, unitPrice, lineTotal: total, tax };
}
