import {
  CHECKOUT_ERROR_KEYS,
  cardSummary,
  normaliseReferralCode,
  REFERRAL_BURST_PER_HOUR,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_ERROR_KEYS,
  type ReferralSettings,
} from "@stoa/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.ts";
import { client, codeIn, freshEmail, freshPhone, inbox } from "../test/accounts.ts";
import { type CheckoutStore, createCheckoutStore, shopper } from "../test/checkout-store.ts";
import { expectError } from "../test/expect-error.ts";
import { call, testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { APPROVED_CARD } from "../test/shops.ts";
import { ReferralRefused, recordReferral, similarEmails } from "./checkout.ts";
import {
  ensureReferralCode,
  findReferralCode,
  giveReferralCodeAtSignIn,
  newReferralCode,
  replaceReferralCode,
} from "./codes.ts";
import { DEFAULT_REFERRAL_SETTINGS } from "./settings.ts";
import {
  orderReferrals,
  referralCodes,
  referralCommissions,
  referralFriendContacts,
  referralMonths,
  referralReviews,
  referralSettings,
} from "./tables.ts";

let db: Database;
let shop: CheckoutStore;
let off: CheckoutStore;

const RULES: ReferralSettings = {
  enabled: true,
  reward: { kind: "percent", value: 10 },
  commissionBp: 1_000,
  returnWindowDays: 14,
  monthlyCommissionCap: null,
  monthlyUsesCap: null,
  payToWallet: false,
};

async function setRules(storeId: number, rules: Partial<ReferralSettings>) {
  const r = { ...RULES, ...rules };
  const row = {
    storeId,
    enabled: r.enabled,
    rewardKind: r.reward.kind,
    rewardValue: r.reward.value,
    commissionBp: r.commissionBp,
    returnWindowDays: r.returnWindowDays,
    monthlyCommissionCap: r.monthlyCommissionCap,
    monthlyUsesCap: r.monthlyUsesCap,
    payToWallet: r.payToWallet,
  };
  await db
    .insert(referralSettings)
    .values(row)
    .onConflictDoUpdate({ target: referralSettings.storeId, set: row });
}

/** A shop of its own with referrals on under `rules`. */
async function referringShop(rules: Partial<ReferralSettings> = {}) {
  const s = await createCheckoutStore(db, "referrals");
  await setRules(s.store.id, rules);
  await db.execute(sql`UPDATE products SET stock = 100000 WHERE store_id = ${s.store.id}`);
  return s;
}

/** A signed-in referrer of the shop and their live code. */
async function referrer(s: CheckoutStore) {
  const who = await shopper(db, s.store);
  const code = await ensureReferralCode(db, s.store.id, who.id);
  return { ...who, code: code.code };
}

let addressCounter = 0;
const freshAddress = () => ({
  customerName: "Noa Friend",
  address: { street_address: `${++addressCounter} Olive Street`, country: "IL", city: "Haifa", zip: "31000" },
});

function order(s: CheckoutStore, extra: Record<string, unknown> = {}) {
  return {
    products: [{ productId: s.ids.twoHundred, quantity: 10 }],
    delivery_type: "delivery",
    shipping_address: freshAddress(),
    payment_gateway: "cash",
    customer_name: "Noa Friend",
    customer_contact: freshEmail(),
    ...extra,
  };
}

const create = (s: CheckoutStore, token: string, body: Record<string, unknown>, ip?: string) =>
  call("POST", "/api/storeOrder/create", {
    domain: s.domain,
    token,
    body,
    headers: ip ? { "x-forwarded-for": ip } : undefined,
  });
const calculate = (s: CheckoutStore, token: string, body: Record<string, unknown>) =>
  call("POST", "/api/storeOrder/calculate", { domain: s.domain, token, body });
const info = (s: CheckoutStore, token: string | undefined, code: string, ip = "10.9.0.1") =>
  call("GET", "/user/referralCode/info", {
    domain: s.domain,
    token,
    query: { code },
    headers: { "x-forwarded-for": ip },
  });

async function guestToken(s: CheckoutStore) {
  return (await shopper(db, s.store, "guest")).token;
}

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  shop = await referringShop();
  off = await createCheckoutStore(db, "referrals-off");
});

