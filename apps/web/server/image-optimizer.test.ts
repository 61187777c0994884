import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createImageOptimizer, type ImageParams, parseImageParams, pickFormat } from "./image-optimizer.ts";

function check(query: string) {
  return parseImageParams(new URLSearchParams(query));
}

describe("parseImageParams", () => {
  it("accepts a media path, an allowed width and defaults the quality to 75", () => {
    expect(check("url=/media/art/apple-30.svg&w=640")).toEqual({
      ok: true,
      params: { source: "/media/art/apple-30.svg", width: 640, quality: 75 },
    });
    expect(check("url=%2Fmedia%2Flogo%2Fgrocery.svg&w=16&q=100")).toMatchObject({
      ok: true,
      params: { quality: 100 },
    });
  });

  it.each([
    ["missing url", "w=640"],
    ["absolute url", "url=http://evil.com/x.png&w=640"],
    ["protocol-relative url", "url=//evil.com/media/x.png&w=640"],
    ["path outside media", "url=/api/store/getByDomain&w=640"],
    ["parent segments", "url=/media/../api/x.png&w=640"],
    ["dot segments inside", "url=/media/art/..%2Fsecret.png&w=640"],
    ["encoded traversal", "url=/media/%2e%2e/x.png&w=640"],
    ["double slash", "url=/media//evil.com/x.png&w=640"],
    ["backslash", "url=/media/\\evil.com/x.png&w=640"],
    ["query string in url", "url=/media/x.png?y=1&w=640"],
    ["bare media folder", "url=/media/&w=640"],
  ])("refuses a %s", (_, query) => {
    expect(check(query)).toMatchObject({ ok: false });
  });

  it.each([
    ["missing", "url=/media/x.png"],
    ["not allowed", "url=/media/x.png&w=500"],
    ["negative", "url=/media/x.png&w=-640"],
    ["fractional", "url=/media/x.png&w=640.0"],
    ["exponent", "url=/media/x.png&w=6.4e2"],
  ])("refuses a width that is %s", (_, query) => {
    expect(check(query)).toMatchObject({ ok: false, message: expect.stringContaining("w must be") });
  });

  it.each(["0", "101", "abc", "50.5", ""])("refuses quality %j", (q) => {
    expect(check(`url=/media/x.png&w=640&q=${q}`)).toMatchObject({ ok: false });
  });
});

describe("pickFormat", () => {
  it("prefers AVIF, then WebP, then the source's classic format", () => {
    expect(pickFormat("image/avif,image/webp,*/*", "image/png")).toBe("avif");
    expect(pickFormat("image/webp,*/*", "image/png")).toBe("webp");
    expect(pickFormat("*/*", "image/jpeg")).toBe("jpeg");
    expect(pickFormat(undefined, "image/svg+xml")).toBe("png");
  });
});

describe("createImageOptimizer", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#0a0"/></svg>`;
  const params: ImageParams = { source: "/media/art/box.svg", width: 128, quality: 75 };

  function optimiserWith(responses: () => Response) {
    const calls: string[] = [];
    const optimiser = createImageOptimizer({
      apiUrl: "http://api.test",
      fetch: async (input) => {
        calls.push(String(input));
        return responses();
      },
    });
    return { optimiser, calls };
  }

  it("renders vector art at the asked width in the accepted format and caches it", async () => {
    const { optimiser, calls } = optimiserWith(
      () => new Response(svg, { headers: { "content-type": "image/svg+xml" } }),
    );
    const first = await optimiser.optimise(params, "image/webp,*/*");
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.image.contentType).toBe("image/webp");
    const meta = await sharp(first.image.body).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(128);
    await optimiser.optimise(params, "image/webp");
    expect(calls).toEqual(["http://api.test/media/art/box.svg"]);
  });

  it("passes an upstream 404 on", async () => {
    const { optimiser } = optimiserWith(() => new Response("no", { status: 404 }));
    expect(await optimiser.optimise(params, "image/webp")).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses a source that is not an image", async () => {
    const { optimiser } = optimiserWith(
      () => new Response("<html>", { headers: { "content-type": "text/html" } }),
    );
    expect(await optimiser.optimise(params, "image/webp")).toMatchObject({ ok: false, status: 415 });
  });
});
