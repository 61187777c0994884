import { VERTICALS } from "@stoa/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  categoryArt,
  isHue,
  isVariant,
  LOGO_STATES,
  logo,
  MOTIF_NAMES,
  ogImage,
  productArt,
  VARIANT_COUNT,
} from "./art.ts";
import { BRANDS } from "./brand.ts";
import { contrastRatio, hsl, mix } from "./color.ts";

const COLOUR = /#[0-9a-f]{6}/g;

function svgRoot(svg: string): string {
  return svg.slice(0, svg.indexOf(">") + 1);
}

describe("productArt", () => {
  it("draws at least 30 motifs", () => {
    expect(MOTIF_NAMES.length).toBeGreaterThanOrEqual(30);
  });

  it("answers a square 800×800 SVG document for every motif and variant", () => {
    for (const motif of MOTIF_NAMES) {
      for (let variant = 0; variant < VARIANT_COUNT; variant++) {
        const svg = productArt(motif, (variant * 37) % 360, variant);
        expect(svgRoot(svg)).toBe(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">',
        );
        expect(svg.endsWith("</svg>")).toBe(true);
      }
    }
  });

  it("renders every motif to a picture that is more than a blank background", async () => {
    for (const motif of MOTIF_NAMES) {
      const { channels } = await sharp(Buffer.from(productArt(motif, 200)))
        .resize(64)
        .stats();
      const spread = Math.max(...channels.slice(0, 3).map((c) => c.stdev));
      expect(spread, motif).toBeGreaterThan(12);
    }
  });

  it("is deterministic and varies with hue and variant", () => {
    expect(productArt("apple", 30, 1)).toBe(productArt("apple", 30, 1));
    expect(productArt("sofa", 30)).not.toBe(productArt("sofa", 200));
    expect(productArt("sofa", 30, 0)).not.toBe(productArt("sofa", 30, 2));
    expect(categoryArt("tire", 210)).toBe(productArt("tire", 210, 0));
  });

  it("contains no text, script, external reference or event handler", () => {
    for (const motif of MOTIF_NAMES) {
      const svg = productArt(motif, 120, 3);
      expect(svg).not.toMatch(/<text|<script|<image|<foreignObject|href=|\son[a-z]+=/i);
    }
  });

  it("draws each product its own picture, the same every time, from its key", () => {
    const pizzas = ["margherita-pizza", "pepperoni-pizza", "four-cheese-pizza", "mushroom-truffle-pizza"];
    const drawn = pizzas.map((key) => productArt("pizza", 20, 0, key));
    expect(new Set(drawn).size).toBe(pizzas.length);
    expect(productArt("pizza", 20, 0, "pepperoni-pizza")).toBe(drawn[1]);
    // The toppings follow the name, not only the framing: the drawings themselves differ.
    const toppings = (svg: string) => svg.slice(svg.indexOf("scale(1 0.6)"));
    expect(toppings(drawn[0] ?? "")).not.toBe(toppings(drawn[1] ?? ""));
    expect(productArt("burger", 30, 0, "bacon-cheeseburger")).not.toBe(
      productArt("burger", 30, 0, "plant-based-burger"),
    );
  });

  it("puts the product's name on its tag, escaped, and no script or external reference", () => {
    const svg = productArt("juice", 40, 2, "golden-delicious-apples");
    expect(svg).toContain(">Golden Delicious</text>");
    expect(svg).toContain(">Apples</text>");
    expect(svg).not.toMatch(/<script|<image|<foreignObject|href=|\son[a-z]+=/i);
    expect(() => productArt("juice", 40, 0, "Not A Key")).toThrow(RangeError);
    expect(() => productArt("juice", 40, 0, "")).toThrow(RangeError);
  });

  it("refuses unknown motifs and out-of-range numbers", () => {
    expect(() => productArt("unicorn", 10)).toThrow(RangeError);
    expect(() => productArt("apple", 360)).toThrow(RangeError);
    expect(() => productArt("apple", -1)).toThrow(RangeError);
    expect(() => productArt("apple", 1.5)).toThrow(RangeError);
    expect(() => productArt("apple", 10, VARIANT_COUNT)).toThrow(RangeError);
    expect(isHue(359) && !isHue(360) && isVariant(9) && !isVariant(10)).toBe(true);
  });
});

describe("logo", () => {
  it("draws an emblem for every vertical in both states", () => {
    for (const vertical of VERTICALS) {
      for (const state of LOGO_STATES) {
        const svg = logo(vertical, state);
        expect(svgRoot(svg)).toContain('viewBox="0 0 240 240"');
        expect(svg).not.toMatch(/<text/);
      }
      expect(logo(vertical, "active")).not.toBe(logo(vertical, "inactive"));
    }
  });

  it("paints the active logo in the brand colour and the inactive one only in greys", () => {
    for (const vertical of VERTICALS) {
      expect(logo(vertical, "active")).toContain(BRANDS[vertical].color);
      for (const colour of logo(vertical, "inactive").match(COLOUR) ?? []) {
        expect(colour.slice(1, 3) === colour.slice(3, 5) && colour.slice(3, 5) === colour.slice(5, 7)).toBe(
          true,
        );
      }
    }
  });
});

describe("ogImage", () => {
  it("draws an 800×600 banner for every vertical", () => {
    for (const vertical of VERTICALS) {
      const svg = ogImage(vertical);
      expect(svgRoot(svg)).toContain('viewBox="0 0 800 600" width="800" height="600"');
      expect(svg).not.toMatch(/<text/);
      expect(svg).toBe(ogImage(vertical));
    }
  });
});

describe("brand colours", () => {
  it("carry white text at WCAG AA contrast", () => {
    for (const vertical of VERTICALS) {
      expect(contrastRatio(BRANDS[vertical].color, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("colour helpers", () => {
  it("convert HSL and blend in hex", () => {
    expect(hsl(0, 100, 50)).toBe("#ff0000");
    expect(hsl(120, 100, 25)).toBe("#008000");
    expect(hsl(360, 0, 100)).toBe("#ffffff");
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
  });
});
