import type { Route } from "./+types/board.live";

/** The table board as the board page polls it: it redraws when `version` moved. */
export async function loader({ context }: Route.LoaderArgs) {
  return { live: await context.storeApi.page("staffTableBoard", {}) };
}
