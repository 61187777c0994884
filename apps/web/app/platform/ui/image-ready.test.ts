import { afterEach, describe, expect, it, vi } from "vitest";
import { imageSources } from "./image.ts";
import { imageReady } from "./image-ready.ts";

/** A stand-in for the browser's Image: records what it was given, decodes when told to. */
class FakeImage {
  static made: FakeImage[] = [];
  src = "";
  srcset = "";
  sizes = "";
  fetchPriority = "";
  finish: (ok: boolean) => void = () => undefined;
  constructor() {
    FakeImage.made.push(this);
  }
  decode(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.finish = (ok) => (ok ? resolve() : reject(new Error("broken")));
    });
  }
}

const banner = {
  src: "/media/banner/r2/grocery-1-ar.svg",
  width: 1600,
  sizes: "(min-width: 1280px) 78rem, 100vw",
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeImage.made = [];
});

describe("waiting for a picture", () => {
  it("asks for the very sources the image will use, and resolves once they are decoded", async () => {
    vi.stubGlobal("Image", FakeImage);
    let ready = false;
    const waiting = imageReady(banner, 60_000).then(() => {
      ready = true;
    });
    const [picture] = FakeImage.made;
    const expected = imageSources(banner.src, banner.width, banner.sizes);
    expect(picture).toMatchObject({ src: expected.src, srcset: expected.srcSet, sizes: banner.sizes });
    await Promise.resolve();
    expect(ready).toBe(false);
    picture?.finish(true);
    await waiting;
    expect(ready).toBe(true);
  });

  it("gives up waiting after the time allowed, or when the picture cannot load", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("Image", FakeImage);
    const slow = imageReady(banner, 1_000);
    vi.advanceTimersByTime(1_000);
    await expect(slow).resolves.toBeUndefined();
    const broken = imageReady(banner, 1_000);
    FakeImage.made[1]?.finish(false);
    await expect(broken).resolves.toBeUndefined();
  });

  it("waits for nothing where there is no browser", async () => {
    await expect(imageReady(banner, 1_000)).resolves.toBeUndefined();
  });
});
