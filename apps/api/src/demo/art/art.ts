import { hsl, type Palette, palette } from "./color.ts";
import { isProductKey, type Look, lookOf } from "./look.ts";
import { isMotif, MOTIFS, type Motif } from "./motifs/index.ts";
import { floorShadow } from "./motifs/types.ts";

export { LOGO_STATES, type LogoState, logo } from "./logo.ts";
export { isProductKey } from "./look.ts";
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

const FONT = `'Inter','Segoe UI',Roboto,'Noto Sans',Arial,sans-serif`;

/** Text for an SVG text node. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Small things scattered behind the object, chosen per product, so two products of one kind on the
 * same shelf differ at a glance even where their drawings are alike.
 */
function props(look: Look, p: Palette): string {
  const spots = [
    [120, 130],
    [680, 150],
    [710, 330],
    [90, 360],
    [700, 520],
    [110, 560],
  ] as const;
  const kind = look.roll("props", 4);
  const colour = hsl(p.hue + 150 + look.roll("props-hue", 60), 60, 74);
  return spots
    .filter((_, i) => look.roll(`spot-${i}`, 3) > 0)
    .map(([x, y], i) => {
      const turn = look.roll(`turn-${i}`, 90);
      switch (kind) {
        case 0:
          return `<circle cx="${x}" cy="${y}" r="${10 + (i % 3) * 5}" fill="${colour}" opacity=".7"/>`;
        case 1:
          return `<path d="M${x} ${y - 18}L${x + 5} ${y - 5}L${x + 18} ${y}L${x + 5} ${y + 5}L${x} ${y + 18}L${x - 5} ${y + 5}L${x - 18} ${y}L${x - 5} ${y - 5}Z" fill="${colour}" opacity=".8"/>`;
        case 2:
          return `<rect x="${x - 12}" y="${y - 5}" width="24" height="10" rx="5" transform="rotate(${turn} ${x} ${y})" fill="${colour}" opacity=".75"/>`;
        default:
          return `<circle cx="${x}" cy="${y}" r="${12 + (i % 2) * 6}" fill="none" stroke="${colour}" stroke-width="6" opacity=".7"/>`;
      }
    })
    .join("");
}

/** The product's shelf tag: its name on a card standing in front, as a shop photographs it. */
function shelfTag(look: Look, p: Palette): string {
  const lines = look.label;
  const longest = Math.max(...lines.map((line) => line.length));
  const width = Math.min(560, Math.max(180, Math.round(longest * 19) + 64));
  const height = 24 + lines.length * 38;
  const x = 400 - width / 2;
  const y = 770 - height;
  const text = lines
    .map(
      (line, i) =>
        `<text x="400" y="${y + 46 + i * 38}" font-family="${FONT}" font-size="32" font-weight="700" fill="${hsl(p.hue, 35, 22)}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
  return (
    `<rect x="${x + 4}" y="${y + 6}" width="${width}" height="${height}" rx="20" fill="${hsl(p.hue, 30, 30)}" opacity=".12"/>` +
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="20" fill="#ffffff"/>` +
    `<rect x="${x}" y="${y}" width="12" height="${height}" rx="6" fill="${p.accent}"/>` +
    text
  );
}

function scene(motif: Motif, hue: number, shot: Shot, look?: Look): string {
  const p = palette(hue);
  const drawing = MOTIFS[motif];
  const shadowColour = hsl(hue, 30, 25);
  // A product's picture stands a little higher and smaller, leaving room for its tag.
  const frame = look ? `translate(400 400) scale(.9) translate(-400 -430)` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}" width="${ART_SIZE}" height="${ART_SIZE}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="${shadowColour}" stop-opacity=".28"/><stop offset="1" stop-color="${shadowColour}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="url(#bg)"/>` +
    backdrop(shot.backdrop, p) +
    (look ? props(look, p) : "") +
    `<g transform="${frame} translate(400 430) rotate(${shot.rotate}) scale(${shot.scale}) translate(-400 -430)">` +
    floorShadow(drawing, "url(#shadow)") +
    drawing.draw(p, look) +
    `</g>` +
    (look ? shelfTag(look, p) : "") +
    `</svg>`
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
 * A product picture: the motif on a soft background tinted by `hue` (0–359). With the product's
 * key (its slug) the picture is that product's own: its toppings or filling, its framing, the
 * things scattered behind it and its name on a tag. Unknown motifs and out-of-range numbers throw,
 * because callers validate input before drawing.
 */
export function productArt(motif: string, hue: number, variant = 0, key?: string): string {
  if (!isMotif(motif)) throw new RangeError(`Unknown motif: ${motif}`);
  if (!isHue(hue)) throw new RangeError(`Hue out of range: ${hue}`);
  if (!isVariant(variant)) throw new RangeError(`Variant out of range: ${variant}`);
  if (key === undefined) return scene(motif, hue, SHOTS[variant] as Shot);
  if (!isProductKey(key)) throw new RangeError(`Not a product key: ${key}`);
  const look = lookOf(key);
  // Each product starts its gallery at its own shot, so first pictures of one kind differ too.
  const base = SHOTS[(variant + look.roll("shot", VARIANT_COUNT)) % VARIANT_COUNT] as Shot;
  const tilt = look.roll("tilt", 9) - 4;
  return scene(motif, hue, { ...base, rotate: base.rotate + tilt, scale: base.scale * 0.95 }, look);
}

/**
 * Category tiles use the same `/media/art/<motif>-<hue>.svg` addresses as products, so a category's
 * picture is its motif's main shot.
 */
export function categoryArt(motif: string, hue: number): string {
  return productArt(motif, hue, 0);
}