describe("codes", () => {
  it("are REFERRAL_CODE_LENGTH characters of the readable alphabet", () => {
    for (let i = 0; i < 50; i++) {
      const code = newReferralCode();
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      for (const c of code) expect(REFERRAL_CODE_ALPHABET).toContain(c);
    }
  });

  it("are made once per customer, found whatever the case, spaces or dashes, and stop working once replaced", async () => {
    const who = await shopper(db, shop.store);
    const first = await ensureReferralCode(db, shop.store.id, who.id);
    expect((await ensureReferralCode(db, shop.store.id, who.id)).code).toBe(first.code);
    const typed = `${first.code.slice(0, 4).toLowerCase()}-${first.code.slice(4)}`;
    expect((await findReferralCode(db, shop.store.id, typed))?.id).toBe(first.id);
    const spaced = ` ${first.code.slice(0, 4)} ${first.code.slice(4).toLowerCase()} `;
    expect((await findReferralCode(db, shop.store.id, spaced))?.id).toBe(first.id);
    expect(await findReferralCode(db, off.store.id, first.code)).toBeNull();
    const second = await replaceReferralCode(db, shop.store.id, who.id);
    expect(second.code).not.toBe(first.code);
    expect(await findReferralCode(db, shop.store.id, first.code)).toBeNull();
    expect((await findReferralCode(db, shop.store.id, second.code))?.id).toBe(second.id);
  });

  it("replaced twice at once leave one live code", async () => {
    const who = await shopper(db, shop.store);
    await ensureReferralCode(db, shop.store.id, who.id);
    const [a, b] = await Promise.all([
      replaceReferralCode(db, shop.store.id, who.id),
      replaceReferralCode(db, shop.store.id, who.id),
    ]);
    const live = await db
      .select()
      .from(referralCodes)
      .where(
        and(
          eq(referralCodes.storeId, shop.store.id),
          eq(referralCodes.customerId, who.id),
          isNull(referralCodes.retiredAt),
        ),
      );
    expect(live).toHaveLength(1);
    expect([a.code, b.code]).toContain(live[0]?.code);
  });

  it("20 simultaneous sign-ins leave one live code", async () => {
    const who = await shopper(db, shop.store);
    await Promise.all(Array.from({ length: 20 }, () => giveReferralCodeAtSignIn(db, shop.store.id, who.id)));
    const live = await db
      .select()
      .from(referralCodes)
      .where(and(eq(referralCodes.storeId, shop.store.id), eq(referralCodes.customerId, who.id)));
    expect(live).toHaveLength(1);
  });

  it("20 simultaneous ensures leave one live code", async () => {
    const who = await shopper(db, shop.store);
    const made = await Promise.all(
      Array.from({ length: 20 }, () => ensureReferralCode(db, shop.store.id, who.id)),
    );
    expect(new Set(made.map((m) => m.code)).size).toBe(1);
  });
});

describe("sign-in", () => {
  async function codesOf(storeId: number, customerId: number) {
    return db
      .select()
      .from(referralCodes)
      .where(and(eq(referralCodes.storeId, storeId), eq(referralCodes.customerId, customerId)));
  }

  it("gives a registering and signing-in customer one code where the shop has referrals on", async () => {
    const api = client(shop.domain);
    const email = freshEmail();
    const reg = await api("POST", "/api/auth/register/store-customer/email", {
      body: { email, password: "correct horse 1", firstName: "Dana", lastName: "Levi" },
    });
    expect(reg.status).toBe(200);
    const userId = reg.json.data.user.userId as number;
    expect(await codesOf(shop.store.id, userId)).toHaveLength(1);
    // Sign-ins at once (as many as the account's password guard judges at once): still one code.
    await db.execute(
      sql`UPDATE customers SET email_verified_at = now() WHERE store_id = ${shop.store.id} AND id = ${userId}`,
    );
    const logins = await Promise.all(
      Array.from({ length: 5 }, () =>
        api("POST", "/api/auth/login/store-customer/email", {
          body: { userEmail: email, password: "correct horse 1" },
        }),
      ),
    );
    expect(logins.map((l) => l.status)).toEqual(Array(5).fill(200));
    expect(await codesOf(shop.store.id, userId)).toHaveLength(1);
  });

  it("gives a customer signing in by a texted code one code", async () => {
    const api = client(shop.domain);
    const phone = freshPhone();
    await api("POST", "/api/auth/getPhoneCaptcha/login", { body: { phone, countryCode: "1" } });
    const captcha = codeIn((await inbox(`+1${phone}`))[0]?.body ?? "");
    const signedIn = await api("POST", "/api/auth/login/store-customer/phone", {
      body: { phone, countryCode: "1", captcha },
    });
    expect(signedIn.status).toBe(200);
    expect(await codesOf(shop.store.id, signedIn.json.data.user.userId)).toHaveLength(1);
  });

  it("gives no code where the shop has referrals off, nor to a guest", async () => {
    const api = client(off.domain);
    const reg = await api("POST", "/api/auth/register/store-customer/email", {
      body: { email: freshEmail(), password: "correct horse 1", firstName: "Dana", lastName: "Levi" },
    });
    expect(await codesOf(off.store.id, reg.json.data.user.userId)).toHaveLength(0);
    const guest = await client(shop.domain)("POST", "/api/auth/login/session", { body: {} });
    expect(await codesOf(shop.store.id, guest.json.data.user.userId)).toHaveLength(0);
  });
});

