import { STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, freshEmail } from "../test/accounts.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { createCheckoutStore, shopper } from "../test/checkout-store.ts";
import { testHarness } from "../test/harness.ts";
import { ensureReferralCode } from "./codes.ts";
import {
  orderReferrals,
  referralCodes,
  referralCommissions,
  referralMonths,
  referralSettings,
} from "./tables.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: a code's monthly cap holds
 * however many first orders race for it, and sign-ins at once leave one code.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("referrals across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  async function send(
    i: number,
    domain: string,
    path: string,
    token: string | null,
    body: unknown,
    ip: string,
  ) {
    const api = processes[i % processes.length] as ApiProcess;
    const response = await fetch(`${api.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        [STORE_DOMAIN_HEADER]: domain,
        "x-forwarded-for": ip,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, ...((await response.json()) as { code: string; data: unknown }) };
  }

  async function referringShop(monthlyUsesCap: number) {
    const { handle } = await testHarness();
    const db = handle.db;
    const shop = await createCheckoutStore(db, "referral-processes");
    await db.insert(referralSettings).values({ storeId: shop.store.id, enabled: true, monthlyUsesCap });
    await db.execute(sql`UPDATE products SET stock = 100000 WHERE store_id = ${shop.store.id}`);
    return { db, shop };
  }

  it("20 first orders at once with one code past the monthly cap: exactly the cap are referred", async () => {
    const cap = 7;
    const { db, shop } = await referringShop(cap);
    const referrerId = (await shopper(db, shop.store)).id;
    const code = (await ensureReferralCode(db, shop.store.id, referrerId)).code;
    const guests = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const session = await client(shop.domain)("POST", "/api/auth/login/session", { body: {} });
        return session.json.data.token as string;
      }),
    );
    const answers = await Promise.all(
      guests.map((token, i) =>
        send(
          i,
          shop.domain,
          "/api/storeOrder/create",
          token,
          {
            products: [{ productId: shop.ids.twoHundred, quantity: 5 }],
            delivery_type: "delivery",
            shipping_address: {
              customerName: "Noa Friend",
              address: { street_address: `${i} Olive Street`, country: "IL", city: "Haifa", zip: "31000" },
            },
            payment_gateway: "cash",
            customer_name: "Noa Friend",
            customer_contact: freshEmail(),
            refer_code: code,
          },
          `10.66.${i}.1`,
        ),
      ),
    );
    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(placed).toHaveLength(cap);
    for (const a of refused) {
      expect(a.status).toBe(400);
      expect(JSON.stringify(a.data)).toContain("error-referral-cap-reached");
    }
    const [month] = await db
      .select()
      .from(referralMonths)
      .where(and(eq(referralMonths.storeId, shop.store.id), eq(referralMonths.referrerId, referrerId)));
    expect(month?.uses).toBe(cap);
    const [referred] = await db
      .select({ n: count() })
      .from(orderReferrals)
      .where(eq(orderReferrals.storeId, shop.store.id));
    expect(referred?.n).toBe(cap);
    const [entries] = await db
      .select({ n: count() })
      .from(referralCommissions)
      .where(eq(referralCommissions.storeId, shop.store.id));
    expect(entries?.n).toBe(cap);
  }, 120_000);

  it("20 sign-ins at once across both processes leave one live code", async () => {
    const { db, shop } = await referringShop(10);
    const email = freshEmail();
    const api = client(shop.domain);
    const reg = await api("POST", "/api/auth/register/store-customer/email", {
      body: { email, password: "correct horse 1", firstName: "Dana", lastName: "Levi" },
    });
    const userId = reg.json.data.user.userId as number;
    await db.execute(
      sql`UPDATE customers SET email_verified_at = now() WHERE store_id = ${shop.store.id} AND id = ${userId}`,
    );
    // The code made at registration is dropped, so the sign-ins race to make it.
    await db
      .delete(referralCodes)
      .where(and(eq(referralCodes.storeId, shop.store.id), eq(referralCodes.customerId, userId)));
    // Sign-ins of one account are judged five at a time by its password guard: five race here.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        send(
          i,
          shop.domain,
          "/api/auth/login/store-customer/email",
          null,
          { userEmail: email, password: "correct horse 1" },
          `10.67.${i}.1`,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const live = await db
      .select()
      .from(referralCodes)
      .where(
        and(
          eq(referralCodes.storeId, shop.store.id),
          eq(referralCodes.customerId, userId),
          isNull(referralCodes.retiredAt),
        ),
      );
    expect(live).toHaveLength(1);
  }, 60_000);
});
