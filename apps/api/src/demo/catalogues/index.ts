import type { Catalogue } from "../types.ts";
import { carparts } from "./carparts.ts";
import { catering } from "./catering.ts";
import { furniture } from "./furniture.ts";
import { grocery } from "./grocery.ts";
import { restaurant } from "./restaurant.ts";

/** The demo stores, one per trade; the grocery store is the default store (id 41) at `localhost`. */
export const CATALOGUES: readonly Catalogue[] = [grocery, catering, restaurant, carparts, furniture];
