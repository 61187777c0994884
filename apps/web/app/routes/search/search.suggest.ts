import { StoreApiUnavailable, SUCCESS_CODE } from "@stoa/contract";
import { requestLocale, storeClientFor } from "../../platform/api/store-api.server.ts";
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
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const text = cleanSearchTerm(new URL(request.url).searchParams.get("text") ?? "");
  const none: SearchSuggestions = { text, products: [], total: 0 };
  const headers = { "Cache-Control": "private, max-age=60", Vary: "Cookie, Accept-Language" };
  if (!text) return Response.json(none, { headers });
  try {
    const result = await storeClientFor({ request, context }, requestLocale(request)).call("productSearch", {
      query: { limit: SUGGESTED_PRODUCTS, page: 1 },
      body: { keyword: text },
    });
    if (result.code !== SUCCESS_CODE || !result.data) {
      return Response.json(none, { status: result.status >= 400 ? result.status : 502 });
    }
    const answer: SearchSuggestions = {
      text,
      products: result.data.records.map(suggestedProduct),
      total: result.data.total,
    };
    return Response.json(answer, { headers });
  } catch (error) {
    if (error instanceof StoreApiUnavailable) return Response.json(none, { status: 503 });
    throw error;
  }
}