describe("GET /user/getReferralCode and POST /user/generateReferralCode", () => {
  it("answer the caller's code, its link and the rules; generate replaces it", async () => {
    const who = await shopper(db, shop.store);
    const got = await call("GET", "/user/getReferralCode", { domain: shop.domain, token: who.token });
    expect(got.status).toBe(200);
    const code = got.json.data.code as string;
    expect(got.json.data).toEqual({
      enabled: true,
      code,
      link: `/?ref=${code}`,
      reward: RULES.reward,
      commissionBp: RULES.commissionBp,
    });
    const again = await call("GET", "/user/getReferralCode", { domain: shop.domain, token: who.token });
    expect(again.json.data.code).toBe(code);
    const made = await call("POST", "/user/generateReferralCode", { domain: shop.domain, token: who.token });
    expect(made.status).toBe(200);
    expect(made.json.data.code).not.toBe(code);
    expect(made.json.data.link).toBe(`/?ref=${made.json.data.code}`);
    const friend = await guestToken(shop);
    const old = await info(shop, friend, code);
    expectError(old, "REFERRAL_CODE_INVALID");
    expect(old.json.data).toMatchObject({ reason: "unknown" });
  });

  it("answer no code where the shop has referrals off, or to a guest; generate refuses both", async () => {
    const who = await shopper(db, off.store);
    const got = await call("GET", "/user/getReferralCode", { domain: off.domain, token: who.token });
    expect(got.json.data).toEqual({
      enabled: false,
      code: null,
      link: null,
      reward: null,
      commissionBp: null,
    });
    const gen = await call("POST", "/user/generateReferralCode", { domain: off.domain, token: who.token });
    expectError(gen, "REFERRAL_CODE_INVALID");
    expect(gen.json.data.reason).toBe("disabled");
    const guest = await guestToken(shop);
    const guestGot = await call("GET", "/user/getReferralCode", { domain: shop.domain, token: guest });
    expect(guestGot.json.data.code).toBeNull();
    const guestGen = await call("POST", "/user/generateReferralCode", { domain: shop.domain, token: guest });
    expect(guestGen.json.data.reason).toBe("signIn");
  });

  it("refuse a missing token and another shop's token", async () => {
    expectError(await call("GET", "/user/getReferralCode", { domain: shop.domain }), "UNAUTHORIZED");
    expectError(await call("POST", "/user/generateReferralCode", { domain: shop.domain }), "UNAUTHORIZED");
    const stranger = await shopper(db, off.store);
    expectError(
      await call("GET", "/user/getReferralCode", { domain: shop.domain, token: stranger.token }),
      "FORBIDDEN",
    );
    expectError(
      await call("POST", "/user/generateReferralCode", { domain: shop.domain, token: stranger.token }),
      "FORBIDDEN",
    );
  });
});

