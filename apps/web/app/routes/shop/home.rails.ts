import { laterHomeRails } from "../../catalogue/home/home-sections.server.ts";
import type { Route } from "./+types/home.rails";

/**
 * The home page's rails below the first, for the browser to ask once the shopper scrolls near them
 * (decision 031). The same for every shopper without a session, so shared like the page itself.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json({ rails: await laterHomeRails(context.storeApi) });
}
