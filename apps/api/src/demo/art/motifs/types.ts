import type { Palette } from "../color.ts";
import type { Look } from "../look.ts";

/**
 * One drawable object. Every drawing lives in the same 800×800 space, centred on x = 400 and
 * standing on the floor line y ≈ 620, so the scene around it (background, shadow, framing) is shared.
 */
export type MotifDrawing = {
  /**
   * SVG elements of the object, painted with the palette's accent where the object can be any colour.
   * `look` is the product's own choices (toppings, fillings) for drawings that vary with the
   * product; without it (a category tile) the drawing is the kind's usual one.
   */
  draw(p: Palette, look?: Look): string;
  /** Half-width of the soft floor shadow under the object. */
  shadow: number;
};

/** Colours of things that only come in one colour. */
export const NATURAL = {
  white: "#ffffff",
  cream: "#fff7e8",
  ink: "#2b2f36",
  leaf: "#5fa83a",
  leafDark: "#3f7f26",
  leafLight: "#8fcb5e",
  wood: "#b7834f",
  woodDark: "#8b5e34",
  woodLight: "#d3a36e",
  crust: "#c98b45",
  crustDark: "#a86c2e",
  crumb: "#f6deb0",
  steel: "#c7cdd5",
  steelDark: "#8f98a3",
  steelLight: "#e6eaef",
  rubber: "#2e3136",
  rubberLight: "#454a51",
  glass: "#e4f1f8",
} as const;

/** Repeats `render` for i = 0 … count − 1 and joins the markup. */
export function times(count: number, render: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => render(i)).join("");
}

/** A point on a circle, rounded to keep the markup short and stable. */
export function polar(cx: number, cy: number, r: number, degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  return [Math.round((cx + r * Math.cos(a)) * 10) / 10, Math.round((cy + r * Math.sin(a)) * 10) / 10];
}

/** The soft contact shadow under an object standing on the floor line; `fill` is a radial gradient. */
export function floorShadow(drawing: MotifDrawing, fill: string): string {
  return `<ellipse cx="400" cy="622" rx="${drawing.shadow + 30}" ry="${Math.round(drawing.shadow * 0.16) + 8}" fill="${fill}"/>`;
}