describe("GET /user/referralCode/info", () => {
  it("answers the code and the friend's reward, for a guest too, whatever the case", async () => {
    const r = await referrer(shop);
    const friend = await guestToken(shop);
    const ok = await info(shop, friend, r.code.toLowerCase());
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual({ code: r.code, reward: RULES.reward });
  });

  it("refuses each rule with the invalid-coupon message and its reason", async () => {
    const r = await referrer(shop);
    const friend = await shopper(db, shop.store);
    const unknown = await info(shop, friend.token, "ZZZZZZZZ");
    expectError(unknown, "REFERRAL_CODE_INVALID");
    expect(unknown.json.msg).toBe((await info(shop, friend.token, "ZZZZZZZY")).json.msg);
    expect(unknown.json.data).toMatchObject({ reason: "unknown" });
    expect((await info(shop, r.token, r.code)).json.data).toMatchObject({ reason: "ownCode" });
    // A friend who has ordered in the shop before.
    const buyer = await shopper(db, shop.store);
    expect((await create(shop, buyer.token, order(shop))).status).toBe(200);
    expect((await info(shop, buyer.token, r.code)).json.data).toMatchObject({ reason: "notFirstOrder" });
    // The shop switches referrals off.
    const s = await referringShop();
    const r2 = await referrer(s);
    await setRules(s.store.id, { enabled: false });
    expect((await info(s, await guestToken(s), r2.code)).json.data).toMatchObject({ reason: "disabled" });
  });

  it("refuses a missing token, another shop's token and another shop's code", async () => {
    const r = await referrer(shop);
    expectError(await info(shop, undefined, r.code), "UNAUTHORIZED");
    const stranger = await shopper(db, off.store);
    expectError(await info(shop, stranger.token, r.code), "FORBIDDEN");
    const elsewhere = await info(off, stranger.token, r.code);
    expect(elsewhere.json.data).toMatchObject({ reason: "unknown" });
  });

  it("slows down guessing per caller, while a crowd behind the same address goes on using codes", async () => {
    const r = await referrer(shop);
    const guesser = await guestToken(shop);
    const ip = "10.77.0.1";
    for (let i = 0; i < 10; i++)
      expectError(await info(shop, guesser, `GUESS${i}AB`, ip), "REFERRAL_CODE_INVALID");
    const waiting = await info(shop, guesser, r.code, ip);
    expectError(waiting, "TOO_MANY_REQUESTS");
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
    // Someone else behind the same address: the address has far more room, and right codes never count.
    const other = await guestToken(shop);
    expect((await info(shop, other, r.code, ip)).status).toBe(200);
    // A script from one address trying codes in bulk meets the address's limit, whoever it claims to be.
    const script = "10.77.0.9";
    for (let i = 0; i < 100; i++)
      expectError(await info(shop, await guestToken(shop), `BULK${i}XY`, script), "REFERRAL_CODE_INVALID");
    expectError(await info(shop, await guestToken(shop), r.code, script), "TOO_MANY_REQUESTS");
  });
});

