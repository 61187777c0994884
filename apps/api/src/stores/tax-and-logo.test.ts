import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createLogger } from "../platform/logger.ts";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { cashDelivery, openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const { handle } = await testHarness();
  app = createApp({
    db: handle.db,
    logger: createLogger("silent"),
    serveDevMailbox: true,
    mediaDir: await mkdtemp(join(tmpdir(), "stoa-test-media-")),
  });
});

async function signedIn(shop: Shop) {
  const api = client(shop.domain);
  const token = (await api("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data.token as string;
  const as = (path: string, body?: unknown, t = token) => api("POST", path, { token: t, body, app });
  const member = async (role: string) => {
    const email = freshEmail();
    await as("/api/staff/accounts/invite", { email, name: role, role });
    const link = linkTokenIn((await inbox(email))[0]?.body ?? "");
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: link, password: "a long password 1" },
    });
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}

const TAX = "/api/staff/settings/tax/update";
const LOGO = "/api/staff/settings/logo/update";

/** A PNG of this size, base64, as the console sends an uploaded file. */
async function picture(width: number, height: number) {
  const png = await sharp({
    create: { width, height, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return { image: png.toString("base64"), contentType: "image/png" };
}

describe("the shop's tax", () => {
  it("is set by a manager, audited, and prices the shopper's checkout", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    const read = await owner.as("/api/staff/settings/tax/detail");
    expect(read.json.data).toEqual({ taxRateBp: 0, pricesIncludeTax: false, tipAllowed: false });
    const set = await owner.as(TAX, { taxRateBp: 1700, pricesIncludeTax: false, tipAllowed: true }, manager);
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.data).toEqual({ taxRateBp: 1700, pricesIncludeTax: false, tipAllowed: true });
    const audit = await owner.as("/api/staff/audit", { action: "settings.tax" });
    expect(audit.json.data.records[0]).toMatchObject({
      before: { taxRateBp: 0, pricesIncludeTax: false, tipAllowed: false },
      after: { taxRateBp: 1700, pricesIncludeTax: false, tipAllowed: true },
    });
    // Two apples at 2.50: 17 % tax on 5.00 is 0.85, added.
    const shopper = client(shop.domain);
    const { token } = await registerVerified(shopper);
    const calculated = await shopper("POST", "/api/storeOrder/calculate", {
      token,
      body: cashDelivery([{ productId: shop.apple, quantity: 2 }]),
    });
    expect(calculated.json.data.totals).toMatchObject({ tax: 85 });
  });

  it("refuses a rate out of range, another shop's staff, shoppers, no token and the kitchen", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const bad = await owner.as(TAX, { taxRateBp: 5001, pricesIncludeTax: false, tipAllowed: false });
    expectError(bad, "INVALID_INPUT");
    expect(bad.json.data.errors).toEqual({ taxRateBp: "error-field-too-large" });
    expectError(
      await owner.as(TAX, { taxRateBp: -1, pricesIncludeTax: false, tipAllowed: false }),
      "INVALID_INPUT",
    );
    const kitchen = await owner.member("kitchen");
    const body = { taxRateBp: 1000, pricesIncludeTax: true, tipAllowed: false };
    expectError(await owner.as(TAX, body, kitchen), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.as("/api/staff/settings/tax/detail", undefined, kitchen), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.api("POST", TAX, { body, app }), "UNAUTHORIZED");
    const other = await openShop();
    expectError(await client(other.domain)("POST", TAX, { token: owner.token, body, app }), "FORBIDDEN");
    const { token: shopperToken } = await registerVerified(client(shop.domain));
    expectError(await owner.api("POST", TAX, { token: shopperToken, body, app }), "INVALID_SESSION");
    const audit = await owner.as("/api/staff/audit", { action: "settings.tax" });
    expect(audit.json.data.records).toEqual([]);
  });
});

describe("the shop's logo", () => {
  it("is uploaded, resized, kept, served and shown in the storefront's header, audited", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    const set = await owner.as(LOGO, await picture(1200, 600), manager);
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.data).toMatchObject({ width: 512, height: 256 });
    const url = set.json.data.logoUrl as string;
    expect(url).toMatch(new RegExp(`^/media/shops/${shop.id}/logo-[0-9a-f]{32}\\.png$`));
    const served = await app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);
    expect((await app.request(`/media/shops/${shop.id}/logo-${"0".repeat(32)}.png`)).status).toBe(404);
    expect((await app.request(`/media/shops/${shop.id}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);

    const read = await owner.as("/api/staff/settings/logo/detail");
    expect(read.json.data.logoUrl).toBe(url);
    const store = await client(shop.domain)("GET", "/api/store/getByDomain");
    expect(store.json.data.globalSettings.storeActiveLogoFileUrl).toBe(url);
    const audit = await owner.as("/api/staff/audit", { action: "settings.logo" });
    expect(audit.json.data.records[0]).toMatchObject({ after: url });
  });

  it("refuses what is not a picture, one too large, and callers without the right", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const text = await owner.as(LOGO, {
      image: Buffer.from("not a picture").toString("base64"),
      contentType: "image/png",
    });
    expectError(text, "INVALID_INPUT");
    expect(text.json.data.errors).toEqual({ image: "error-logo-not-image" });
    const svg = await owner.as(LOGO, {
      image: Buffer.from("<svg/>").toString("base64"),
      contentType: "image/svg+xml",
    });
    expect(svg.json.data.errors).toEqual({ contentType: "error-logo-not-image" });
    const big = await owner.as(LOGO, { image: "A".repeat(3 * 1024 * 1024), contentType: "image/png" });
    expectError(big, "PAYLOAD_TOO_LARGE");
    const justOver = await owner.as(LOGO, { image: "A".repeat(2_800_000), contentType: "image/png" });
    expectError(justOver, "INVALID_INPUT");
    expect(justOver.json.data.errors).toEqual({ image: "error-logo-too-large" });

    const body = await picture(64, 64);
    const kitchen = await owner.member("kitchen");
    expectError(await owner.as(LOGO, body, kitchen), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.api("POST", LOGO, { body, app }), "UNAUTHORIZED");
    // A large body is not read for a caller who may not send it.
    expectError(
      await owner.api("POST", LOGO, {
        body: { image: "A".repeat(2_000_000), contentType: "image/png" },
        app,
      }),
      "UNAUTHORIZED",
    );
    const other = await openShop();
    expectError(await client(other.domain)("POST", LOGO, { token: owner.token, body, app }), "FORBIDDEN");
    const { token: shopperToken } = await registerVerified(client(shop.domain));
    expectError(await owner.api("POST", LOGO, { token: shopperToken, body, app }), "INVALID_SESSION");
    // Other calls keep their usual limit.
    const huge = await owner.as("/api/staff/settings/tax/update", { taxRateBp: 1, pad: "A".repeat(100_000) });
    expectError(huge, "PAYLOAD_TOO_LARGE");
    const audit = await owner.as("/api/staff/audit", { action: "settings.logo" });
    expect(audit.json.data.records).toEqual([]);
  });
});
