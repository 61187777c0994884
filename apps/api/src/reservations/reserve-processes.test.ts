import { STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { testHarness } from "../test/harness.ts";
import { daysFromToday, reservableService } from "../test/reservation-shops.ts";
import { openShop, type Shop } from "../test/shops.ts";
import { reservations } from "./tables.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: a crowd reserving the last seats
 * of one slot at once seats no more than there are (the day's row lock, capacity.ts).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the last seats of a slot across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  const start = `${daysFromToday(3)}T19:00:00.000Z`;

  async function send(i: number, shop: Shop, serviceId: number, partySize: number) {
    const api = processes[i % processes.length] as ApiProcess;
    const response = await fetch(`${api.url}/store-reservation/reserve/create`, {
      method: "POST",
      headers: { "content-type": "application/json", [STORE_DOMAIN_HEADER]: shop.domain },
      body: JSON.stringify({
        serviceId,
        date: start.slice(0, 10),
        start,
        partySize,
        name: `Guest ${i}`,
        phone: "5550000",
        email: `crowd${i}@example.com`,
      }),
    });
    return { status: response.status, ...((await response.json()) as { code: string }) };
  }

  async function seated(shop: Shop) {
    const db = (await testHarness()).handle.db;
    const [row] = await db
      .select({ seats: sum(reservations.partySize) })
      .from(reservations)
      .where(and(eq(reservations.storeId, shop.id), eq(reservations.status, "confirmed")));
    return Number(row?.seats ?? 0);
  }

  it("seats exactly 10 of 100 single guests reserving the last 10 seats at once", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop, { capacity: 10 });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => send(i, shop, serviceId, 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.code === "3501")).toHaveLength(90);
    expect(await seated(shop)).toBe(10);
  });

  it("seats at most 10 guests when 100 parties of 1 to 3 want them at once", async () => {
    const shop = await openShop();
    const serviceId = await reservableService(shop, { capacity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => send(i, shop, serviceId, (i % 3) + 1)),
    );
    expect(answers.every((a) => a.status === 200 || a.code === "3501")).toBe(true);
    expect(await seated(shop)).toBeLessThanOrEqual(10);
  });
});
