import { expect, test } from "@playwright/test";
import { VIEWPORT_MAXIMUM_SCALE } from "@stoa/contract";
import { englishName, GROCERY, productsOf, storeOf } from "./support.ts";

function meta(html: string, attribute: "name" | "property", key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1];
}

test("the server-rendered page carries the shop's metadata", async ({ request }) => {
  const store = await storeOf(request, "localhost");
  const response = await request.get(`${GROCERY}/`);
  expect(response.status()).toBe(200);
  // Inline scripts only by this response's nonce, or on a page shared by shoppers, by their hashes.
  expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' '(nonce|sha256)-/);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  const html = await response.text();

  expect(html).toContain(`<title>${englishName(store)}</title>`);
  expect(meta(html, "name", "description")).toBe(store.settings.seo.metaDescription);
  expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/"\/>/);
  expect(meta(html, "property", "og:image")).toBe(`${GROCERY}${store.settings.seo.ogImage.original}`);
  expect(meta(html, "property", "og:image:width")).toBe("800");
  expect(meta(html, "property", "og:image:height")).toBe("600");
  expect(meta(html, "property", "og:title")).toBeTruthy();
  expect(meta(html, "name", "twitter:card")).toBeTruthy();
  expect(meta(html, "name", "viewport")).toContain(`maximum-scale=${VIEWPORT_MAXIMUM_SCALE}`);
  expect(html).toMatch(/<html lang="en" dir="ltr">/);

  // og:image is served from the shop's own origin.
  const image = await request.get(meta(html, "property", "og:image") ?? "");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toMatch(/^image\//);
});

test("a product page is titled 'Product | Shop'", async ({ request }) => {
  const store = await storeOf(request, "localhost");
  const product = (await productsOf(request, "localhost", 1)).records[0];
  if (!product) throw new Error("the grocery shop needs products");
  const html = await (await request.get(`${GROCERY}/products/${product.id}`)).text();
  expect(html).toContain(`| ${englishName(store)}</title>`);
  expect(html).toContain(`<link rel="canonical" href="`);
  expect(meta(html, "property", "og:type")).toBe("product");
});

test("unknown pages and products answer a real 404 with a translated page", async ({ request }) => {
  const page = await request.get(`${GROCERY}/no/such/page`);
  expect(page.status()).toBe(404);
  expect(await page.text()).toContain("Page not found");

  const product = await request.get(`${GROCERY}/products/999999999`);
  expect(product.status()).toBe(404);
  expect(await product.text()).toContain("Product not found");

  const arabic = await request.get(`${GROCERY}/no/such/page`, { headers: { cookie: "lang=ar" } });
  expect(arabic.status()).toBe(404);
  expect(await arabic.text()).toContain("الصفحة غير موجودة");
});

test("a host without a shop answers 404 'no shop here'", async ({ request }) => {
  const response = await request.get(`${GROCERY}/`, { headers: { host: "nowhere.localhost:3100" } });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("No shop here");
});