describe("checkout", () => {
  it("calculate takes the reward off after the coupon, with tax on the whole discount", async () => {
    const s = await referringShop({ reward: { kind: "percent", value: 10 } });
    await db.execute(sql`UPDATE pricing_settings SET tax_rate_bp = 1000 WHERE store_id = ${s.store.id}`);
    const r = await referrer(s);
    const friend = await guestToken(s);
    const base = await calculate(s, friend, order(s));
    expect(base.json.data.totals.discount).toBe(0);
    const goods = base.json.data.totals.totalAmount as number;
    const withCode = await calculate(s, friend, order(s, { refer_code: r.code.toLowerCase() }));
    expect(withCode.status).toBe(200);
    expect(withCode.json.data.referral).toEqual({ code: r.code, amount: goods / 10 });
    expect(withCode.json.data.referralError).toBeNull();
    expect(withCode.json.data.totals.discount).toBe(goods / 10);
    expect(withCode.json.data.totals.tax).toBe(Math.round(((goods - goods / 10) * 1000) / 10_000));
    expect(withCode.json.data.verified_response).not.toBe(base.json.data.verified_response);
    // With a coupon of 500 off: the reward is 10 % of what is left.
    await db.execute(
      sql`INSERT INTO coupons (store_id, code, kind, value) VALUES (${s.store.id}, 'FIVE', 'fixed', 500)`,
    );
    const both = await calculate(s, friend, order(s, { refer_code: r.code, coupon: "FIVE" }));
    expect(both.json.data.coupon.amount).toBe(500);
    expect(both.json.data.referral.amount).toBe((goods - 500) / 10);
    expect(both.json.data.totals.discount).toBe(500 + (goods - 500) / 10);
  });

  it("an amount reward is never more than the goods", async () => {
    const s = await referringShop({ reward: { kind: "amount", value: 1_000_000 } });
    const r = await referrer(s);
    const friend = await guestToken(s);
    const calc = await calculate(s, friend, order(s, { refer_code: r.code }));
    expect(calc.json.data.referral.amount).toBe(calc.json.data.totals.totalAmount);
  });

  it("calculate names why a code does not apply; create refuses it on refer_code", async () => {
    const r = await referrer(shop);
    const own = await calculate(shop, r.token, order(shop, { refer_code: r.code }));
    expect(own.json.data.referral).toBeNull();
    expect(own.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.ownCode);
    const unknown = await calculate(shop, await guestToken(shop), order(shop, { refer_code: "NOPE2345" }));
    expect(unknown.json.data.referralError).toBe(CHECKOUT_ERROR_KEYS.couponInvalid);
    const refused = await create(shop, r.token, order(shop, { refer_code: r.code }));
    expectError(refused, "INVALID_INPUT");
    expect(refused.json.data.errors.refer_code).toBe(REFERRAL_ERROR_KEYS.ownCode);
  });

  it("create records the referral with the rules in force and a pending commission", async () => {
    const s = await referringShop({ commissionBp: 1_000 });
    const r = await referrer(s);
    const friend = await guestToken(s);
    const body = order(s, { refer_code: r.code });
    const placed = await create(s, friend, body);
    expect(placed.status).toBe(200);
    const orderId = placed.json.data.order.id as number;
    const [rec] = await db
      .select()
      .from(orderReferrals)
      .where(and(eq(orderReferrals.storeId, s.store.id), eq(orderReferrals.orderId, orderId)));
    const goods = 10 * 200;
    // The order keeps the reward in its discount; its payable amount is what is left.
    expect(placed.json.data.order.totals).toMatchObject({
      discount: goods / 10,
      payable_amount: goods - goods / 10,
    });
    expect(rec).toMatchObject({
      code: r.code,
      referrerId: r.id,
      friendContact: (body.customer_contact as string).toLowerCase(),
      rewardAmount: goods / 10,
      goodsAmount: goods - goods / 10,
      rules: {
        rewardKind: "percent",
        rewardValue: 10,
        commissionBp: 1_000,
        returnWindowDays: 14,
        monthlyCommissionCap: null,
        monthlyUsesCap: null,
      },
    });
    const [entry] = await db
      .select()
      .from(referralCommissions)
      .where(and(eq(referralCommissions.storeId, s.store.id), eq(referralCommissions.orderId, orderId)));
    expect(entry).toMatchObject({
      referrerId: r.id,
      kind: "commission",
      state: "pending",
      amount: (goods - goods / 10) / 10,
    });
    // The same friend (same contact) again, from a new guest session: not a first order.
    const again = await create(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, customer_contact: body.customer_contact }),
    );
    expectError(again, "INVALID_INPUT");
    expect(again.json.data.errors.refer_code).toBe(REFERRAL_ERROR_KEYS.notFirstOrder);
  });

  it("two first orders of one friend at once: one is referred, the other refused on refer_code, never a 500", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    const contact = freshEmail();
    const answers = await Promise.all(
      [0, 1].map(async () =>
        create(s, await guestToken(s), order(s, { refer_code: r.code, customer_contact: contact })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(refused?.json.data.errors?.refer_code).toBe(REFERRAL_ERROR_KEYS.notFirstOrder);
  });

  it("refuses the referrer under another name: same email, same phone, same address, same card", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    const email = await calculate(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, customer_contact: r.customer.email?.toUpperCase() }),
    );
    expect(email.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.ownCode);
    await db.execute(
      sql`UPDATE customers SET country_code = '972', phone = '541234567' WHERE store_id = ${s.store.id} AND id = ${r.id}`,
    );
    const phone = await calculate(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, customer_contact: "+972 54-123-4567" }),
    );
    expect(phone.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.ownCode);
    // The referrer ordered to an address before; a "friend" sends to it, written another way.
    const home = freshAddress();
    expect((await create(s, r.token, order(s, { shipping_address: home }))).status).toBe(200);
    const sameHome = {
      ...home,
      address: {
        ...home.address,
        street_address: home.address.street_address.toUpperCase().replace(" ", "  "),
        zip: "31 000",
      },
    };
    const address = await calculate(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, shipping_address: sameHome }),
    );
    expect(address.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.ownCode);
    // A saved address of the referrer's.
    const saved = freshAddress();
    await db.execute(
      sql`INSERT INTO customer_addresses (store_id, customer_id, type, address) VALUES (${s.store.id}, ${r.id}, 'shipping', ${JSON.stringify({ ...saved, title: "", type: "shipping", buzz_code: "", unit_number: "" })}::jsonb)`,
    );
    const savedCalc = await calculate(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, shipping_address: saved }),
    );
    expect(savedCalc.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.ownCode);
    // A card the referrer paid with.
    await db.execute(
      sql`UPDATE orders SET card_brand = ${cardSummary(APPROVED_CARD.number).brand}, card_last4 = ${cardSummary(APPROVED_CARD.number).last4} WHERE store_id = ${s.store.id} AND customer_id = ${r.id}`,
    );
    const card = await calculate(
      s,
      await guestToken(s),
      order(s, {
        refer_code: r.code,
        payment_gateway: "card",
        credit_card: APPROVED_CARD,
      }),
    );
    expect(card.json.data.referralError, JSON.stringify(card.json)).toBe(REFERRAL_ERROR_KEYS.ownCode);
  });

  it("a guest who ordered before under the same contact, written another way, is not on a first order", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    const email = freshEmail();
    expect((await create(s, await guestToken(s), order(s, { customer_contact: email }))).status).toBe(200);
    const again = await calculate(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, customer_contact: ` ${email.toUpperCase()}` }),
    );
    expect(again.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.notFirstOrder);
    // A phone, with spaces and a plus this time.
    expect(
      (await create(s, await guestToken(s), order(s, { customer_contact: "+1 (555) 010-2030" }))).status,
    ).toBe(200);
    const byPhone = await calculate(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, customer_contact: "15550102030" }),
    );
    expect(byPhone.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.notFirstOrder);
  });

  it("a customer who ordered signed in is not on a first order as a guest giving their account's email", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    const regular = await shopper(db, s.store);
    // Ordered signed in, under a phone: the order itself does not carry the email.
    expect((await create(s, regular.token, order(s, { customer_contact: "+1 555 010 7788" }))).status).toBe(
      200,
    );
    const asGuest = await calculate(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, customer_contact: regular.customer.email?.toUpperCase() }),
    );
    expect(asGuest.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.notFirstOrder);
  });

  it("a guest must give a contact to be told apart", async () => {
    const r = await referrer(shop);
    const calc = await calculate(
      shop,
      await guestToken(shop),
      order(shop, { refer_code: r.code, customer_contact: "" }),
    );
    expect(calc.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.signIn);
  });

  it("a cancelled unpaid order does not spoil the first order", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    const friend = await shopper(db, s.store);
    const first = await create(s, friend.token, order(s));
    await db.execute(
      sql`UPDATE orders SET status = 'cancelled' WHERE store_id = ${s.store.id} AND id = ${first.json.data.order.id}`,
    );
    const calc = await calculate(s, friend.token, order(s, { refer_code: r.code }));
    expect(calc.json.data.referralError).toBeNull();
  });
});

