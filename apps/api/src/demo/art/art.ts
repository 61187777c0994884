import { hsl, type Palette, palette } from "./color.ts";
import { isMotif, MOTIFS, type Motif } from "./motifs/index.ts";
import { floorShadow } from "./motifs/types.ts";

export { LOGO_STATES, type LogoState, logo } from "./logo.ts";
export { isMotif, MOTIF_NAMES, type Motif } from "./motifs/index.ts";
export { ogImage } from "./og.ts";

export const ART_SIZE = 800;

/**
 * Variants are other "shots" of the same product for a gallery: a different backdrop and a little
 * zoom or tilt, so three images of one product do not look like copies.
 */
type Shot = { scale: number; rotate: number; backdrop: Backdrop };

const SHOTS: readonly Shot[] = [
  { scale: 1, rotate: 0, backdrop: "circle" },
  { scale: 1.18, rotate: 0, backdrop: "arch" },
  { scale: 0.92, rotate: -6, backdrop: "dots" },
  { scale: 1, rotate: 6, backdrop: "tile" },
  { scale: 1.06, rotate: 0, backdrop: "split" },
  { scale: 0.94, rotate: -4, backdrop: "rings" },
  { scale: 1.1, rotate: 5, backdrop: "floor" },
  { scale: 1, rotate: -10, backdrop: "circle" },
  { scale: 0.9, rotate: 0, backdrop: "arch" },
  { scale: 1.04, rotate: 8, backdrop: "dots" },
];

type Backdrop = "circle" | "arch" | "dots" | "tile" | "split" | "rings" | "floor";

function backdrop(kind: Backdrop, p: Palette): string {
  switch (kind) {
    case "circle":
      return `<circle cx="400" cy="410" r="290" fill="${p.backdrop}"/>`;
    case "arch":
      return `<path d="M150 800L150 380C150 240 262 130 400 130C538 130 650 240 650 380L650 800Z" fill="${p.backdrop}"/>`;
    case "dots": {
      const dots = [
        [130, 150, 14],
        [660, 130, 10],
        [700, 300, 18],
        [110, 420, 10],
        [680, 560, 12],
        [160, 640, 16],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.accentLight}" opacity=".55"/>`)
        .join("");
      return `<circle cx="400" cy="420" r="250" fill="${p.backdrop}"/>${dots}`;
    }
    case "tile":
      return `<rect x="150" y="150" width="500" height="500" rx="90" transform="rotate(8 400 400)" fill="${p.backdrop}"/>`;
    case "split":
      return `<path d="M0 800L0 470L800 250L800 800Z" fill="${p.backdrop}"/>`;
    case "rings":
      return (
        `<circle cx="400" cy="410" r="300" fill="none" stroke="${p.backdrop}" stroke-width="40"/>` +
        `<circle cx="400" cy="410" r="210" fill="${p.backdrop}" opacity=".7"/>`
      );
    case "floor":
      return `<rect x="0" y="560" width="800" height="240" fill="${p.backdrop}"/>`;
  }
}

function scene(motif: Motif, hue: number, shot: Shot): string {
  const p = palette(hue);
  const drawing = MOTIFS[motif];
  const shadowColour = hsl(hue, 30, 25);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}" width="${ART_SIZE}" height="${ART_SIZE}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="${shadowColour}" stop-opacity=".28"/><stop offset="1" stop-color="${shadowColour}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="url(#bg)"/>` +
    backdrop(shot.backdrop, p) +
    `<g transform="translate(400 430) rotate(${shot.rotate}) scale(${shot.scale}) translate(-400 -430)">` +
    floorShadow(drawing, "url(#shadow)") +
    drawing.draw(p) +
    `</g></svg>`
  );
}

export function isHue(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 359;
}

export const VARIANT_COUNT = SHOTS.length;

export function isVariant(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < VARIANT_COUNT;
}

/**
 * A product picture: the motif on a soft background tinted by `hue` (0–359). Unknown motifs and
 * out-of-range numbers throw, because callers validate input before drawing.
 */
export function productArt(motif: string, hue: number, variant = 0): string {
  if (!isMotif(motif)) throw new RangeError(`Unknown motif: ${motif}`);
  if (!isHue(hue)) throw new RangeError(`Hue out of range: ${hue}`);
  const shot = isVariant(variant) ? SHOTS[variant] : undefined;
  if (!shot) throw new RangeError(`Variant out of range: ${variant}`);
  return scene(motif, hue, shot);
}

/**
 * Category tiles use the same `/media/art/<motif>-<hue>.svg` addresses as products, so a category's
 * picture is its motif's main shot.
 */
export function categoryArt(motif: string, hue: number): string {
  return productArt(motif, hue, 0);
}
