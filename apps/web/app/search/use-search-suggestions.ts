import { useEffect, useState } from "react";
import { cleanSearchTerm } from "./search-history.ts";
import { type SearchSuggestions, SUGGEST_DELAY_MS } from "./search-suggestions.ts";

export const SUGGEST_PATH = "/search/suggest";

type Loaded = { term: string; suggestions: SearchSuggestions | null };

/**
 * Product suggestions for what is being typed: asked once typing pauses, and a request for text
 * that has changed since is aborted, so a slow answer never replaces a newer one.
 */
export function useSearchSuggestions(text: string) {
  const term = cleanSearchTerm(text);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      let suggestions: SearchSuggestions | null = null;
      try {
        const response = await fetch(`${SUGGEST_PATH}?text=${encodeURIComponent(term)}`, {
          signal: controller.signal,
        });
        if (response.ok) suggestions = (await response.json()) as SearchSuggestions;
      } catch {
        if (controller.signal.aborted) return;
      }
      // A failed request shows no products; the shopper can still search the full text.
      if (!controller.signal.aborted) setLoaded({ term, suggestions });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  const current = loaded?.term === term ? loaded : null;
  return {
    term,
    products: current?.suggestions?.products ?? [],
    total: current?.suggestions?.total ?? 0,
    loading: term !== "" && current === null,
  };
}