describe("caps", () => {
  it("refuses a use past the monthly uses cap, and gives the commission what the month's cap leaves", async () => {
    const s = await referringShop({ monthlyUsesCap: 3, monthlyCommissionCap: 250, commissionBp: 1_000 });
    const r = await referrer(s);
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await create(s, await guestToken(s), order(s, { refer_code: r.code }));
      expect(placed.status).toBe(200);
    }
    const entries = await db
      .select({ amount: referralCommissions.amount })
      .from(referralCommissions)
      .where(and(eq(referralCommissions.storeId, s.store.id), eq(referralCommissions.referrerId, r.id)))
      .orderBy(referralCommissions.id);
    amounts.push(...entries.map((e) => e.amount));
    // Each order's goods are 1800 after the reward: 180 commission, but the month holds 250 in all.
    expect(amounts).toEqual([180, 70, 0]);
    const past = await create(s, await guestToken(s), order(s, { refer_code: r.code }));
    expectError(past, "INVALID_INPUT");
    expect(past.json.data.errors.refer_code).toBe(CHECKOUT_ERROR_KEYS.referralCapReached);
    const [month] = await db.select().from(referralMonths).where(eq(referralMonths.storeId, s.store.id));
    expect(month).toMatchObject({ uses: 3, commission: 250 });
    // Calculate says so too, before the shopper presses.
    const calc = await calculate(s, await guestToken(s), order(s, { refer_code: r.code }));
    expect(calc.json.data.referralError).toBe(REFERRAL_ERROR_KEYS.capReached);
  });
});

describe("review queue", () => {
  it("near-identical emails", () => {
    expect(similarEmails("dana.levi+x@gmail.com", "danalevi@gmail.com")).toBe(true);
    expect(similarEmails("danalevi1@gmail.com", "danalevi@gmail.com")).toBe(true);
    expect(similarEmails("noa@example.com", "danalevi@gmail.com")).toBe(false);
  });

  async function reviewsOf(storeId: number) {
    return db.select().from(referralReviews).where(eq(referralReviews.storeId, storeId));
  }

  it("holds a friend whose email is nearly the referrer's, without blocking the order", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    const [local, domain] = (r.customer.email as string).split("@");
    const placed = await create(
      s,
      await guestToken(s),
      order(s, { refer_code: r.code, customer_contact: `${local}+friend@${domain}` }),
    );
    expect(placed.status).toBe(200);
    const [review] = await reviewsOf(s.store.id);
    expect(review).toMatchObject({
      orderId: placed.json.data.order.id,
      referrerId: r.id,
      state: "open",
      reasons: ["similarEmail"],
    });
  });

  it("holds too many referred orders from one address, and a burst on one code", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    for (let i = 0; i <= REFERRAL_BURST_PER_HOUR; i++) {
      const placed = await create(s, await guestToken(s), order(s, { refer_code: r.code }), "10.88.0.1");
      expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    }
    const reviews = await reviewsOf(s.store.id);
    expect(reviews.some((x) => x.reasons.includes("sameAddressSignups"))).toBe(true);
    expect(reviews.some((x) => x.reasons.includes("codeBurst"))).toBe(true);
    expect(reviews.every((x) => x.state === "open")).toBe(true);
    // Held ones are pending like any other: nothing was approved or paid.
    const states = await db
      .select({ state: referralCommissions.state })
      .from(referralCommissions)
      .where(eq(referralCommissions.storeId, s.store.id));
    expect(states.every((x) => x.state === "pending")).toBe(true);
  });
});

