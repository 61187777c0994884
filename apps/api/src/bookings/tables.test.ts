import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testHarness } from "../test/harness.ts";

/*
 * The database itself refuses two bookings of one resource that overlap, buffers included
 * (`bookings_no_overlap`, migration 0050): whatever code path writes them.
 */
describe("bookings_no_overlap", () => {
  it("refuses an overlapping holding booking of one resource and takes a touching or cancelled one", async () => {
    const { handle } = await testHarness();
    const insert = (resourceId: number, from: string, until: string, status = "confirmed") =>
      handle.db.execute(sql`
        INSERT INTO bookings (store_id, code, service_id, resource_id, name, starts_at, ends_at, blocked_until, status, manage_token_hash, currency)
        VALUES (41, ${`T-${resourceId}-${from}-${status}`}, 1, ${resourceId}, 'Test', ${from}, ${from}::timestamptz + interval '30 minutes', ${until}, ${status},
                ${`hash-${resourceId}-${from}-${status}`}, 'USD')`);
    const resource = 900_000 + Math.floor(Math.random() * 90_000);
    await insert(resource, "2031-03-01T10:00:00Z", "2031-03-01T10:45:00Z");
    // Starts inside the first one's buffer (10:30–10:45).
    await expect(insert(resource, "2031-03-01T10:40:00Z", "2031-03-01T11:10:00Z")).rejects.toThrow();
    // Starts as the buffer ends: the ranges are half-open, so they touch without overlapping.
    await insert(resource, "2031-03-01T10:45:00Z", "2031-03-01T11:15:00Z");
    // A cancelled booking holds nothing; another resource is another diary.
    await insert(resource, "2031-03-01T10:00:00Z", "2031-03-01T10:30:00Z", "cancelled");
    await insert(resource + 1, "2031-03-01T10:00:00Z", "2031-03-01T10:45:00Z");
    await handle.db.execute(sql`DELETE FROM bookings WHERE resource_id IN (${resource}, ${resource + 1})`);
  });
});
