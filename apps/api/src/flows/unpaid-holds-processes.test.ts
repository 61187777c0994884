import { randomUUID } from "node:crypto";
import { ERRORS, IDEMPOTENCY_KEY_HEADER, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../test/accounts.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { testHarness } from "../test/harness.ts";
import { cashDelivery, openShop, type Shop } from "../test/shops.ts";

/**
 * What one shopper's cash orders hold together (decision 040) is judged under the lock of the
 * shopper's row, in the call that places the order: simultaneous orders sent to two API processes
 * on one PostgreSQL can never together hold more than the shop allows.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("one shopper's unpaid holds across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  async function submit(i: number, shop: Shop, token: string, quantity: number) {
    const api = processes[i % processes.length] as ApiProcess;
    const response = await fetch(`${api.url}/api/storeOrder/create`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        [STORE_DOMAIN_HEADER]: shop.domain,
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      },
      body: JSON.stringify(cashDelivery([{ productId: shop.apple, quantity }])),
    });
    return ((await response.json()) as { code: string }).code;
  }

  /** A shop whose limit on orders is out of the way, so only what the orders hold binds. */
  async function shopAndGuest(): Promise<{ shop: Shop; token: string }> {
    const shop = await openShop({ unpaidOrderLimit: 1000 });
    await shop.setStock(shop.apple, 10_000);
    const session = await client(shop.domain)("POST", "/api/auth/login/session", { body: {} });
    return { shop, token: session.json.data.token as string };
  }

  const tally = (codes: string[]) =>
    Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]));

  it.each([1, 2, 3])("holds exactly the units allowed when 30 orders come at once (round %i)", async () => {
    const { shop, token } = await shopAndGuest();
    await shop.setUnpaidHolds({ unpaidUnitsPerShopper: 10 });
    const codes = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(i, shop, token, 3)));
    // Three orders of 3 units fit under 10; a fourth would hold 12.
    expect(tally(codes)).toEqual({ "0": 3, [ERRORS.UNPAID_HOLDS_TOO_LARGE.code]: 27 });
    expect(await shop.stockOf(shop.apple)).toBe(10_000 - 9);
    expect(await shop.orderCount()).toBe(3);
  });

  it("holds exactly the value allowed when 30 orders come at once", async () => {
    const { shop, token } = await shopAndGuest();
    // Each order is 2 apples, 5.00; 22.00 takes four of them.
    await shop.setUnpaidHolds({ unpaidValuePerShopper: 2200 });
    const codes = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(i, shop, token, 2)));
    expect(tally(codes)).toEqual({ "0": 4, [ERRORS.UNPAID_HOLDS_TOO_LARGE.code]: 26 });
    expect(await shop.stockOf(shop.apple)).toBe(10_000 - 8);
  });
});
