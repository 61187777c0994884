import {
  effectivePrice,
  formatMoney,
  isRtl,
  type Locale,
  localized,
  type StoreImageType,
  type Vertical,
} from "@stoa/contract";
import { CATALOGUES } from "../catalogues/index.ts";
import { listedPrice, localizations } from "../rows.ts";
import type { Art, Catalogue, ProductSeed, Texts } from "../types.ts";
import { BRANDS } from "./brand.ts";
import { hsl, mix, palette } from "./color.ts";
import { MOTIFS } from "./motifs/index.ts";
import { floorShadow } from "./motifs/types.ts";

/*
 * Home banners and in-store flyer pages of the demo stores, drawn per locale (right-to-left ones
 * mirrored). Flyer pages carry lettering (titles, prices), served as SVG so the shopper's browser
 * lays the text out with its own fonts, Arabic and Hebrew included; banners carry none, as their
 * text is the storefront's.
 */

export const BANNER_SIZE = { width: 1600, height: 600 } as const;
export const FLYER_PAGE_SIZE = { width: 1200, height: 1600 } as const;
const HEADER_HEIGHT = 300;

const FONT = `'Inter','Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Sans Hebrew',Arial,sans-serif`;

/** Texts of the flyer frame itself, which belong to no product. */
const FLYER_TEXTS = {
  page: ["Page", "صفحة", "עמוד"],
  validity: ["Prices valid while stocks last", "الأسعار سارية حتى نفاد الكمية", "המחירים בתוקף עד גמר המלאי"],
  was: ["was", "بدلًا من", "במקום"],
} as const satisfies Record<string, Texts>;

/**
 * The art's revision, part of its address: media are served as immutable, so art drawn anew needs
 * a new address, or browsers, CDNs and the storefront's image cache keep the old one (banners lost
 * their lettering in revision 2; flyers print a product sold by variation at its cheapest variation's
 * price from revision 2).
 */
const ART_REVISION: Record<StoreImageType, number> = { banner: 2, flyer: 2 };

export function storeImageUrl(type: StoreImageType, vertical: Vertical, n: number, locale: Locale): string {
  const revision = ART_REVISION[type];
  const name = `${vertical}-${n}-${locale}.svg`;
  return revision > 1 ? `/media/${type}/r${revision}/${name}` : `/media/${type}/${name}`;
}

function catalogueOf(vertical: Vertical): Catalogue | undefined {
  return CATALOGUES.find((catalogue) => catalogue.store.vertical === vertical);
}

/** Text for an SVG text node or attribute. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function say(texts: Texts, locale: Locale): string {
  return localized(localizations(texts), locale);
}

/** Breaks a text into at most `maxLines` lines of about `width` characters, at spaces. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

/** A product drawing scaled so its 800×800 space is `size` wide, its centre bottom at (x, floorY). */
function drawing(
  [motif, hue]: Art,
  x: number,
  floorY: number,
  size: number,
  shadowId: string,
  mirrored = false,
): string {
  const scale = size / 800;
  const art = MOTIFS[motif];
  // Right-to-left layouts mirror the products too, so a pizza peel's handle still points outwards.
  const flip = mirrored ? `translate(${2 * x} 0) scale(-1 1) ` : "";
  return (
    `<g transform="${flip}translate(${x - 400 * scale} ${floorY - 622 * scale}) scale(${scale})">` +
    floorShadow(art, `url(#${shadowId})`) +
    art.draw(palette(hue)) +
    `</g>`
  );
}

/**
 * Text lines anchored at the reading start: the left edge in English, the right edge in Arabic and
 * Hebrew, where `direction="rtl"` turns "start" into the right edge (the caller mirrors `x`).
 */
function textLines(
  lines: readonly string[],
  { x, y, size, lineHeight, weight, fill, rtl, alignEnd = false }: TextStyle,
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * lineHeight}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${alignEnd ? "end" : "start"}"${rtl ? ` direction="rtl"` : ""}>${escapeXml(line)}</text>`,
    )
    .join("");
}

