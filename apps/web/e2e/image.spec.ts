import { expect, test } from "@playwright/test";
import { GROCERY, storeOf } from "./support.ts";

test("the image optimiser answers WebP and AVIF by Accept, with long caching", async ({ request }) => {
  const store = await storeOf(request, "localhost");
  const logo = encodeURIComponent(store.globalSettings.storeActiveLogoFileUrl);

  const webp = await request.get(`${GROCERY}/_image?url=${logo}&w=128&q=75`, {
    headers: { accept: "image/webp,*/*" },
  });
  expect(webp.status()).toBe(200);
  expect(webp.headers()["content-type"]).toBe("image/webp");
  expect(webp.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(webp.headers().vary).toContain("Accept");

  const avif = await request.get(`${GROCERY}/_image?url=${logo}&w=128`, {
    headers: { accept: "image/avif,image/webp" },
  });
  expect(avif.headers()["content-type"]).toBe("image/avif");
});

test("the image optimiser is not an open proxy", async ({ request }) => {
  for (const url of [
    "http://evil.com/x.png",
    "//evil.com/x.png",
    "/media/../api/store/getByDomain",
    "/api/x.png",
  ]) {
    const response = await request.get(`${GROCERY}/_image?url=${encodeURIComponent(url)}&w=128`);
    expect(response.status(), url).toBe(400);
    expect((await response.json()).code).toBe("400");
  }
  const badWidth = await request.get(`${GROCERY}/_image?url=%2Fmedia%2Fx.svg&w=123`);
  expect(badWidth.status()).toBe(400);
  const missing = await request.get(`${GROCERY}/_image?url=%2Fmedia%2Fart%2Fno-such-picture.svg&w=128`);
  expect(missing.status()).toBe(404);
});
