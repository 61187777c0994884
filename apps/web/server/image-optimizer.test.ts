import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ERRORS } from "@stoa/contract";
import type { Response as ExpressResponse, Request } from "express";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createImageOptimizer,
  type ImageParams,
  parseImageParams,
  pickFormat,
  render,
} from "./image-optimizer.ts";
import { imageRoute } from "./image-route.ts";

function check(query: string) {
  return parseImageParams(new URLSearchParams(query));
}

describe("parseImageParams", () => {
  it("accepts a media path, an allowed width and defaults the quality to 75", () => {
    expect(check("url=/media/art/apple-30.svg&w=640")).toEqual({
      ok: true,
      params: { source: "/media/art/apple-30.svg", width: 640, quality: 75 },
    });
    expect(check("url=%2Fmedia%2Flogo%2Fgrocery.svg&w=16&q=75")).toMatchObject({
      ok: true,
      params: { width: 16, quality: 75 },
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

  // The storefront only emits q=75 (IMAGE_QUALITY): every other quality was a free cache miss.
  it.each(["1", "50", "74", "76", "100", "075", "75.0"])(
    "refuses quality %j, which the storefront never emits",
    (q) => {
      expect(check(`url=/media/x.png&w=640&q=${q}`)).toEqual({ ok: false, message: "q must be 75" });
    },
  );

  // srcSetPlan only emits IMAGE_WIDTHS, spelt plainly; other spellings of them were fresh cache keys.
  it.each(["500", "3000", "0640", "+640", " 640"])(
    "refuses width %j, which the storefront never emits",
    (w) => {
      expect(check(`url=/media/x.png&w=${encodeURIComponent(w)}`)).toMatchObject({
        ok: false,
        message: expect.stringContaining("w must be"),
      });
    },
  );
});

describe("pickFormat", () => {
  it("prefers AVIF, then WebP, then the source's classic format", () => {
    expect(pickFormat("image/avif,image/webp,*/*", "image/png")).toBe("avif");
    expect(pickFormat("image/webp,*/*", "image/png")).toBe("webp");
    expect(pickFormat("*/*", "image/jpeg")).toBe("jpeg");
    expect(pickFormat(undefined, "image/svg+xml")).toBe("png");
  });
});

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#0a0"/></svg>`;
const IMMUTABLE = "public, max-age=31536000, immutable";
const apiUrl = "http://api.test";

/** What the API's media routes answer: an SVG that never changes at its address. */
function svgResponse(cacheControl = IMMUTABLE) {
  return new Response(svg, { headers: { "content-type": "image/svg+xml", "cache-control": cacheControl } });
}

/** Fresh cache directories, removed after each test, so tests never touch the repo's `.data`. */
const tempDirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), "stoa-images-"));
  tempDirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("createImageOptimizer", () => {
  const params: ImageParams = { source: "/media/art/box.svg", width: 128, quality: 75 };

  async function optimiserWith(responses: () => Response) {
    const calls: string[] = [];
    const optimiser = createImageOptimizer({
      apiUrl: "http://api.test",
      cacheDir: await tempDir(),
      fetch: async (input) => {
        calls.push(String(input));
        return responses();
      },
    });
    return { optimiser, calls };
  }

  it("renders vector art at the asked width in the accepted format and caches it", async () => {
    const { optimiser, calls } = await optimiserWith(
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
    const { optimiser } = await optimiserWith(() => new Response("no", { status: 404 }));
    expect(await optimiser.optimise(params, "image/webp")).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses a source that is not an image", async () => {
    const { optimiser } = await optimiserWith(
      () => new Response("<html>", { headers: { "content-type": "text/html" } }),
    );
    expect(await optimiser.optimise(params, "image/webp")).toMatchObject({ ok: false, status: 415 });
  });
});

const art = (name: string): ImageParams => ({ source: `/media/art/${name}.svg`, width: 128, quality: 75 });

/**
 * A fake API that records what it was asked, and a render that holds every `slow-…` source until
 * `release()`, so renders fill the queue while the test looks.
 */
function gatedFetch() {
  const calls: string[] = [];
  const renders: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchArt: typeof fetch = async (input) => {
    calls.push(new URL(String(input)).pathname);
    return svgResponse();
  };
  const renderImage: typeof render = async (source, sourceType, params, format) => {
    renders.push(params.source);
    if (params.source.includes("/slow-")) await gate;
    return render(source, sourceType, params, format);
  };
  return { calls, renders, fetch: fetchArt, renderImage, release: () => release() };
}

describe("render queue", () => {
  it("with one render slot and one waiting place, refuses a third distinct render with 503", async () => {
    const upstream = gatedFetch();
    const optimiser = createImageOptimizer({
      apiUrl,
      fetch: upstream.fetch,
      renderImage: upstream.renderImage,
      cacheDir: await tempDir(),
      maxConcurrentRenders: 1,
      maxQueuedRenders: 1,
    });
    const first = optimiser.optimise(art("slow-a"), "image/webp");
    await vi.waitFor(() => expect(optimiser.queue.running).toBe(1));
    const second = optimiser.optimise(art("slow-b"), "image/webp");
    await vi.waitFor(() => expect(optimiser.queue.waiting).toBe(1));

    expect(await optimiser.optimise(art("slow-c"), "image/webp")).toEqual({
      ok: false,
      status: 503,
      code: ERRORS.TOO_MANY_REQUESTS.code,
      message: expect.any(String),
      retryAfter: 5,
    });
    // The refused render was never started, and the queued one waited for the slot.
    expect(upstream.renders).toEqual(["/media/art/slow-a.svg"]);

    upstream.release();
    expect(await first).toMatchObject({ ok: true });
    expect(await second).toMatchObject({ ok: true });
    expect(optimiser.queue).toMatchObject({ running: 0, waiting: 0 });
  });

  it("serves disk hits and joins renders in flight while the queue is full", async () => {
    const upstream = gatedFetch();
    const optimiser = createImageOptimizer({
      apiUrl,
      fetch: upstream.fetch,
      renderImage: upstream.renderImage,
      cacheDir: await tempDir(),
      // No memory cache, so the second "fast" request can only be answered from disk.
      maxEntries: 0,
      maxConcurrentRenders: 1,
      maxQueuedRenders: 0,
    });
    const fast = await optimiser.optimise(art("fast"), "image/webp");
    expect(fast).toMatchObject({ ok: true });

    const first = optimiser.optimise(art("slow-a"), "image/webp");
    await vi.waitFor(() => expect(optimiser.queue.running).toBe(1));
    expect(await optimiser.optimise(art("slow-b"), "image/webp")).toMatchObject({ ok: false, status: 503 });
    expect(await optimiser.optimise(art("fast"), "image/webp")).toEqual(fast);
    const joined = optimiser.optimise(art("slow-a"), "image/webp");

    upstream.release();
    expect(await joined).toEqual(await first);
    expect(upstream.renders).toEqual(["/media/art/fast.svg", "/media/art/slow-a.svg"]);
  });
});

describe("a flood of distinct pictures", () => {
  it("answers a made-up name 404 without taking a render slot", async () => {
    const upstream = gatedFetch();
    const optimiser = createImageOptimizer({
      apiUrl,
      fetch: async (input) => {
        const path = new URL(String(input)).pathname;
        return path.includes("/made-up-") ? new Response("no", { status: 404 }) : upstream.fetch(input);
      },
      renderImage: upstream.renderImage,
      cacheDir: await tempDir(),
      maxConcurrentRenders: 1,
      maxQueuedRenders: 0,
    });
    const held = optimiser.optimise(art("slow-a"), "image/webp");
    await vi.waitFor(() => expect(optimiser.queue.running).toBe(1));
    for (let i = 0; i < 50; i++)
      expect(await optimiser.optimise(art(`made-up-${i}`), "image/webp", "10.0.0.9")).toMatchObject({
        status: 404,
      });
    expect(upstream.renders).toEqual(["/media/art/slow-a.svg"]);
    upstream.release();
    expect(await held).toMatchObject({ ok: true });
  });

  it("keeps a shopper's pictures ahead of one address flooding it with distinct names and widths", async () => {
    const upstream = gatedFetch();
    const optimiser = createImageOptimizer({
      apiUrl,
      fetch: upstream.fetch,
      renderImage: upstream.renderImage,
      cacheDir: await tempDir(),
      maxConcurrentRenders: 1,
      maxQueuedRenders: 24,
      perClient: 16,
    });
    const flood = Array.from({ length: 40 }, (_, i) =>
      optimiser.optimise(
        { ...art(`slow-${i}`), width: [64, 128, 256, 384][i % 4] as number },
        "image/webp",
        "10.6.6.6",
      ),
    );
    await vi.waitFor(() => expect(optimiser.queue.waiting).toBe(15));
    // The flood holds its share (16 places) and no more: the rest of it is refused at once.
    const refused = (await Promise.all(flood.slice(16))).filter(
      (answer) => !answer.ok && answer.status === 503,
    );
    expect(refused).toHaveLength(24);
    const shopper = optimiser.optimise(art("slow-shopper"), "image/webp", "10.1.1.1");
    await vi.waitFor(() => expect(optimiser.queue.waiting).toBe(16));
    upstream.release();
    await shopper;
    // Served in turn with the flood, not after the fifteen of it waiting ahead.
    const order = upstream.renders.filter((path) => path.includes("/slow-"));
    expect(order.indexOf("/media/art/slow-shopper.svg")).toBeLessThanOrEqual(2);
    await Promise.all(flood);
  });
});

describe("disk cache", () => {
  const params = art("box");

  it("serves a render after a restart from disk, without asking the API", async () => {
    const dir = await tempDir();
    const before = createImageOptimizer({ apiUrl, cacheDir: dir, fetch: async () => svgResponse() });
    const rendered = await before.optimise(params, "image/avif");
    if (!rendered.ok) throw new Error("render failed");

    const calls: string[] = [];
    const after = createImageOptimizer({
      apiUrl,
      cacheDir: dir,
      fetch: async (input) => {
        calls.push(String(input));
        throw new Error("the API must not be asked");
      },
    });
    expect(await after.optimise(params, "image/avif")).toEqual({
      ok: true,
      image: { body: rendered.image.body, contentType: "image/avif" },
    });
    expect(calls).toEqual([]);
    // Named by the key's sha256, the type in the extension, and no temp file left behind.
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.avif$/)]);
  });

  it("looks at the directory only on first use, not when created", async () => {
    const dir = join(await tempDir(), "images");
    const optimiser = createImageOptimizer({ apiUrl, cacheDir: dir, fetch: async () => svgResponse() });
    await expect(readdir(dir)).rejects.toThrow();
    await optimiser.optimise(params, "image/webp");
    expect(await readdir(dir)).toHaveLength(1);
  });

  it("keeps renders of sources that may change in memory only", async () => {
    const dir = await tempDir();
    const fetchMutable: typeof fetch = async () => svgResponse("public, max-age=60");
    const optimiser = createImageOptimizer({ apiUrl, cacheDir: dir, fetch: fetchMutable });
    expect(await optimiser.optimise(params, "image/webp")).toMatchObject({ ok: true });
    expect(await readdir(dir)).toEqual([]);
  });

  it("keeps the disk under its cap by deleting the oldest renders", async () => {
    // One picture under several addresses: every render has the same size.
    const probe = createImageOptimizer({
      apiUrl,
      cacheDir: await tempDir(),
      fetch: async () => svgResponse(),
    });
    const sample = await probe.optimise(art("a"), "image/webp");
    if (!sample.ok) throw new Error("render failed");
    const size = sample.image.body.byteLength;

    const calls: string[] = [];
    const options = {
      apiUrl,
      cacheDir: await tempDir(),
      maxDiskBytes: Math.floor(size * 2.5),
      fetch: (async (input) => {
        calls.push(new URL(String(input)).pathname);
        return svgResponse();
      }) as typeof fetch,
    };
    const optimiser = createImageOptimizer(options);
    for (const name of ["a", "b", "c"]) await optimiser.optimise(art(name), "image/webp");
    expect(await readdir(options.cacheDir)).toHaveLength(2);
    expect(optimiser.disk.bytes).toBe(2 * size);

    // After a restart b and c come from disk; a, the oldest, was deleted and is rendered again.
    calls.length = 0;
    const restarted = createImageOptimizer(options);
    for (const name of ["c", "b", "a"]) await restarted.optimise(art(name), "image/webp");
    expect(calls).toEqual(["/media/art/a.svg"]);
    // The first scan counted what was on disk, so rendering a pushed out one file to stay in the cap.
    expect(restarted.disk.bytes).toBe(2 * size);
    expect(await readdir(options.cacheDir)).toHaveLength(2);
  });
});

