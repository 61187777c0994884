import { type MotifDrawing, NATURAL as N, times } from "./types.ts";

/** Things sold as downloads: a gift card leaning on its envelope, and a printed booklet. */

const giftCard: MotifDrawing = {
  shadow: 250,
  draw: (p) =>
    `<path d="M170 420L630 420L630 612L170 612Z" fill="${N.cream}"/>` +
    `<path d="M170 420L400 540L630 420" stroke="#eadfc8" stroke-width="8" fill="none"/>` +
    `<rect x="200" y="250" width="400" height="250" rx="26" transform="rotate(-8 400 375)" fill="${p.accent}"/>` +
    `<rect x="200" y="250" width="400" height="250" rx="26" transform="rotate(-8 400 375)" fill="none" stroke="${p.accentDark}" stroke-width="6"/>` +
    `<rect x="330" y="250" width="44" height="250" transform="rotate(-8 400 375)" fill="${p.accentLight}"/>` +
    `<rect x="200" y="352" width="400" height="40" transform="rotate(-8 400 375)" fill="${p.accentLight}"/>` +
    `<path d="M340 356C300 300 250 320 280 356C300 378 340 372 352 366Z" fill="${p.accentDark}"/>` +
    `<path d="M364 352C390 292 446 300 424 344C410 370 372 366 360 362Z" fill="${p.accentDark}"/>` +
    `<rect x="430" y="420" width="130" height="18" rx="9" transform="rotate(-8 400 375)" fill="#fff" opacity=".55"/>` +
    `<rect x="430" y="452" width="90" height="14" rx="7" transform="rotate(-8 400 375)" fill="#fff" opacity=".4"/>`,
};

const booklet: MotifDrawing = {
  shadow: 220,
  draw: (p) =>
    `<path d="M200 232L400 262L400 612L200 582Z" fill="${N.white}"/>` +
    `<path d="M600 232L400 262L400 612L600 582Z" fill="${N.cream}"/>` +
    `<path d="M200 232L400 262L600 232" stroke="${N.steelDark}" stroke-width="4" fill="none"/>` +
    `<path d="M400 262L400 612" stroke="${N.steelDark}" stroke-width="6"/>` +
    `<path d="M226 290L374 312L374 372L226 350Z" fill="${p.accent}"/>` +
    times(
      6,
      (i) =>
        `<path d="M226 ${400 + i * 28}L374 ${422 + i * 28}" stroke="${N.steel}" stroke-width="9" stroke-linecap="round"/>`,
    ) +
    times(
      8,
      (i) =>
        `<path d="M426 ${312 + i * 30}L574 ${290 + i * 30}" stroke="${i === 0 ? p.accentDark : N.steel}" stroke-width="${i === 0 ? 14 : 9}" stroke-linecap="round"/>`,
    ) +
    `<circle cx="520" cy="560" r="26" fill="${p.accentLight}"/>`,
};

export const digitalMotifs = {
  "gift-card": giftCard,
  booklet,
} satisfies Record<string, MotifDrawing>;
