import type { Vertical } from "@stoa/contract";
import { BRANDS } from "./brand.ts";
import { greyscale, mix } from "./color.ts";
import { polar, times } from "./motifs/types.ts";

export const LOGO_SIZE = 240;
export const LOGO_STATES = ["active", "inactive"] as const;
export type LogoState = (typeof LOGO_STATES)[number];

/** White emblems on the brand badge; `ink` is the badge colour, used to cut details into the white. */
const EMBLEMS: Record<Vertical, (ink: string) => string> = {
  grocery: (ink) =>
    `<path d="M80 112C80 66 160 66 160 112" stroke="#fff" stroke-width="12" fill="none" stroke-linecap="round"/>` +
    `<path d="M52 108L188 108L170 180C168 188 162 192 154 192L86 192C78 192 72 188 70 180Z" fill="#fff"/>` +
    times(
      4,
      (i) =>
        `<path d="M${88 + i * 21} 126L${91 + i * 19} 176" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`,
    ) +
    `<path d="M120 72C128 46 152 38 174 42C170 64 150 78 120 72Z" fill="#fff"/>`,
  catering: (ink) =>
    `<circle cx="120" cy="70" r="12" fill="#fff"/>` +
    `<path d="M56 156A64 64 0 0 1 184 156Z" fill="#fff"/>` +
    `<path d="M80 138A42 42 0 0 1 104 104" stroke="${ink}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<rect x="40" y="160" width="160" height="14" rx="7" fill="#fff"/>`,
  restaurant: () =>
    times(4, (i) => `<rect x="${70 + i * 16}" y="48" width="10" height="58" rx="5" fill="#fff"/>`) +
    `<path d="M70 96L126 96C126 114 118 124 106 127L106 190C106 199 90 199 90 190L90 127C78 124 70 114 70 96Z" fill="#fff"/>` +
    `<path d="M150 190L150 50C176 62 184 100 178 136L166 136L166 190C166 199 150 199 150 190Z" fill="#fff"/>`,
  carparts: (ink) =>
    times(8, (i) => {
      const [x, y] = polar(120, 120, 64, i * 45);
      return `<rect x="${x - 14}" y="${y - 14}" width="28" height="28" rx="5" transform="rotate(${i * 45} ${x} ${y})" fill="#fff"/>`;
    }) +
    `<circle cx="120" cy="120" r="62" fill="#fff"/>` +
    `<circle cx="120" cy="120" r="26" fill="${ink}"/>`,
  furniture: () =>
    `<rect x="74" y="52" width="92" height="96" rx="26" fill="#fff"/>` +
    `<rect x="50" y="108" width="36" height="74" rx="16" fill="#fff"/>` +
    `<rect x="154" y="108" width="36" height="74" rx="16" fill="#fff"/>` +
    `<rect x="70" y="134" width="100" height="40" rx="10" fill="#fff"/>` +
    `<rect x="70" y="176" width="12" height="22" rx="4" fill="#fff"/><rect x="158" y="176" width="12" height="22" rx="4" fill="#fff"/>`,
};

/**
 * The badge without its `<svg>` wrapper, so the sharing banner can place it too. `id` names the
 * gradient, which must be unique within one document.
 */
export function logoBadge(vertical: Vertical, state: LogoState, id: string): string {
  const brand = BRANDS[vertical].color;
  const base = state === "active" ? brand : greyscale(mix(brand, "#ffffff", 0.2));
  const deep = mix(base, "#000000", 0.22);
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>` +
    `<rect width="${LOGO_SIZE}" height="${LOGO_SIZE}" rx="56" fill="url(#${id})"/>` +
    EMBLEMS[vertical](base)
  );
}

/** The shop's emblem on a rounded badge; the inactive logo is the same emblem in greys. */
export function logo(vertical: Vertical, state: LogoState): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${LOGO_SIZE} ${LOGO_SIZE}" width="${LOGO_SIZE}" height="${LOGO_SIZE}">` +
    logoBadge(vertical, state, "badge") +
    `</svg>`
  );
}
