import { IDEMPOTENCY_KEY_HEADER, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { testHarness } from "../test/harness.ts";
import { bookings } from "./tables.ts";
import { at, bookingShopOf, dayAhead } from "./test-shop.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: 50 shoppers book one free time
 * of one resource at once, and the database's exclusion constraint lets exactly one have it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("one time of one resource across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  it("books 1 of 50 simultaneous requests; the others are told the time was taken, with the next free times", async () => {
    const s = await bookingShopOf();
    const startsAt = at(dayAhead(8), "10:00");
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const api = processes[i % processes.length] as ApiProcess;
        const response = await fetch(`${api.url}/api/booking/`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [STORE_DOMAIN_HEADER]: s.shop.domain,
            [IDEMPOTENCY_KEY_HEADER]: `crowd-${s.shop.id}-${i}-key`,
            "x-forwarded-for": `10.9.${Math.floor(i / 250)}.${i % 250}`,
          },
          body: JSON.stringify({
            serviceId: s.serviceId,
            resourceId: s.bay1,
            startsAt,
            name: `Shopper ${i}`,
            phone: "555 0100",
            email: `crowd${i}.${s.shop.id}@example.com`,
          }),
        });
        return {
          status: response.status,
          ...((await response.json()) as { code: string; data: { nextFreeTimes?: string[] } }),
        };
      }),
    );
    expect(
      answers.filter((a) => a.code === "400"),
      JSON.stringify(answers.find((a) => a.code === "400")),
    ).toEqual([]);
    expect(answers.filter((a) => a.code === "0")).toHaveLength(1);
    const refused = answers.filter((a) => a.code !== "0");
    expect(new Set(refused.map((a) => [a.status, a.code].join(" ")))).toEqual(new Set(["409 3501"]));
    for (const answer of refused) expect(answer.data.nextFreeTimes?.length).toBeGreaterThan(0);
    const held = await s.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.storeId, s.shop.id),
          eq(bookings.resourceId, s.bay1),
          inArray(bookings.status, ["pending", "confirmed", "arrived"]),
        ),
      );
    expect(held).toHaveLength(1);
  });
});
