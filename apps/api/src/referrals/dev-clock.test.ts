import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createLogger } from "../platform/logger.ts";
import { expectError } from "../test/expect-error.ts";
import { call, testHarness } from "../test/harness.ts";
import { referralClock } from "./clock.ts";
import { referralSettings } from "./tables.ts";
import { entriesOf } from "./test-ledger.ts";
import { DELIVER, expectOk, referralShop } from "./test-referrals.ts";

beforeAll(async () => {
  await testHarness();
});

describe("the dev clock", () => {
  it("is not there unless the API is started with it", async () => {
    const answer = await call("POST", "/dev/clock", { domain: null, body: { advanceDays: 30 } });
    expect(answer.status).toBe(404);
  });

  it("moves this process's referral clock forward and matures what is due at once", async () => {
    const { handle } = await testHarness();
    const clock = referralClock();
    const app = createApp({ db: handle.db, logger: createLogger("silent"), devClock: clock });
    const r = await referralShop();
    await r.db.insert(referralSettings).values({ storeId: r.shop.id, enabled: true, payToWallet: true });
    const order = await r.referredOrder({ moves: DELIVER, returnWindowDays: 14 });
    const advance = (advanceDays: unknown) =>
      call("POST", "/dev/clock", { app, domain: null, body: { advanceDays, storeId: r.shop.id } });

    const early = await advance(13);
    expectOk(early);
    expect(early.json.data).toMatchObject({ offsetDays: 13 });
    expect((await entriesOf(r.db, r.shop.id, order.id))[0]?.state).toBe("pending");
    expect(Date.parse(early.json.data.now) - Date.now()).toBeGreaterThan(12.9 * 24 * 60 * 60 * 1000);

    const late = await advance(2);
    expectOk(late);
    expect(late.json.data).toMatchObject({ offsetDays: 15 });
    expect(late.json.data.payable).toBeGreaterThanOrEqual(1);
    expect(late.json.data.paidToWallet).toBeGreaterThanOrEqual(1);
    expect((await entriesOf(r.db, r.shop.id, order.id))[0]).toMatchObject({
      state: "paid",
      paidTo: "wallet",
    });
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(50);
    expect(clock.offsetDays()).toBe(15);

    expectError(await advance(-1), "INVALID_INPUT");
    expectError(await advance("a week"), "INVALID_INPUT");
    expect(clock.offsetDays()).toBe(15);
  });
});
