import { cleanSearchTerm } from "../../search/search-history.ts";
import {
  type SearchSuggestions,
  SUGGESTED_PRODUCTS,
  suggestedProduct,
} from "../../search/search-suggestions.ts";
import type { Route } from "./+types/search.suggest";

/**
 * Products matching what the shopper is typing, best sellers first, for SEARCH_VIEW. The browser
 * asks here (the store API stays behind the storefront); answers are short-lived and per language.
 * The box asks with `fetch`, so the call is answered as a form's is: data, or a status.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const text = cleanSearchTerm(new URL(request.url).searchParams.get("text") ?? "");
  const none: SearchSuggestions = { text, products: [], total: 0 };
  const headers = { "Cache-Control": "private, max-age=60", Vary: "Cookie, Accept-Language" };
  if (!text) return Response.json(none, { headers });
  const outcome = await context.storeApi.form("productSearch", {
    query: { limit: SUGGESTED_PRODUCTS, page: 1 },
    body: { keyword: text },
  });
  if (!outcome.ok || !outcome.data) {
    return Response.json(none, { status: !outcome.ok && outcome.status >= 400 ? outcome.status : 502 });
  }
  const answer: SearchSuggestions = {
    text,
    products: outcome.data.records.map(suggestedProduct),
    total: outcome.data.total,
  };
  return Response.json(answer, { headers });
}
