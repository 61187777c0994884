import { type CouponOffer, couponOffersSchema, MAX_COUPON_OFFERS } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { addCoupon, shopper } from "../test/checkout-store.ts";
import { call, testHarness } from "../test/harness.ts";
import { indexesOf, planOf, plansOf } from "../test/query-plans.ts";
import { insertTestStore } from "../test/shops.ts";
import { coupons } from "./tables.ts";

const DAY = 86_400_000;
const OFFERS = "/api/storePromotionCode/offers";

let db: Database;
let shop: StoreRow;
let other: StoreRow;
let many: StoreRow;
let testCounter = 0;

async function openStore(name: string): Promise<StoreRow> {
  testCounter += 1;
  const domain = `${name}-${testCounter}-${process.pid}.test.localhost`;
  return insertTestStore(db, { domain, vertical: "grocery", name: "Offers test shop" });
}

async function offers(store: StoreRow, token?: string) {
  const { status, json } = await call("GET", OFFERS, { domain: store.domain, token });
  expect(status).toBe(200);
  return couponOffersSchema.parse(json.data).records;
}

const codes = (records: CouponOffer[]) => records.map((r) => r.code);

const soon = new Date(Date.now() + 2 * DAY);
const later = new Date(Date.now() + 9 * DAY);

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  shop = await openStore("offers");
  other = await openStore("offers-other");
  many = await openStore("offers-many");
  const advertised = { advertised: true };
  // Listed: ending soonest first, ties by code, never-ending last.
  await addCoupon(db, shop.id, { ...advertised, code: "EACHONCE", maxUsesPerCustomer: 1, endsAt: later });
  await addCoupon(db, shop.id, { ...advertised, code: "NEWCOMER", firstOrderOnly: true, endsAt: soon });
  await addCoupon(db, shop.id, {
    ...advertised,
    code: "FIVEOFF",
    kind: "fixed",
    value: 500,
    minimumOrder: 3000,
    startsAt: new Date(Date.now() - DAY),
    maxUses: 10,
    usedCount: 9,
  });
  await addCoupon(db, shop.id, { ...advertised, code: "BOTHSOON", endsAt: soon });
  // Left out, each for one reason.
  await addCoupon(db, shop.id, { code: "QUIET" });
  await addCoupon(db, shop.id, { ...advertised, code: "SWITCHEDOFF", isActive: false });
  await addCoupon(db, shop.id, { ...advertised, code: "NOTYET", startsAt: new Date(Date.now() + DAY) });
  await addCoupon(db, shop.id, { ...advertised, code: "ENDED", endsAt: new Date(Date.now() - 1000) });
  await addCoupon(db, shop.id, { ...advertised, code: "USEDUP", maxUses: 3, usedCount: 3 });
  await addCoupon(db, other.id, { ...advertised, code: "ELSEWHERE" });
  await db.insert(coupons).values(
    Array.from({ length: MAX_COUPON_OFFERS + 5 }, (_, i) => ({
      storeId: many.id,
      code: `MANY${String(i).padStart(3, "0")}`,
      kind: "percent" as const,
      value: 5,
      advertised: true,
    })),
  );
});

describe("GET /api/storePromotionCode/offers", () => {
  it("lists the advertised coupons usable now, ending soonest first, never-ending last, then by code", async () => {
    const records = await offers(shop);
    expect(codes(records)).toEqual(["BOTHSOON", "NEWCOMER", "EACHONCE", "FIVEOFF"]);
    expect(records).toEqual([
      {
        code: "BOTHSOON",
        kind: "percent",
        value: 10,
        minimumOrder: 0,
        firstOrderOnly: false,
        endsAt: soon.toISOString(),
        usesPerCustomer: null,
        signInRequired: false,
      },
      {
        code: "NEWCOMER",
        kind: "percent",
        value: 10,
        minimumOrder: 0,
        firstOrderOnly: true,
        endsAt: soon.toISOString(),
        usesPerCustomer: null,
        signInRequired: true,
      },
      {
        code: "EACHONCE",
        kind: "percent",
        value: 10,
        minimumOrder: 0,
        firstOrderOnly: false,
        endsAt: later.toISOString(),
        usesPerCustomer: 1,
        signInRequired: true,
      },
      {
        code: "FIVEOFF",
        kind: "fixed",
        value: 500,
        minimumOrder: 3000,
        firstOrderOnly: false,
        endsAt: null,
        usesPerCustomer: null,
        signInRequired: false,
      },
    ]);
  });

  it("leaves out coupons not advertised, switched off, not started, ended or used up", async () => {
    const listed = codes(await offers(shop));
    for (const code of ["QUIET", "SWITCHEDOFF", "NOTYET", "ENDED", "USEDUP"])
      expect(listed).not.toContain(code);
  });

  it("never lists another store's coupons", async () => {
    expect(codes(await offers(shop))).not.toContain("ELSEWHERE");
    expect(codes(await offers(other))).toEqual(["ELSEWHERE"]);
  });

  it("answers the same without a token, for a guest and for a signed-in customer", async () => {
    const anyone = await offers(shop);
    expect(await offers(shop, (await shopper(db, shop, "guest")).token)).toEqual(anyone);
    const customer = await shopper(db, shop);
    expect(await offers(shop, customer.token)).toEqual(anyone);
  });

  it("answers the unknown-shop error for an unknown domain", async () => {
    const { status, json } = await call("GET", OFFERS, { domain: "no-such-offers-shop.test" });
    expect(status).toBe(404);
    expect(json.code).toBe("4041");
  });

  it(`lists at most ${MAX_COUPON_OFFERS}`, async () => {
    const records = await offers(many);
    expect(records).toHaveLength(MAX_COUPON_OFFERS);
    expect(records[0]?.code).toBe("MANY000");
    expect(records.at(-1)?.code).toBe(`MANY${String(MAX_COUPON_OFFERS - 1).padStart(3, "0")}`);
  });

  it("reads through the offers index, without reading any table whole", async () => {
    const findings = await plansOf(() => offers(shop));
    const offerQueries = findings.filter((f) => /from "coupons"/i.test(f.query));
    expect(offerQueries).toHaveLength(1);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
    const plan = await planOf(
      sql`SELECT code FROM coupons WHERE store_id = ${shop.id} AND advertised AND is_active
        ORDER BY ends_at ASC NULLS LAST, code LIMIT ${MAX_COUPON_OFFERS}`,
    );
    expect(indexesOf(plan)).toEqual(["coupons_store_offers_idx"]);
  });
});
