import { CategoryLinks } from "../catalogue/categories/CategoryLinks.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { SearchCombobox } from "./SearchCombobox.tsx";

/**
 * The body of SEARCH_VIEW, as a drawer (phones) or a modal: the search box with its suggestions,
 * and the categories to browse instead.
 */
export function SearchViewBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <SearchCombobox variant="inline" autoFocus onDone={onDone} />
      <section aria-labelledby="search-categories">
        <h3
          id="search-categories"
          className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-stone-500"
        >
          {t("search.browse-categories")}
        </h3>
        <CategoryLinks onNavigate={onDone} />
      </section>
    </div>
  );
}