describe("POST /api/storeOrder/listByReferralCode/storeCustomer", () => {
  const list = (s: CheckoutStore, token: string | undefined, query: Record<string, string | number> = {}) =>
    call("POST", "/api/storeOrder/listByReferralCode/storeCustomer", { domain: s.domain, token, query });

  it("lists the caller's entries newest first, by order number, date and amount only, with totals equal to the entries' sums", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await create(s, await guestToken(s), order(s, { refer_code: r.code }));
      placed.push(p.json.data.order.orderNumber ?? p.json.data.order.id);
    }
    // Staff have paid one, and one is payable: states move, amounts never change.
    const ids = (
      await db
        .select({ id: referralCommissions.id })
        .from(referralCommissions)
        .where(eq(referralCommissions.storeId, s.store.id))
        .orderBy(referralCommissions.id)
    ).map((x) => x.id);
    await db
      .update(referralCommissions)
      .set({ state: "paid", paidAt: new Date() })
      .where(and(eq(referralCommissions.storeId, s.store.id), eq(referralCommissions.id, ids[0] as number)));
    await db
      .update(referralCommissions)
      .set({ state: "payable" })
      .where(and(eq(referralCommissions.storeId, s.store.id), eq(referralCommissions.id, ids[1] as number)));
    // A refund after a commission became payable is a negative entry of its own.
    const [clawback] = await db
      .insert(referralCommissions)
      .values({
        storeId: s.store.id,
        referrerId: r.id,
        orderId: (
          await db
            .select({ o: referralCommissions.orderId })
            .from(referralCommissions)
            .where(
              and(eq(referralCommissions.storeId, s.store.id), eq(referralCommissions.id, ids[1] as number)),
            )
        )[0]?.o as number,
        kind: "clawback",
        amount: -50,
        state: "payable",
      })
      .returning({ id: referralCommissions.id });
    ids.push(clawback?.id as number);
    const all = await list(s, r.token);
    expect(all.status).toBe(200);
    const data = all.json.data;
    expect(data.total).toBe(4);
    expect(data.per_page).toBe(1000);
    expect(data.currency).toBe(s.store.currency);
    expect(data.records.map((x: { id: number }) => x.id)).toEqual([...ids].reverse());
    const sum = (state: string) =>
      data.records
        .filter((x: { state: string }) => x.state === state)
        .reduce((a: number, x: { amount: number }) => a + x.amount, 0);
    expect(data.totals).toEqual({
      pending: sum("pending"),
      payable: sum("payable"),
      paid: sum("paid"),
      earned: sum("payable") + sum("paid"),
    });
    const record = data.records[0];
    expect(Object.keys(record).sort()).toEqual(
      [
        "amount",
        "id",
        "isCommissionPaid",
        "kind",
        "orderAmount",
        "orderDate",
        "orderNumber",
        "paidAt",
        "payableAt",
        "state",
        "underReview",
      ].sort(),
    );
    expect(JSON.stringify(data)).not.toContain("Noa");
    expect(JSON.stringify(data)).not.toContain("@example.com");
    expect(JSON.stringify(data)).not.toContain("Olive");
    const paid = await list(s, r.token, { isCommissionPaid: "true" });
    expect(paid.json.data.records.map((x: { id: number }) => x.id)).toEqual([ids[0]]);
    const unpaid = await list(s, r.token, { isCommissionPaid: "false" });
    expect(unpaid.json.data.total).toBe(3);
    expect(data.totals.payable).toBe(sum("payable"));
    expect(data.records.some((x: { amount: number }) => x.amount < 0)).toBe(true);
    // Totals are of the whole ledger, not of the page.
    const page = await list(s, r.token, { limit: 1, page: 3 });
    expect(page.json.data.records).toHaveLength(1);
    expect(page.json.data.records[0].id).toBe(ids[1]);
    expect(page.json.data.totals).toEqual(data.totals);
    expect(page.json.data.last_page).toBe(4);
  });

  it("says when a delivered order's commission becomes payable", async () => {
    const s = await referringShop({ returnWindowDays: 14 });
    const r = await referrer(s);
    const p = await create(s, await guestToken(s), order(s, { refer_code: r.code }));
    const orderId = p.json.data.order.id as number;
    expect((await list(s, r.token)).json.data.records[0].payableAt).toBeNull();
    const delivered = new Date("2026-01-10T10:00:00Z");
    await db.execute(sql`INSERT INTO order_events (store_id, order_id, status, payment_status, fulfilment_status, actor, at)
      VALUES (${s.store.id}, ${orderId}, 'delivered', 'cash_collected', 'fulfilled', 'system', ${delivered.toISOString()}::timestamptz)`);
    expect((await list(s, r.token)).json.data.records[0].payableAt).toBe("2026-01-24T10:00:00.000Z");
  });

  it("answers nobody else's entries, and refuses a missing token and another shop's token", async () => {
    const s = await referringShop();
    const r = await referrer(s);
    await create(s, await guestToken(s), order(s, { refer_code: r.code }));
    const someoneElse = await shopper(db, s.store);
    const theirs = await list(s, someoneElse.token);
    expect(theirs.json.data.total).toBe(0);
    expect(theirs.json.data.totals).toEqual({ pending: 0, payable: 0, paid: 0, earned: 0 });
    expectError(await list(s, undefined), "UNAUTHORIZED");
    expectError(await list(s, (await shopper(db, off.store)).token), "FORBIDDEN");
  });
});

