import { redirect } from "react-router";
import type { Route } from "./+types/search";

/**
 * Spec route `/search?text=…`: the search results are the product list filtered by that keyword,
 * so the shareable URL of a search is the product list's.
 */
export function loader({ request }: Route.LoaderArgs) {
  const text = new URL(request.url).searchParams.get("text")?.trim() ?? "";
  return redirect(text ? `/products?keyword=${encodeURIComponent(text)}` : "/products");
}
