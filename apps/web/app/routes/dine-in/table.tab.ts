import { tabOfDiner } from "../../dine-in/table-answers.server.ts";
import type { Route } from "./+types/table.tab";

/** The diner's tab as the table page polls it (decision 065 "Live pages"): the page redraws when its version moved. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await tabOfDiner(context.storeApi);
  return "ended" in answer ? { live: null, ended: true } : { live: answer.tab, ended: false };
}
