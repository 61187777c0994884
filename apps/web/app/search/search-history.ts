import { MAX_KEYWORD_LENGTH, SEARCH_HISTORY_SIZE } from "@stoa/contract";

/**
 * The shopper's recent searches (spec §9: the last 20, kept in the browser under the search-history
 * key), most recent first. Two searches that differ only in case or spacing count as one.
 */
export type SearchHistory = readonly string[];

/** A search term as it is searched and remembered: trimmed, single-spaced, capped like the API caps it. */
export function cleanSearchTerm(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim().slice(0, MAX_KEYWORD_LENGTH).trim();
}

function sameTerm(a: string, b: string): boolean {
  return a.toLocaleLowerCase() === b.toLocaleLowerCase();
}

/** The history after a search: the term moves to the front, older copies of it go, the oldest falls off. */
export function rememberSearch(history: SearchHistory, text: string): string[] {
  const term = cleanSearchTerm(text);
  if (!term) return [...history];
  return [term, ...history.filter((entry) => !sameTerm(entry, term))].slice(0, SEARCH_HISTORY_SIZE);
}

export function forgetSearch(history: SearchHistory, text: string): string[] {
  const term = cleanSearchTerm(text);
  return history.filter((entry) => !sameTerm(entry, term));
}

/**
 * The history stored in the browser. Anything unreadable (another version's format, a hand-edited
 * value) gives what can be saved of it, or an empty history, never an error.
 */
export function parseSearchHistory(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const history: string[] = [];
  for (const entry of value) {
    if (typeof entry !== "string") continue;
    const term = cleanSearchTerm(entry);
    if (term && !history.some((kept) => sameTerm(kept, term))) history.push(term);
    if (history.length === SEARCH_HISTORY_SIZE) break;
  }
  return history;
}

export function serializeSearchHistory(history: SearchHistory): string {
  return JSON.stringify(history.slice(0, SEARCH_HISTORY_SIZE));
}
