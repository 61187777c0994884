import { beforeAll, describe, expect, it } from "vitest";
import { testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { sweepReferrals } from "./lifecycle.ts";
import { referralSettings } from "./tables.ts";
import { entriesOf } from "./test-ledger.ts";
import { DELIVER, expectOk, inDays, referralShop } from "./test-referrals.ts";

beforeAll(async () => {
  await testHarness();
});

describe("the referral ledger's statements read through indexes", () => {
  it("the sweep, the clawback and every staff call read no table whole", async () => {
    const r = await referralShop();
    await r.db.insert(referralSettings).values({ storeId: r.shop.id, enabled: true, payToWallet: true });
    const delivered = await r.referredOrder({ moves: DELIVER });
    const cancelled = await r.referredOrder({ review: ["codeBurst"] });
    const paidLater = await r.referredOrder({ moves: DELIVER });
    expectOk(await r.owner.as("/api/staff/orders/cancel", { orderId: cancelled.id, reason: "Closed" }));
    const findings = await plansOf(async () => {
      await sweepReferrals(r.db, inDays(15));
      expectOk(
        await r.owner.as("/api/staff/orders/refund", {
          orderId: delivered.id,
          lines: [{ orderLineId: delivered.lines[0]?.id, quantity: 1 }],
        }),
      );
      await sweepReferrals(r.db, inDays(16));
      for (const state of ["payable", "pending", null])
        expectOk(await r.owner.as("/api/staff/referrals/commissions", { state }));
      const [entry] = await entriesOf(r.db, r.shop.id, paidLater.id);
      expectOk(await r.owner.as("/api/staff/referrals/commissions/pay", { ids: [entry?.id] }));
      expectOk(await r.owner.as("/api/staff/referrals/reviews", {}));
      expectOk(
        await r.owner.as("/api/staff/referrals/reviews/decide", {
          id: cancelled.reviewId,
          decision: "refuse",
        }),
      );
    }, /referral_(commissions|reviews|months)/);
    expect(findings.length).toBeGreaterThan(8);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});
