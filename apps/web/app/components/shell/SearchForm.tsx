import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { SearchIcon } from "../icons.tsx";

/** GET form to the product list: works before (and without) JavaScript. */
export function SearchForm({ autoFocus = false, onSearch }: { autoFocus?: boolean; onSearch?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const keyword =
    location.pathname === "/products" ? (new URLSearchParams(location.search).get("keyword") ?? "") : "";
  return (
    <Form method="get" action="/products" role="search" className="relative w-full" onSubmit={onSearch}>
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        key={keyword}
        id={id}
        type="search"
        name="keyword"
        defaultValue={keyword}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        data-autofocus={autoFocus || undefined}
        className="block h-11 w-full rounded-full border border-stone-200 bg-stone-100 ps-11 pe-24 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand/25 sm:text-sm"
      />
      <SearchIcon className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-stone-500" />
      <button
        type="submit"
        className="absolute end-1 top-1 bottom-1 rounded-full bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-strong"
      >
        {t("search.submit")}
      </button>
    </Form>
  );
}
