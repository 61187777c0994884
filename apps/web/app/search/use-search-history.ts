import { STORAGE_KEYS } from "@stoa/contract";
import { useCallback, useEffect, useState } from "react";
import { applyStorageChanges, readStorage } from "../platform/browser-storage.ts";
import {
  forgetSearch,
  parseSearchHistory,
  rememberSearch,
  type SearchHistory,
  serializeSearchHistory,
} from "./search-history.ts";

const KEY = STORAGE_KEYS.searchHistory;
/** Tells the other search boxes of this tab (the header's, the page's) that the history changed. */
const CHANGED = "stoa:search-history";

function stored(): string[] {
  return parseSearchHistory(readStorage(KEY));
}

function store(history: SearchHistory) {
  applyStorageChanges(
    history.length > 0
      ? { set: { [KEY]: serializeSearchHistory(history) }, remove: [] }
      : { set: {}, remove: [KEY] },
  );
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * The recent searches kept in this browser (spec §9), shared by every search box and by other tabs.
 * Empty during server rendering; read once the page runs.
 */
export function useSearchHistory() {
  const [history, setHistory] = useState<string[]>([]);
  useEffect(() => {
    const reload = () => setHistory(stored());
    reload();
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEY || event.key === null) reload();
    };
    window.addEventListener(CHANGED, reload);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(CHANGED, reload);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  // Each change starts from what is stored, so two search boxes never overwrite each other.
  const remember = useCallback((term: string) => store(rememberSearch(stored(), term)), []);
  const forget = useCallback((term: string) => store(forgetSearch(stored(), term)), []);
  const clear = useCallback(() => store([]), []);
  return { history, remember, forget, clear };
}
