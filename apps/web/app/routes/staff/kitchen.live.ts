import type { Route } from "./+types/kitchen.live";

/** The kitchen's tickets as the kitchen screen polls them: it redraws when `version` moved. */
export async function loader({ context }: Route.LoaderArgs) {
  return { live: await context.storeApi.page("staffKitchenQueue", {}) };
}
