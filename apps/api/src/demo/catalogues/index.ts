import type { Catalogue } from "../types.ts";
import { carparts } from "./carparts.ts";
import { catering } from "./catering.ts";
import { furniture } from "./furniture.ts";
import { grocery } from "./grocery.ts";
import { restaurant } from "./restaurant.ts";

/**
 * The grocery's second branch (store 46): the same shop and catalogue in another part of town, so
 * the branch picker has a choice to offer (docs/decisions/049-branches.md).
 */
const groceryRiverside: Catalogue = {
  ...grocery,
  store: {
    ...grocery.store,
    id: 46,
    domain: "grocery2.localhost",
    siteTitle: "Green Basket Market Riverside — fresh groceries online",
    branch: {
      group: "green-basket",
      area: ["Riverside", "ضفة النهر", "שפת הנהר"],
      address: "240 Riverside Drive, New York, NY 10025",
      latitude: 40.8012,
      longitude: -73.9712,
      postcodeAreas: ["1002", "1003", "102", "104"],
    },
  },
};

/**
 * The demo stores, one per trade and a second grocery branch; the grocery store is the default store
 * (id 41) at `localhost`.
 */
export const CATALOGUES: readonly Catalogue[] = [
  grocery,
  catering,
  restaurant,
  carparts,
  furniture,
  groceryRiverside,
];
