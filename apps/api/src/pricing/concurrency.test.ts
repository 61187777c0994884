import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deliverySettingsOf } from "../delivery/service.ts";
import { deliveryBookings, deliveryWindowLoads } from "../delivery/tables.ts";
import { scheduleDays } from "../delivery/windows.ts";
import { type DatabaseHandle, openDatabase } from "../platform/db/database.ts";
import { couponRedemptions, coupons } from "../promotions/tables.ts";
import {
  addCoupon,
  balanceOf,
  type CheckoutStore,
  createCheckoutStore,
  setBalance,
  setDelivery,
  shopper,
} from "../test/checkout-store.ts";
import { testHarness } from "../test/harness.ts";
import { bookDeliveryWindow, debitWallet, redeemCoupon } from "./service.ts";
import { walletEntries } from "./tables.ts";

/**
 * Twenty orders at once, spread over two connection pools as two API processes would be: each
 * counter that guards a limit must let exactly as many through as the limit allows.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("limits under concurrent orders (PostgreSQL)", () => {
  let pools: DatabaseHandle[] = [];
  let shop: CheckoutStore;
  let orderId = 100_000;

  beforeAll(async () => {
    const { handle } = await testHarness();
    shop = await createCheckoutStore(handle.db, "concurrency");
    const url = process.env.TEST_DATABASE_URL as string;
    pools = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: "postgres", url, schema: inject("testSchema"), poolSize: 10 })),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  /** Runs `attempt` twenty times at once, each in its own transaction, alternating pools. */
  async function twenty(attempt: (tx: DatabaseHandle["db"], i: number) => Promise<boolean>) {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const pool = pools[i % pools.length] as DatabaseHandle;
        return pool.db.transaction((tx) => attempt(tx, i));
      }),
    );
    return outcomes.filter(Boolean).length;
  }

  it("lets exactly one of twenty orders take a coupon's last use", async () => {
    const { handle } = await testHarness();
    const coupon = await addCoupon(handle.db, shop.store.id, { code: "LASTONE", maxUses: 5, usedCount: 4 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper(handle.db, shop.store)));
    const won = await twenty((tx, i) =>
      redeemCoupon(tx, shop.store.id, coupon.id, (buyers[i] as { id: number }).id, ++orderId),
    );
    expect(won).toBe(1);
    const [row] = await handle.db
      .select({ used: coupons.usedCount })
      .from(coupons)
      .where(and(eq(coupons.storeId, shop.store.id), eq(coupons.id, coupon.id)));
    expect(row?.used).toBe(5);
  });

  it("lets one customer use a once-per-customer coupon once, however many orders they send at once", async () => {
    const { handle } = await testHarness();
    const coupon = await addCoupon(handle.db, shop.store.id, { code: "ONCEPERHEAD", maxUsesPerCustomer: 1 });
    const buyer = await shopper(handle.db, shop.store);
    const won = await twenty((tx) => redeemCoupon(tx, shop.store.id, coupon.id, buyer.id, ++orderId));
    expect(won).toBe(1);
    const [row] = await handle.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.storeId, shop.store.id),
          eq(couponRedemptions.couponId, coupon.id),
          isNull(couponRedemptions.returnedAt),
        ),
      );
    expect(row?.n).toBe(1);
  });

  it("books a window of capacity 3 exactly three times out of twenty", async () => {
    const { handle } = await testHarness();
    await setDelivery(handle.db, shop.store.id, {
      scheduled: true,
      capacity: 3,
      windowMinutes: 60,
      opensAt: 0,
      closesAt: 24 * 60,
      daysAhead: 2,
      cutoffMinutes: 60,
    });
    const settings = await deliverySettingsOf(handle.db, shop.store.id);
    const window = scheduleDays(settings, new Date())
      .flatMap((day) => day.windows)
      .find((w) => !w.cutoffPassed);
    if (!window) throw new Error("no bookable window");
    const won = await twenty((tx) => bookDeliveryWindow(tx, shop.store.id, window, ++orderId));
    expect(won).toBe(3);
    const [load] = await handle.db
      .select({ booked: deliveryWindowLoads.booked })
      .from(deliveryWindowLoads)
      .where(
        and(eq(deliveryWindowLoads.storeId, shop.store.id), eq(deliveryWindowLoads.startsAt, window.start)),
      );
    expect(load?.booked).toBe(3);
    const [bookings] = await handle.db
      .select({ n: count() })
      .from(deliveryBookings)
      .where(and(eq(deliveryBookings.storeId, shop.store.id), eq(deliveryBookings.startsAt, window.start)));
    expect(bookings?.n).toBe(3);
  });

  it("lets five of twenty debits of 10 through a balance of 50, and never below zero", async () => {
    const { handle } = await testHarness();
    const buyer = await shopper(handle.db, shop.store);
    await setBalance(handle.db, shop.store.id, buyer.id, 50);
    const won = await twenty((tx) => debitWallet(tx, shop.store.id, buyer.id, 10, ++orderId));
    expect(won).toBe(5);
    expect(await balanceOf(handle.db, shop.store.id, buyer.id)).toBe(0);
    const [entries] = await handle.db
      .select({ n: count() })
      .from(walletEntries)
      .where(and(eq(walletEntries.storeId, shop.store.id), eq(walletEntries.customerId, buyer.id)));
    expect(entries?.n).toBe(5);
  });
});
