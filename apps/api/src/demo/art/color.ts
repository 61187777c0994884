/**
 * Colours are computed as hex so every SVG renderer (browsers, librsvg inside sharp) reads them the
 * same way; `hsl()` support in older renderers is patchy.
 */

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function toHexByte(value: number): string {
  return Math.round(clamp01(value) * 255)
    .toString(16)
    .padStart(2, "0");
}

/** `hue` in degrees, `saturation` and `lightness` in percent. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = clamp01(saturation / 100);
  const l = clamp01(lightness / 100);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): number => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return `#${toHexByte(channel(h + 1 / 3))}${toHexByte(channel(h))}${toHexByte(channel(h - 1 / 3))}`;
}

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Linear blend of two `#rrggbb` colours; `t = 0` gives `from`, `t = 1` gives `to`. */
export function mix(from: string, to: string, t: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return `#${a.map((v, i) => toHexByte((v + ((b[i] ?? 0) - v) * t) / 255)).join("")}`;
}

/** Relative luminance (WCAG 2) of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The grey of the same perceived brightness, for the inactive (greyscale) logos. */
export function greyscale(hex: string): string {
  const [r, g, b] = parseHex(hex);
  const grey = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  const byte = toHexByte(grey);
  return `#${byte}${byte}${byte}`;
}

/**
 * The colours one picture is painted with. The hue drives the background and the "accent" parts an
 * object may come in any colour of (packaging, fabric, cups); natural parts keep natural colours.
 */
export type Palette = {
  hue: number;
  bgTop: string;
  bgBottom: string;
  backdrop: string;
  accent: string;
  accentDark: string;
  accentLight: string;
  accentPale: string;
};

export function palette(hue: number): Palette {
  return {
    hue,
    bgTop: hsl(hue, 60, 97),
    bgBottom: hsl(hue, 45, 91),
    backdrop: hsl(hue, 55, 86),
    accent: hsl(hue, 62, 52),
    accentDark: hsl(hue, 58, 38),
    accentLight: hsl(hue, 75, 72),
    accentPale: hsl(hue, 70, 92),
  };
}
