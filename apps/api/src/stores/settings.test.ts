import { beforeAll, describe, expect, it } from "vitest";
import { client, freshEmail, inbox, linkTokenIn } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

beforeAll(async () => {
  await testHarness();
});

async function signedIn(shop: Shop) {
  const api = client(shop.domain);
  const token = (await api("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data.token as string;
  const as = (path: string, body?: unknown, t = token) => api("POST", path, { token: t, body });
  /** A member of another role, invited by the owner and signed in through the emailed link. */
  const member = async (role: string) => {
    const email = freshEmail();
    await as("/api/staff/accounts/invite", { email, name: role, role });
    const token = linkTokenIn((await inbox(email))[0]?.body ?? "");
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token, password: "a long password 1" },
    });
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}

const settings = {
  name: { en: "Corner Shop", ar: "متجر الزاوية", he: "" },
  tagline: { en: "Fresh every day", ar: "", he: "" },
  siteTitle: "Corner Shop – groceries",
  metaDescription: { en: "Groceries on the corner.", ar: "بقالة على الزاوية.", he: "" },
  guestCheckout: false,
  unpaidOrderLimit: 3,
  phoneCountryCode: "972",
};

describe("the shop's settings", () => {
  it("are read and changed by managers, audited, and shown to shoppers", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    const read = await owner.as("/api/staff/settings/detail");
    expect(read.json.data.settings).toMatchObject({ guestCheckout: true });
    expect(Object.keys(read.json.data.settings.name).sort()).toEqual(["ar", "en", "he"]);

    const changed = await owner.as("/api/staff/settings/update", settings, manager);
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data.settings).toMatchObject({
      name: { en: "Corner Shop", ar: "متجر الزاوية", he: "" },
      siteTitle: "Corner Shop – groceries",
      guestCheckout: false,
      unpaidOrderLimit: 3,
      phoneCountryCode: "972",
    });
    const audit = await owner.as("/api/staff/audit", { action: "settings.shop" });
    expect(audit.json.data.records[0]).toMatchObject({
      before: expect.objectContaining({ guestCheckout: true }),
      after: expect.objectContaining({ guestCheckout: false }),
    });
    // A shopper sees them once the store's row is read again (STORE_FRESH_MS).
    await expect
      .poll(async () => (await client(shop.domain)("GET", "/api/store/getByDomain")).json.data, {
        timeout: 20_000,
      })
      .toMatchObject({
        shopSettings: { guestCheckout: false },
        settings: { siteTitle: "Corner Shop – groceries" },
      });
    // Each language's pages describe the shop in it; one without its own falls back to another's.
    const description = async (locale: string) =>
      (await client(shop.domain)("GET", "/api/store/getByDomain", { locale })).json.data.settings.seo
        .metaDescription;
    expect(await description("ar")).toBe("بقالة على الزاوية.");
    expect(await description("en")).toBe("Groceries on the corner.");
    expect(await description("he")).toBe("Groceries on the corner.");
    expect((await owner.as("/api/staff/settings/detail")).json.data.settings.metaDescription).toEqual(
      settings.metaDescription,
    );
  });

  it("refuses what is not valid, another shop's staff, shoppers and roles without the right", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const bad = await owner.as("/api/staff/settings/update", {
      ...settings,
      name: { en: "", ar: "", he: "" },
      siteTitle: "",
      metaDescription: { en: "x".repeat(301), ar: "", he: "" },
      unpaidOrderLimit: -1,
      phoneCountryCode: "+972",
    });
    expectError(bad, "INVALID_INPUT");
    expect(Object.keys(bad.json.data.errors).sort()).toEqual([
      "metaDescription.en",
      "name.en",
      "phoneCountryCode",
      "siteTitle",
      "unpaidOrderLimit",
    ]);
    const staff = await owner.member("staff");
    expectError(await owner.as("/api/staff/settings/detail", undefined, staff), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.api("POST", "/api/staff/settings/detail"), "UNAUTHORIZED");
    const other = await openShop();
    expectError(
      await client(other.domain)("POST", "/api/staff/settings/detail", { token: owner.token }),
      "FORBIDDEN",
    );
  });

  it("lets only the owner set the staff's refund limit", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    expectError(
      await owner.as("/api/staff/settings/refundLimit", { staffRefundLimit: 5000 }, manager),
      "STAFF_ROLE_FORBIDDEN",
    );
    const set = await owner.as("/api/staff/settings/refundLimit", { staffRefundLimit: 5000 });
    expect(set.json.data.staffRefundLimit).toBe(5000);
    expectError(await owner.as("/api/staff/settings/refundLimit", { staffRefundLimit: -1 }), "INVALID_INPUT");
    const cleared = await owner.as("/api/staff/settings/refundLimit", { staffRefundLimit: null });
    expect(cleared.json.data.staffRefundLimit).toBeNull();
    const audit = await owner.as("/api/staff/audit", { action: "settings.refundLimit" });
    expect(audit.json.data.records.map((e: { after: unknown }) => e.after)).toEqual([null, 5000]);
  });
});
