import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, type Vertical } from "@stoa/contract";
import { BRANDS } from "./brand.ts";
import { hsl, mix, palette } from "./color.ts";
import { logoBadge } from "./logo.ts";
import { MOTIFS } from "./motifs/index.ts";
import { floorShadow } from "./motifs/types.ts";

/**
 * The shop's sharing banner (800×600, spec §9): its emblem and three of its products on the brand's
 * colours. No lettering, because servers that render it to PNG may lack fonts.
 */
export function ogImage(vertical: Vertical): string {
  const brand = BRANDS[vertical];
  const p = palette(brand.hue);
  const shadow = hsl(brand.hue, 30, 25);
  // Centre x and scale per product; every product stands on the brand band at y = 500.
  const slots: readonly [number, number][] = [
    [150, 0.48],
    [400, 0.62],
    [650, 0.48],
  ];
  const products = brand.showcase
    .map((motif, i) => {
      const [cx, scale] = slots[i] ?? [400, 0.5];
      const drawing = MOTIFS[motif];
      return (
        `<g transform="translate(${cx - 400 * scale} ${500 - 622 * scale}) scale(${scale})">` +
        floorShadow(drawing, "url(#og-shadow)") +
        drawing.draw(p) +
        `</g>`
      );
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">` +
    `<defs><linearGradient id="og-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>` +
    `<radialGradient id="og-shadow"><stop offset="0" stop-color="${shadow}" stop-opacity=".28"/><stop offset="1" stop-color="${shadow}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="url(#og-bg)"/>` +
    `<circle cx="400" cy="300" r="240" fill="${p.backdrop}"/>` +
    `<circle cx="90" cy="520" r="120" fill="${p.backdrop}" opacity=".6"/>` +
    `<circle cx="720" cy="90" r="90" fill="${p.backdrop}" opacity=".6"/>` +
    `<rect y="500" width="${OG_IMAGE_WIDTH}" height="100" fill="${brand.color}"/>` +
    `<rect y="500" width="${OG_IMAGE_WIDTH}" height="12" fill="${mix(brand.color, "#000000", 0.25)}"/>` +
    products +
    `<g transform="translate(40 36) scale(0.5)">${logoBadge(vertical, "active", "og-badge")}</g>` +
    `</svg>`
  );
}
