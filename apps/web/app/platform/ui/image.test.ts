import { IMAGE_WIDTHS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { imageSources, optimisedImageUrl, srcSetPlan } from "./image.ts";

describe("optimisedImageUrl", () => {
  it("points at the optimiser with an encoded source, width and the default quality", () => {
    expect(optimisedImageUrl("/media/art/apple 30.svg", 640)).toBe(
      "/_image?url=/media/art/apple%2030.svg&w=640",
    );
  });

  it("reads back as the same source, width and quality, whatever the file is called", () => {
    const src = "/media/art/a&b?c=d #1.svg";
    const query = new URL(optimisedImageUrl(src, 256, 50), "http://shop").searchParams;
    expect([query.get("url"), query.get("w"), query.get("q")]).toEqual([src, "256", "50"]);
  });
});

describe("srcSetPlan", () => {
  it("offers 1x and 2x of a fixed width, rounded up to allowed widths", () => {
    expect(srcSetPlan(100)).toEqual({ widths: [128, 256], descriptor: "x" });
    expect(srcSetPlan(64)).toEqual({ widths: [64, 128], descriptor: "x" });
  });

  it("caps densities at the largest allowed width", () => {
    expect(srcSetPlan(3000)).toEqual({ widths: [3840], descriptor: "x" });
  });

  it("offers widths down to what the smallest viewport needs when sizes are given", () => {
    const { widths, descriptor } = srcSetPlan(400, "(min-width: 1024px) 25vw, 50vw");
    expect(descriptor).toBe("w");
    expect(widths[0]).toBe(256);
    expect(widths.at(-1)).toBe(828);
    expect(widths.every((w) => IMAGE_WIDTHS.includes(w))).toBe(true);
  });

  it("offers half to twice the layout's width for sizes without viewport units", () => {
    expect(srcSetPlan(400, "25rem").widths).toEqual([256, 384, 640, 750, 828]);
  });

  it("offers the largest widths only to images the layout draws wide", () => {
    expect(srcSetPlan(1600, "100vw").widths.at(-1)).toBe(3840);
  });
});

describe("imageSources", () => {
  it("builds a srcset over the optimiser for media paths", () => {
    const { src, srcSet } = imageSources("/media/art/pear.svg", 200);
    expect(src).toBe("/_image?url=/media/art/pear.svg&w=640");
    expect(srcSet).toBe("/_image?url=/media/art/pear.svg&w=256 1x, /_image?url=/media/art/pear.svg&w=640 2x");
  });

  it("leaves other sources alone", () => {
    expect(imageSources("data:image/png;base64,AAAA", 200)).toEqual({ src: "data:image/png;base64,AAAA" });
  });
});
