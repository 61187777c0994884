import { newsletterResultSchema } from "@stoa/contract";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { THROTTLES } from "../auth/throttle.ts";
import { client, freshEmail, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { insertTestStore } from "../test/shops.ts";
import { newsletterSubscriptions } from "./tables.ts";

const otherShop = `letters-${process.pid}-${Date.now().toString(36)}.test`;
let otherShopId = 0;

beforeAll(async () => {
  const { handle } = await testHarness();
  otherShopId = (
    await insertTestStore(handle.db, { domain: otherShop, vertical: "furniture", name: "Letters" })
  ).id;
});

async function subscriptionsOf(email: string) {
  const { handle } = await testHarness();
  return handle.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
}

const subscribe = (email: string, options: { domain?: string; locale?: string; token?: string } = {}) =>
  client(options.domain)("POST", "/api/storeSubscription/add", {
    body: { email },
    locale: options.locale,
    token: options.token,
  });

describe("POST /api/storeSubscription/add", () => {
  it("puts the address on the shop's list, lower-cased, in the shopper's language", async () => {
    const email = freshEmail();
    const { status, json } = await subscribe(`  ${email.toUpperCase()} `, { locale: "he" });
    expect(status).toBe(200);
    expect(newsletterResultSchema.parse(json.data)).toEqual({ email, subscribed: true });
    const rows = await subscriptionsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ storeId: 41, email, locale: "he", customerId: null });
  });

  it("answers a repeat the same, keeping one row and the first subscription's language", async () => {
    const email = freshEmail();
    const first = await subscribe(email, { locale: "ar" });
    const again = await subscribe(email.toUpperCase(), { locale: "en" });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const rows = await subscriptionsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.locale).toBe("ar");
  });

  it("notes the signed-in customer who subscribed", async () => {
    const { token, userId, email } = await registerVerified();
    const { json } = await subscribe(email, { token });
    expect(json.code).toBe("0");
    expect((await subscriptionsOf(email))[0]?.customerId).toBe(userId);
  });

  it("keeps each shop's list apart", async () => {
    const email = freshEmail();
    await subscribe(email);
    const { json } = await subscribe(email, { domain: otherShop });
    expect(json.data).toEqual({ email, subscribed: true });
    const rows = await subscriptionsOf(email);
    expect(rows.map((row) => row.storeId).sort((a, b) => a - b)).toEqual(
      [41, otherShopId].sort((a, b) => a - b),
    );
  });

  it("refuses a bad or missing address with its field's translation key", async () => {
    const bad = await subscribe("not-an-email");
    expect(bad.status).toBe(400);
    expect(bad.json.data.errors).toEqual({ email: "error-email-format" });
    const missing = await client()("POST", "/api/storeSubscription/add", { body: {} });
    expect(missing.json.data.errors).toEqual({ email: "error-email-required" });
  });

  it(`takes ${THROTTLES.newsletterPerIp.limit} subscriptions an hour from one address, then 429 with Retry-After`, async () => {
    const api = client();
    const codes: string[] = [];
    for (let i = 0; i <= THROTTLES.newsletterPerIp.limit; i++)
      codes.push(
        (await api("POST", "/api/storeSubscription/add", { body: { email: freshEmail() } })).json.code,
      );
    expect(codes).toEqual([...Array(THROTTLES.newsletterPerIp.limit).fill("0"), "429"]);
    const refused = await api("POST", "/api/storeSubscription/add", { body: { email: freshEmail() } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("keeps one row when the same address subscribes many times at once", async () => {
    const email = freshEmail();
    const answers = await Promise.all(Array.from({ length: 10 }, () => subscribe(email)));
    for (const answer of answers) expect(answer.json.data).toEqual({ email, subscribed: true });
    expect(await subscriptionsOf(email)).toHaveLength(1);
  });

  it("refuses an unknown shop", async () => {
    const { status, json } = await subscribe(freshEmail(), { domain: "nowhere.example" });
    expect(status).toBe(404);
    expect(json.code).toBe("4041");
  });
});