it("normalises codes as typed", () => {
  expect(normaliseReferralCode(" ab-cd ef ")).toBe("ABCDEF");
});

describe("queries", () => {
  it("read through indexes only: the calls, calculate and create with a code", async () => {
    const s = await referringShop({ monthlyUsesCap: 50, monthlyCommissionCap: 100_000 });
    const r = await referrer(s);
    await create(s, r.token, order(s));
    const friend = await guestToken(s);
    const findings = await plansOf(async () => {
      await info(s, friend, r.code);
      await info(s, friend, "NOPE2345");
      await call("GET", "/user/getReferralCode", { domain: s.domain, token: r.token });
      await calculate(s, friend, order(s, { refer_code: r.code }));
      await create(s, friend, order(s, { refer_code: r.code }));
      await call("POST", "/api/storeOrder/listByReferralCode/storeCustomer", {
        domain: s.domain,
        token: r.token,
      });
      await call("POST", "/api/storeOrder/listByReferralCode/storeCustomer", {
        domain: s.domain,
        token: r.token,
        query: { isCommissionPaid: "true" },
      });
    });
    expect(findings.length).toBeGreaterThanOrEqual(10);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});

describe("the friend's one reward", () => {
  it("is held by every contact of the friend: a second referral under any one of them is refused", async () => {
    const r = await referrer(shop);
    const code = await ensureReferralCode(db, shop.store.id, r.id);
    const friend = await shopper(db, shop.store);
    const referral = (friendContacts: string[], orderId: number) => ({
      storeId: shop.store.id,
      orderId,
      friendCustomerId: friend.id,
      referral: {
        codeId: code.id,
        code: code.code,
        referrerId: r.id,
        settings: DEFAULT_REFERRAL_SETTINGS,
        reward: 100,
        friendContact: friendContacts[0] ?? "",
        friendContacts,
      },
      goodsAmount: 1000,
      timezone: "UTC",
      ip: null,
    });
    const email = `${friend.customer.email}`;
    const phone = `1555${String(friend.id).padStart(7, "0")}`;
    // Signed in: the account's email and phone; then a guest order under the phone alone.
    await db.transaction((tx) =>
      recordReferral(tx as unknown as Database, referral([email, phone], 990_001)),
    );
    await expect(
      db.transaction((tx) => recordReferral(tx as unknown as Database, referral([phone], 990_002))),
    ).rejects.toThrow(ReferralRefused);
    const held = await db
      .select({ contact: referralFriendContacts.contact })
      .from(referralFriendContacts)
      .where(
        and(eq(referralFriendContacts.storeId, shop.store.id), eq(referralFriendContacts.orderId, 990_001)),
      );
    expect(held.map((row) => row.contact).sort()).toEqual([email, phone].sort());
  });
});