type TextStyle = {
  x: number;
  y: number;
  size: number;
  lineHeight: number;
  weight: number;
  fill: string;
  rtl: boolean;
  /** Anchors at the reading end instead (a page number, an old price). */
  alignEnd?: boolean;
};

/**
 * Home banner number `n` (from 1) of a demo store, or null when the store has no such banner. The
 * art only: the banner's title, text and button are the page's own (the storefront lays them over
 * the reading-start half, or under the art on a phone), so they stay readable at any width and in
 * the shopper's language and fonts. Products take the reading-end half, mirrored for right-to-left.
 */
export function bannerImage(vertical: Vertical, n: number, locale: Locale): string | null {
  const catalogue = catalogueOf(vertical);
  const seed = catalogue?.banners[n - 1];
  if (!catalogue || !seed) return null;
  const { width, height } = BANNER_SIZE;
  const rtl = isRtl(locale);
  const brand = BRANDS[vertical];
  const p = palette(seed.art[0]?.[1] ?? brand.hue);
  const at = (x: number) => (rtl ? width - x : x);
  const slots: readonly [number, number, number][] = [
    [1170, 560, 520],
    [1440, 540, 330],
    [930, 548, 300],
  ];
  const products = seed.art
    .slice(0, 3)
    .map((art, i) => {
      const [x, floor, size] = slots[i] ?? [1170, 560, 300];
      return { art, x: at(x), floor, size, i };
    })
    // Smaller products first, so the main one stands in front of them.
    .sort((a, b) => b.i - a.i)
    .map(({ art, x, floor, size }) => drawing(art, x, floor, size, "banner-shadow", rtl))
    .join("");
  const shadow = hsl(p.hue, 30, 25);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<defs><linearGradient id="banner-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>` +
    `<radialGradient id="banner-shadow"><stop offset="0" stop-color="${shadow}" stop-opacity=".28"/><stop offset="1" stop-color="${shadow}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#banner-bg)"/>` +
    `<circle cx="${at(1180)}" cy="330" r="290" fill="${p.backdrop}"/>` +
    `<circle cx="${at(1520)}" cy="70" r="120" fill="${p.accentPale}"/>` +
    `<circle cx="${at(860)}" cy="560" r="90" fill="${p.accentPale}"/>` +
    products +
    `</svg>`
  );
}

/** One product tile of a flyer page: picture, name, price (and the old price when on sale). */
function flyerTile(
  product: ProductSeed<string>,
  listed: { price: number; salePrice?: number },
  currency: string,
  locale: Locale,
  brandColor: string,
  box: { x: number; y: number; w: number; h: number },
): string {
  const rtl = isRtl(locale);
  const { x, y, w, h } = box;
  const pay = effectivePrice(listed.price, listed.salePrice);
  const onSale = pay < listed.price;
  const start = rtl ? x + w - 28 : x + 28;
  const name = wrapText(say(product.name, locale), 24, 2);
  const pictureHeight = h - 180;
  const p = palette(product.art[1]);
  const price = formatMoney(pay, currency, locale);
  const was = `${say(FLYER_TEXTS.was, locale)} ${formatMoney(listed.price, currency, locale)}`;
  const discount = Math.round(((listed.price - pay) / listed.price) * 100);
  const badgeX = rtl ? x + 24 : x + w - 24 - 110;
  return (
    `<g>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="#ffffff"/>` +
    `<rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${pictureHeight}" rx="20" fill="${p.accentPale}"/>` +
    drawing(product.art, x + w / 2, y + pictureHeight + 8, pictureHeight * 1.45, "flyer-shadow") +
    (onSale
      ? `<rect x="${badgeX}" y="${y + 28}" width="110" height="52" rx="26" fill="#dc2626"/>` +
        `<text x="${badgeX + 55}" y="${y + 63}" font-family="${FONT}" font-size="26" font-weight="800" fill="#ffffff" text-anchor="middle" direction="ltr">-${discount}%</text>`
      : "") +
    textLines(name, {
      x: start,
      y: y + pictureHeight + 46,
      size: 25,
      lineHeight: 30,
      weight: 600,
      fill: "#1f2937",
      rtl,
    }) +
    textLines([price], {
      x: start,
      y: y + h - 24,
      size: 42,
      lineHeight: 0,
      weight: 800,
      fill: onSale ? "#dc2626" : brandColor,
      rtl,
    }) +
    (onSale
      ? textLines([was], {
          x: rtl ? x + 28 : x + w - 28,
          y: y + h - 28,
          size: 22,
          lineHeight: 0,
          weight: 500,
          fill: "#6b7280",
          rtl,
          alignEnd: true,
        })
      : "") +
    `</g>`
  );
}

