import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { client, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { indexesOf, planOf, plansOf } from "../test/query-plans.ts";
import { openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

/**
 * Every read of the order calls is answered by an index, whatever the number of orders: a shopper's
 * list by tab, an order with its lines, timeline and refunds, the staff's lists, downloads.
 */
describe("order queries", () => {
  let shop: Shop;
  let shopper: { token: string; userId: number };
  let staffToken: string;
  let orderId: number;
  const api = () => client(shop.domain);

  beforeAll(async () => {
    await testHarness();
    shop = await openShop();
    shopper = await registerVerified(api());
    const placed = await api()("POST", "/api/storeOrder/create", {
      token: shopper.token,
      body: {
        products: [{ productId: shop.apple, quantity: 2 }],
        delivery_type: "pickup",
        pickupOption: shop.pickupPoint,
        payment_gateway: "cash",
      },
    });
    orderId = placed.json.data.order.id;
    staffToken = (await api()("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data.token;
    for (const action of ["confirm", "startPreparing", "readyForPickup", "deliver"])
      await api()("POST", "/api/staff/orders/move", { token: staffToken, body: { orderId, action } });
    await api()("POST", "/api/storeOrder/refund/storeCustomer", {
      token: shopper.token,
      body: {
        orderId,
        lines: [{ orderLineId: placed.json.data.order.lines[0].id, quantity: 1 }],
        reason: "Bruised",
      },
    });
  });

  it("reads through indexes only", async () => {
    const findings = await plansOf(async () => {
      const asShopper = { token: shopper.token };
      await api()("POST", "/api/storeOrder/list/storeCustomer", {
        ...asShopper,
        body: { orderStatus: "active" },
      });
      await api()("POST", "/api/storeOrder/list/storeCustomer", {
        ...asShopper,
        body: { orderStatus: "all" },
      });
      await api()("POST", "/api/storeOrder/detail/storeCustomer", { ...asShopper, body: { orderId } });
      await api()("POST", "/api/storeOrderRefund/list/storeCustomer", asShopper);
      await api()("GET", "/api/storeOrder/downloads/storeCustomer", asShopper);
      await api()("POST", "/api/storeOrder/buyAgain/storeCustomer", { ...asShopper, body: { orderId } });
      const asStaff = { token: staffToken };
      await api()("POST", "/api/staff/orders/list", { ...asStaff, body: {} });
      await api()("POST", "/api/staff/orders/list", { ...asStaff, body: { status: "delivered" } });
      await api()("POST", "/api/staff/orders/list", {
        ...asStaff,
        body: { paymentStatus: "cash_collected" },
      });
      await api()("POST", "/api/staff/orders/list", { ...asStaff, body: { deliveryType: "pickup" } });
      await api()("POST", "/api/staff/orders/list", { ...asStaff, body: { q: "dana" } });
      await api()("POST", "/api/staff/orders/list", { ...asStaff, body: { q: "1001" } });
      await api()("POST", "/api/staff/orders/list", { ...asStaff, body: { customerId: shopper.userId } });
      await api()("POST", "/api/staff/orders/list", {
        ...asStaff,
        body: { from: "2026-01-01", to: "2026-12-31" },
      });
      await api()("POST", "/api/staff/today", asStaff);
      await api()("POST", "/api/staff/messages/list", { ...asStaff, body: { open: true } });
      await api()("POST", "/api/staff/newsletter/list", asStaff);
      await api()("POST", "/api/staff/audit", { ...asStaff, body: { action: "order" } });
      await api()("POST", "/api/staff/accounts/list", asStaff);
      await api()("POST", "/api/staff/orders/detail", { ...asStaff, body: { orderId } });
      await api()("POST", "/api/staff/refunds/list", { ...asStaff, body: {} });
      await api()("POST", "/api/staff/refunds/list", { ...asStaff, body: { status: "requested" } });
    });
    expect(findings.length).toBeGreaterThanOrEqual(15);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });

  it("counts a shopper's open unpaid orders through their own index, as placing an order does", async () => {
    // The placing call counts with this function (migration 0020); PostgreSQL inlines it, so its
    // plan is the count's own, and only the partial index of open unpaid orders answers it.
    const plan = await planOf(sql`SELECT n FROM stoa_open_unpaid_orders(${shop.id}, ${shopper.userId}, 6)`);
    expect(indexesOf(plan)).toEqual(["orders_customer_open_unpaid_idx"]);
  });

  it("sums what a shopper's orders with cash due hold through the same index, as placing a cash order does", async () => {
    // Migration 0025's sum of units and value, inlined as the count is (decision 040).
    const plan = await planOf(
      sql`SELECT units, value FROM stoa_cash_due_held(${shop.id}, ${shopper.userId})`,
    );
    expect(indexesOf(plan)).toEqual(["orders_customer_open_unpaid_idx"]);
  });
});
