import { carpartsMotifs } from "./carparts.ts";
import { cateringMotifs } from "./catering.ts";
import { digitalMotifs } from "./digital.ts";
import { furnitureMotifs } from "./furniture.ts";
import { groceryMotifs } from "./grocery.ts";
import { restaurantMotifs } from "./restaurant.ts";
import type { MotifDrawing } from "./types.ts";

/** Every drawable product motif, by the name used in art URLs. */
export const MOTIFS = {
  ...groceryMotifs,
  ...cateringMotifs,
  ...restaurantMotifs,
  ...carpartsMotifs,
  ...furnitureMotifs,
  ...digitalMotifs,
} satisfies Record<string, MotifDrawing>;

export type Motif = keyof typeof MOTIFS;

export const MOTIF_NAMES = Object.keys(MOTIFS) as Motif[];

export function isMotif(name: string): name is Motif {
  return Object.hasOwn(MOTIFS, name);
}
