import { useLocation } from "react-router";
import { SearchCombobox } from "./SearchCombobox.tsx";

/**
 * The header's search box. It shows the search being looked at (the search page's text, the
 * product list's keyword) and starts afresh on every other page.
 */
export function SearchForm({ autoFocus = false, onSearch }: { autoFocus?: boolean; onSearch?: () => void }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const current =
    location.pathname === "/search"
      ? (params.get("text") ?? "")
      : location.pathname === "/products"
        ? (params.get("keyword") ?? "")
        : "";
  return (
    <SearchCombobox
      variant="popup"
      initialText={current}
      resetKey={`${location.pathname}?${current}`}
      autoFocus={autoFocus}
      onDone={onSearch}
    />
  );
}
