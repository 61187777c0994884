import type { Vertical } from "@stoa/contract";
import type { Motif } from "./motifs/index.ts";

export type Brand = {
  /** Primary colour of the shop; dark enough to carry white text (WCAG AA). */
  color: string;
  /** Hue of the pastel art that goes with the brand colour. */
  hue: number;
  /** Products shown on the shop's sharing banner. */
  showcase: readonly [Motif, Motif, Motif];
};

/** One brand per trade; the demo stores, their logos and their sharing banners all read from here. */
export const BRANDS: Record<Vertical, Brand> = {
  grocery: { color: "#15803d", hue: 140, showcase: ["leaf-greens", "apple", "milk-bottle"] },
  catering: { color: "#86198f", hue: 295, showcase: ["cupcake", "tray", "cake"] },
  restaurant: { color: "#b91c1c", hue: 8, showcase: ["burger", "pizza", "drink-cup"] },
  carparts: { color: "#1d4ed8", hue: 222, showcase: ["battery", "tire", "oil-can"] },
  furniture: { color: "#92400e", hue: 28, showcase: ["lamp", "sofa", "plant-pot"] },
};