/** Page `n` (from 1) of a demo store's in-store flyer, or null when there is no such page. */
export function flyerPage(vertical: Vertical, n: number, locale: Locale): string | null {
  const catalogue = catalogueOf(vertical);
  const seed = catalogue?.flyer[n - 1];
  if (!catalogue || !seed) return null;
  const { width, height } = FLYER_PAGE_SIZE;
  const rtl = isRtl(locale);
  const brand = BRANDS[vertical];
  const p = palette(brand.hue);
  const at = (x: number) => (rtl ? width - x : x);
  const products = seed.skus
    .map((sku) => catalogue.products.find((product) => product.sku === sku))
    .filter((product): product is ProductSeed<string> => product !== undefined)
    .slice(0, 6);
  const columns = 2;
  const tileW = 524;
  const tileH = 364;
  const gap = 32;
  const top = 340;
  const tiles = products
    .map((product, i) => {
      const column = rtl ? columns - 1 - (i % columns) : i % columns;
      const row = Math.floor(i / columns);
      const listed = listedPrice(product, catalogue.details[product.sku]);
      return flyerTile(product, listed, catalogue.store.currency, locale, brand.color, {
        x: 60 + column * (tileW + gap),
        y: top + row * (tileH + gap),
        w: tileW,
        h: tileH,
      });
    })
    .join("");
  const shadow = hsl(brand.hue, 30, 25);
  const storeName = say(catalogue.store.name, locale);
  const title = wrapText(say(seed.title, locale), 26, 2);
  const pageLabel = `${say(FLYER_TEXTS.page, locale)} ${n} / ${catalogue.flyer.length}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<defs><radialGradient id="flyer-shadow"><stop offset="0" stop-color="${shadow}" stop-opacity=".25"/><stop offset="1" stop-color="${shadow}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="${p.bgBottom}"/>` +
    `<rect width="${width}" height="${HEADER_HEIGHT}" fill="${brand.color}"/>` +
    `<circle cx="${at(1080)}" cy="40" r="200" fill="${mix(brand.color, "#ffffff", 0.12)}"/>` +
    `<circle cx="${at(900)}" cy="230" r="56" fill="${mix(brand.color, "#ffffff", 0.08)}"/>` +
    textLines([storeName.toUpperCase()], {
      x: at(60),
      y: 78,
      size: 28,
      lineHeight: 0,
      weight: 700,
      fill: mix(brand.color, "#ffffff", 0.7),
      rtl,
    }) +
    textLines(title, {
      x: at(60),
      y: 160,
      size: 72,
      lineHeight: 80,
      weight: 800,
      fill: "#ffffff",
      rtl,
    }) +
    textLines([say(seed.subtitle, locale)], {
      x: at(60),
      y: 160 + (title.length - 1) * 80 + 78,
      size: 30,
      lineHeight: 0,
      weight: 500,
      fill: mix(brand.color, "#ffffff", 0.85),
      rtl,
    }) +
    tiles +
    textLines([say(FLYER_TEXTS.validity, locale)], {
      x: at(60),
      y: height - 40,
      size: 22,
      lineHeight: 0,
      weight: 500,
      fill: "#4b5563",
      rtl,
    }) +
    textLines([pageLabel], {
      x: at(width - 60),
      y: height - 40,
      size: 22,
      lineHeight: 0,
      weight: 600,
      fill: "#4b5563",
      rtl,
      alignEnd: true,
    }) +
    `</svg>`
  );
}