describe("imageRoute", () => {
  /** Just enough of Express's request and response for the route, recording what it answers. */
  async function get(route: ReturnType<typeof imageRoute>, url: string) {
    const headers: Record<string, string> = {};
    const sent: { status?: number; body?: unknown } = {};
    const res = {
      status(code: number) {
        sent.status = code;
        return res;
      },
      set(name: string | Record<string, string>, value?: string) {
        const pairs = typeof name === "string" ? { [name]: value ?? "" } : name;
        for (const [key, v] of Object.entries(pairs)) headers[key.toLowerCase()] = v;
        return res;
      },
      json(body: unknown) {
        sent.body = body;
        return res;
      },
      send(body: unknown) {
        sent.body = body;
        return res;
      },
    };
    const req = { originalUrl: url, get: (name: string) => (name === "accept" ? "image/webp" : undefined) };
    await route(req as unknown as Request, res as unknown as ExpressResponse, () => {});
    return { sent, headers };
  }

  it("answers a quality the storefront does not emit with the 400 envelope", async () => {
    const route = imageRoute(
      createImageOptimizer({ apiUrl, cacheDir: await tempDir(), fetch: async () => svgResponse() }),
    );
    const { sent, headers } = await get(route, "/_image?url=%2Fmedia%2Fart%2Fbox.svg&w=128&q=50");
    expect(sent).toEqual({
      status: 400,
      body: { code: ERRORS.INVALID_INPUT.code, msg: "q must be 75", data: null },
    });
    expect(headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 with Retry-After and no-store when the render queue is full", async () => {
    const upstream = gatedFetch();
    const optimiser = createImageOptimizer({
      apiUrl,
      fetch: upstream.fetch,
      renderImage: upstream.renderImage,
      cacheDir: await tempDir(),
      maxConcurrentRenders: 1,
      maxQueuedRenders: 0,
      retryAfterSeconds: 7,
    });
    const busy = optimiser.optimise(art("slow-a"), "image/webp");
    await vi.waitFor(() => expect(optimiser.queue.running).toBe(1));

    const { sent, headers } = await get(
      imageRoute(optimiser),
      "/_image?url=%2Fmedia%2Fart%2Fslow-b.svg&w=128&q=75",
    );
    expect(sent).toEqual({
      status: 503,
      body: { code: ERRORS.TOO_MANY_REQUESTS.code, msg: expect.any(String), data: null },
    });
    expect(headers["retry-after"]).toBe("7");
    expect(headers["cache-control"]).toBe("no-store");

    upstream.release();
    await busy;
  });
});
