import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRODUCT_IMAGES_MAX } from "@stoa/contract";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { diskMediaStorage, type MediaStorage } from "../platform/files/media-storage.ts";
import type { ApiError } from "../platform/http/errors.ts";
import { createLogger } from "../platform/logger.ts";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";
import { updateProductImages } from "./staff-product-images.ts";

let app: ReturnType<typeof createApp>;
let media: MediaStorage;

beforeAll(async () => {
  const { handle } = await testHarness();
  media = diskMediaStorage(await mkdtemp(join(tmpdir(), "stoa-test-media-")));
  app = createApp({ db: handle.db, logger: createLogger("silent"), serveDevMailbox: true, media });
});

const DETAIL = "/api/staff/products/images/detail";
const ADD = "/api/staff/products/images/add";
const UPDATE = "/api/staff/products/images/update";

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

/** A JPEG as a phone sends it: large, with a camera's EXIF and a GPS position. */
async function photo(width: number, height: number, shade = 110) {
  const jpeg = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: shade, b: 40 } },
  })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .jpeg()
    .toBuffer();
  return { image: jpeg.toString("base64"), contentType: "image/jpeg" };
}

describe("a product's pictures", () => {
  it("are uploaded, stripped and resized, shown on the storefront, reordered, described and removed", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    const start = await owner.as(DETAIL, { productId: shop.apple }, manager);
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    // The picture the shop had (not uploaded here) has no size, and its one alt text as English.
    expect(start.json.data).toMatchObject({
      productId: shop.apple,
      name: "apple",
      images: [{ url: "/media/apple.svg", width: null, height: null, altLocalizations: { en: "apple" } }],
    });
    const cleared = await owner.as(
      UPDATE,
      { productId: shop.apple, version: start.json.data.version, images: [] },
      manager,
    );
    expect(cleared.json.data.images).toEqual([]);

    const sent = await photo(3200, 2400);
    expect((await sharp(Buffer.from(sent.image, "base64")).metadata()).exif).toBeDefined();
    const added = await owner.as(
      ADD,
      {
        productId: shop.apple,
        version: cleared.json.data.version,
        ...sent,
        altLocalizations: { en: "Red apple" },
      },
      manager,
    );
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const first = added.json.data.images[0];
    expect(first).toMatchObject({ width: 1600, height: 1200, altLocalizations: { en: "Red apple" } });
    expect(first.url).toMatch(new RegExp(`^/media/shops/${shop.id}/product-[0-9a-f]{32}\\.webp$`));
    expect(added.json.data.version).not.toBe(cleared.json.data.version);

    // Served as kept: WebP, no metadata left, cached for good; names not of an upload are not looked for.
    const served = await app.request(first.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect((await app.request(`/media/shops/${shop.id}/product-${"0".repeat(32)}.webp`)).status).toBe(404);
    expect((await app.request(`/media/shops/${shop.id}/..%2F..%2Fsecret.webp`)).status).toBe(404);
    expect((await app.request(`/media/shops/${shop.id}/product-${"0".repeat(32)}.svg`)).status).toBe(404);

    // The storefront shows it at once, with its size, and the alt text in the shopper's language.
    const shopper = client(shop.domain);
    const page = await shopper("GET", `/api/storeProduct/productInfo/${shop.apple}`);
    expect(page.json.data.images).toEqual([{ url: first.url, alt: "Red apple", width: 1600, height: 1200 }]);
    expect(page.json.data.image).toEqual({ url: first.url, alt: "Red apple", width: 1600, height: 1200 });

    const second = await owner.as(
      ADD,
      { productId: shop.apple, version: added.json.data.version, ...(await photo(300, 500, 20)) },
      manager,
    );
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    const [a, b] = second.json.data.images;
    expect(b).toMatchObject({ width: 300, height: 500, altLocalizations: {} });

    // The second becomes the main picture, with an Arabic alt text; the Arabic storefront reads it.
    const reordered = await owner.as(
      UPDATE,
      {
        productId: shop.apple,
        version: second.json.data.version,
        images: [
          { url: b.url, altLocalizations: { en: "Green apple", ar: "تفاحة خضراء" } },
          { url: a.url, altLocalizations: a.altLocalizations },
        ],
      },
      manager,
    );
    expect(reordered.status, JSON.stringify(reordered.json)).toBe(200);
    expect(reordered.json.data.images.map((i: { url: string }) => i.url)).toEqual([b.url, a.url]);
    const arabic = await shopper("GET", `/api/storeProduct/productInfo/${shop.apple}`, {
      headers: { "accept-language": "ar" },
      query: { language: "ar" },
    });
    expect(arabic.json.data.image).toMatchObject({ url: b.url, alt: "تفاحة خضراء" });

    const removed = await owner.as(UPDATE, {
      productId: shop.apple,
      version: reordered.json.data.version,
      images: [{ url: a.url, altLocalizations: {} }],
    });
    expect(removed.json.data.images).toEqual([{ ...a, altLocalizations: {} }]);
    const after = await shopper("GET", `/api/storeProduct/productInfo/${shop.apple}`);
    // With no alt text of its own, the storefront describes the picture by the product's name.
    expect(after.json.data.images).toEqual([{ url: a.url, alt: "", width: 1600, height: 1200 }]);

    const audit = await owner.as("/api/staff/audit", { action: "product" });
    expect(audit.json.data.records.map((r: { action: string }) => r.action)).toEqual([
      "product.images",
      "product.images",
      "product.images",
      "product.images",
      "product.images",
    ]);
    expect(audit.json.data.records[0]).toMatchObject({
      subject: `product:${shop.apple}`,
      after: [{ url: a.url, alt: {} }],
    });
  });

  it("refuses a stale version with the pictures as they stand, and a picture the product lacks", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const start = (await owner.as(DETAIL, { productId: shop.apple })).json.data;
    const added = await owner.as(ADD, {
      productId: shop.apple,
      version: start.version,
      ...(await photo(40, 40)),
    });
    const stale = await owner.as(ADD, {
      productId: shop.apple,
      version: start.version,
      ...(await photo(50, 50)),
    });
    expectError(stale, "STAFF_EDIT_CONFLICT");
    expect(stale.json.data.product).toEqual(added.json.data);
    const staleEdit = await owner.as(UPDATE, { productId: shop.apple, version: start.version, images: [] });
    expectError(staleEdit, "STAFF_EDIT_CONFLICT");

    const foreign = await owner.as(UPDATE, {
      productId: shop.apple,
      version: added.json.data.version,
      images: [{ url: "https://elsewhere.example/x.jpg", altLocalizations: {} }],
    });
    expectError(foreign, "INVALID_INPUT");
    expect(foreign.json.data.errors).toEqual({ "images.0.url": "error-image-unknown" });
    const twice = added.json.data.images[0].url;
    const doubled = await owner.as(UPDATE, {
      productId: shop.apple,
      version: added.json.data.version,
      images: [
        { url: twice, altLocalizations: {} },
        { url: twice, altLocalizations: {} },
      ],
    });
    expect(doubled.json.data.errors).toEqual({ "images.1.url": "error-image-unknown" });
    const read = await owner.as(DETAIL, { productId: shop.apple });
    expect(read.json.data).toEqual(added.json.data);
  });

  it("refuses what is not a picture, one too large, one too many, and callers without the right", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    let version = (await owner.as(DETAIL, { productId: shop.apple })).json.data.version as string;
    const text = await owner.as(ADD, {
      productId: shop.apple,
      version,
      image: Buffer.from("not a picture").toString("base64"),
      contentType: "image/png",
    });
    expectError(text, "INVALID_INPUT");
    expect(text.json.data.errors).toEqual({ image: "error-image-not-picture" });
    const svg = await owner.as(ADD, {
      productId: shop.apple,
      version,
      image: Buffer.from("<svg/>").toString("base64"),
      contentType: "image/svg+xml",
    });
    expect(svg.json.data.errors).toEqual({ contentType: "error-image-not-picture" });
    const justOver = await owner.as(ADD, {
      productId: shop.apple,
      version,
      image: "A".repeat(13_984_000),
      contentType: "image/png",
    });
    expectError(justOver, "INVALID_INPUT");
    expect(justOver.json.data.errors).toEqual({ image: "error-image-too-large" });
    expectError(await owner.as(DETAIL, { productId: 999_999 }), "PRODUCT_NOT_FOUND");

    // The apple has the shop's own picture already: nine more fill it.
    for (let i = 1; i < PRODUCT_IMAGES_MAX; i++) {
      const added = await owner.as(ADD, { productId: shop.apple, version, ...(await photo(20 + i, 20)) });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
      version = added.json.data.version;
    }
    expectError(
      await owner.as(ADD, { productId: shop.apple, version, ...(await photo(99, 20)) }),
      "PRODUCT_IMAGES_FULL",
    );

    const body = { productId: shop.apple, version, images: [] };
    const staff = await owner.member("staff");
    const kitchen = await owner.member("kitchen");
    const other = await openShop();
    const otherOwner = await signedIn(other);
    const { token: shopperToken } = await registerVerified(client(shop.domain));
    const picture = await photo(30, 30);
    for (const [path, sent] of [
      [DETAIL, { productId: shop.apple }],
      [ADD, { productId: shop.apple, version, ...picture }],
      [UPDATE, body],
    ] as const) {
      expectError(await owner.as(path, sent, staff), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, sent, kitchen), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.api("POST", path, { body: sent, app }), "UNAUTHORIZED");
      expectError(await owner.api("POST", path, { token: shopperToken, body: sent, app }), "INVALID_SESSION");
      expectError(
        await client(other.domain)("POST", path, { token: owner.token, body: sent, app }),
        "FORBIDDEN",
      );
      // Another shop's owner, in their own shop, does not find this shop's product.
      expectError(await otherOwner.as(path, sent), "PRODUCT_NOT_FOUND");
    }
    expect((await owner.as(DETAIL, { productId: shop.apple })).json.data.images).toHaveLength(
      PRODUCT_IMAGES_MAX,
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "two edits of one product's pictures from two API processes",
  () => {
    const pools = twoConnectionPools(2);

    it("writes one and refuses the other as a conflict", async () => {
      const shop = await openShop();
      const owner = await signedIn(shop);
      const start = (await owner.as(DETAIL, { productId: shop.apple })).json.data;
      const one = await owner.as(ADD, {
        productId: shop.apple,
        version: start.version,
        ...(await photo(40, 40)),
      });
      const two = await owner.as(ADD, {
        productId: shop.apple,
        version: one.json.data.version,
        ...(await photo(50, 50)),
      });
      const [x, y] = two.json.data.images;
      const staffId = (await owner.as("/api/staff/me")).json.data.id as number;
      const [a, b] = pools();
      const version = two.json.data.version as string;
      const outcomes = await Promise.allSettled([
        updateProductImages(a.db, shop.id, staffId, {
          productId: shop.apple,
          version,
          images: [{ url: y.url, altLocalizations: {} }],
        }),
        updateProductImages(b.db, shop.id, staffId, {
          productId: shop.apple,
          version,
          images: [{ url: x.url, altLocalizations: { en: "kept" } }],
        }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect((refused.reason as ApiError).kind).toBe("STAFF_EDIT_CONFLICT");
      const written = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{
        images: unknown[];
      }>;
      const read = await owner.as(DETAIL, { productId: shop.apple });
      expect(read.json.data.images).toEqual(written.value.images);
    });
  },
);
