import type { Category } from "@stoa/contract";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { productListHref } from "../catalogue/listing/product-query.ts";
import { ListedPrice } from "../catalogue/product/Price.tsx";
import { ProductThumbnail } from "../catalogue/product/ProductThumbnail.tsx";
import { productName } from "../catalogue/product/product-name.ts";
import { UnitText } from "../catalogue/product/UnitText.tsx";
import { isolated } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CloseIcon, GridIcon, SearchIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { useShop } from "../shell/root-data.ts";
import { categoryName } from "../shell/shop.ts";
import { ClockIcon } from "./ClockIcon.tsx";
import { cleanSearchTerm } from "./search-history.ts";
import { searchHref } from "./search-page.ts";
import { highlightParts, matchingCategories, type SuggestedProduct } from "./search-suggestions.ts";
import { useSearchHistory } from "./use-search-history.ts";
import { useSearchSuggestions } from "./use-search-suggestions.ts";

type SearchOption =
  | { kind: "history"; term: string }
  | { kind: "product"; product: SuggestedProduct }
  | { kind: "category"; category: Category }
  | { kind: "search"; term: string };

/** Marks the parts of a name that match the typed text. */
function Highlighted({ text, typed }: { text: string; typed: string }) {
  return (
    <>
      {highlightParts(text, typed).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never move
          <mark key={index} className="bg-transparent font-semibold text-stone-950">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

const OPTION =
  "flex w-full cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-start text-sm text-stone-700 data-[active=true]:bg-stone-100 data-[active=true]:text-stone-950 hover:bg-stone-50";
const GROUP_TITLE = "px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-stone-500";

/**
 * SEARCH_VIEW's search box (spec §2): a combobox that suggests products and categories while the
 * shopper types and offers their recent searches (spec §9) before they do. Arrow keys move through
 * the choices, Enter takes one (or searches the text), Escape closes the list; Delete forgets the
 * recent search in focus. Without scripts it is a plain search form to `/search?text=`.
 *
 * `popup` lays the choices over the page under the box (header, search page); `inline` lays them
 * out below it inside a drawer or dialog.
 */
export function SearchCombobox({
  variant,
  initialText = "",
  resetKey = initialText,
  autoFocus = false,
  onDone,
  size = "md",
}: {
  variant: "popup" | "inline";
  initialText?: string;
  /**
   * When this changes (the shopper has moved to another page) the box goes back to `initialText`,
   * unless the shopper is typing in it: their text is never wiped from under them.
   */
  resetKey?: string;
  autoFocus?: boolean;
  /** Called once the shopper has chosen (the dialog holding the box closes). */
  onDone?: () => void;
  size?: "md" | "lg";
}) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shownFor = useRef(resetKey);
  useEffect(() => {
    if (shownFor.current === resetKey) return;
    shownFor.current = resetKey;
    if (document.activeElement === input.current) return;
    setText(initialText);
    setOpen(false);
    setActive(-1);
  }, [resetKey, initialText]);
  const { history, remember, forget, clear } = useSearchHistory();
  const { term, products, total, loading } = useSearchSuggestions(text);
  const matched = useMemo(() => matchingCategories(categories, term, locale), [categories, term, locale]);

  const options: SearchOption[] = term
    ? [
        ...(loading ? [] : products.map((product) => ({ kind: "product" as const, product }))),
        ...matched.map((category) => ({ kind: "category" as const, category })),
        { kind: "search", term },
      ]
    : history.map((entry) => ({ kind: "history", term: entry }));
  const expanded = (variant === "inline" || open) && (term !== "" || history.length > 0);
  const activeOption = expanded ? options[active] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  function finish(to: string) {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    onDone?.();
    navigate(to);
  }

  function search(value: string) {
    const cleaned = cleanSearchTerm(value);
    if (!cleaned) {
      input.current?.focus();
      return;
    }
    remember(cleaned);
    setText(cleaned);
    finish(searchHref({ text: cleaned }));
  }

  function choose(option: SearchOption) {
    switch (option.kind) {
      case "history":
      case "search":
        search(option.term);
        return;
      case "product":
        remember(term);
        finish(`/products/${option.product.id}`);
        return;
      case "category":
        finish(productListHref({ categories: [option.category.slug] }));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        setOpen(true);
        if (count === 0) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        // -1 is the text box itself: moving past either end comes back to it.
        setActive((current) => {
          const next = current + step;
          if (next >= count) return -1;
          if (next < -1) return count - 1;
          return next;
        });
        return;
      }
      case "Enter":
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        return;
      case "Escape":
        // The first Escape closes the list or leaves the choices; a dialog around it closes on the next.
        if (variant === "popup" && expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (active >= 0) {
          event.preventDefault();
          event.stopPropagation();
          setActive(-1);
        } else if (variant === "popup" && text) {
          event.preventDefault();
          setText("");
        }
        return;
      case "Delete":
        if (activeOption?.kind === "history") {
          event.preventDefault();
          forget(activeOption.term);
          setActive((current) => Math.min(current, history.length - 2));
        }
        return;
    }
  }

  const optionProps = (index: number, option: SearchOption) => ({
    id: optionId(index),
    role: "option" as const,
    "aria-selected": index === active,
    "data-active": index === active,
    "data-search-option": option.kind,
    // Keeps focus in the box, so the list does not close before the click lands.
    onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
    onMouseMove: () => setActive(index),
    onClick: () => choose(option),
    className: OPTION,
  });

  let index = -1;
  const next = () => {
    index += 1;
    return index;
  };

  let status = "";
  if (term && loading) status = t("search-view.loading");
  else if (term) status = t("search-view.suggestion-count", { count: options.length - 1 });

  let panel: ReactNode = null;
  if (expanded && !term) {
    panel = (
      <div data-search-history>
        <div className="flex items-center justify-between gap-3 px-3 pt-2 pb-1">
          <h3 id={`${id}-history`} className="text-xs font-semibold uppercase tracking-wide text-stone-500">
            {t("search-view.recent")}
          </h3>
          <button
            type="button"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              clear();
              setActive(-1);
              input.current?.focus();
            }}
            className="rounded-full px-2 py-1 text-xs font-semibold text-brand hover:bg-brand/10"
            data-clear-history
          >
            {t("search-view.clear-history")}
          </button>
        </div>
        <div id={listId} role="listbox" aria-labelledby={`${id}-history`} className="pb-1">
          {history.map((entry) => {
            const at = next();
            const option: SearchOption = { kind: "history", term: entry };
            return (
              <div key={entry} role="presentation" className="relative">
                <div {...optionProps(at, option)}>
                  <ClockIcon className="size-4 shrink-0 text-stone-400" />
                  <span className="min-w-0 flex-1 truncate pe-8">
                    <bdi>{entry}</bdi>
                  </span>
                </div>
                {/* Pointer users remove an entry here; keyboard users press Delete on it (see the hint). */}
                <button
                  type="button"
                  tabIndex={-1}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => forget(entry)}
                  aria-label={t("search-view.forget", { term: entry })}
                  className="absolute end-1 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-stone-400 hover:bg-stone-200 hover:text-stone-800"
                  data-forget-search={entry}
                >
                  <CloseIcon className="size-4" />
                </button>
              </div>
            );
          })}
        </div>
      </div>
    );
  } else if (expanded) {
    const productOptions = options.filter((option) => option.kind === "product");
    const categoryOptions = options.filter((option) => option.kind === "category");
    panel = (
      <div
        id={listId}
        role="listbox"
        aria-label={t("search-view.suggestions")}
        aria-busy={loading}
        className="pb-1"
      >
        {productOptions.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a group inside a listbox is the ARIA combobox pattern, not a form fieldset
          <div role="group" aria-labelledby={`${id}-products`}>
            <div role="presentation" id={`${id}-products`} className={GROUP_TITLE}>
              {t("search-view.products")}
            </div>
            {productOptions.map((option) => {
              const at = next();
              const product = option.product;
              const name = productName(product, locale);
              return (
                <div key={product.id} {...optionProps(at, option)} data-product-id={product.id}>
                  <ProductThumbnail image={product.image} size={48} className="size-11 shrink-0 rounded-lg" />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 leading-5">
                      <Highlighted text={name} typed={term} />
                    </span>
                    {product.unit ? (
                      <UnitText unit={product.unit} className="block text-xs text-stone-500" />
                    ) : null}
                  </span>
                  <span className="shrink-0 text-end text-sm">
                    <ListedPrice product={product} />
                  </span>
                </div>
              );
            })}
          </div>
        ) : null}
        {categoryOptions.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a group inside a listbox is the ARIA combobox pattern, not a form fieldset
          <div role="group" aria-labelledby={`${id}-categories`}>
            <div role="presentation" id={`${id}-categories`} className={GROUP_TITLE}>
              {t("search-view.categories")}
            </div>
            {categoryOptions.map((option) => {
              const at = next();
              return (
                <div key={option.category.id} {...optionProps(at, option)}>
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand">
                    <GridIcon className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1 truncate">
                    <Highlighted text={categoryName(option.category, locale)} typed={term} />
                  </span>
                </div>
              );
            })}
          </div>
        ) : null}
        {loading ? (
          <p className="flex items-center gap-2 px-3 py-3 text-sm text-stone-500" aria-hidden="true">
            <SpinnerIcon className="size-4" />
            {t("search-view.loading")}
          </p>
        ) : productOptions.length === 0 && categoryOptions.length === 0 ? (
          <p className="px-3 py-3 text-sm text-stone-600" data-no-suggestions>
            {t("search-view.no-suggestions", { text: isolated(term) })}
          </p>
        ) : null}
        <div role="presentation" className="mt-1 border-t border-stone-100 pt-1">
          {(() => {
            const at = next();
            const option: SearchOption = { kind: "search", term };
            return (
              <div {...optionProps(at, option)}>
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-600">
                  <SearchIcon className="size-5" />
                </span>
                <span className="min-w-0 flex-1 truncate font-medium text-brand">
                  {total > products.length
                    ? t("search-view.see-all-count", { text: isolated(term), count: total })
                    : t("search-view.see-all", { text: isolated(term) })}
                </span>
              </div>
            );
          })()}
        </div>
      </div>
    );
  }

  const big = size === "lg";
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself works in every browser; <search> does not yet
    <form
      method="get"
      action="/search"
      role="search"
      className="relative w-full"
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
      data-search-combobox={variant}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("search.label")}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          name="text"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-describedby={hintId}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={200}
          data-autofocus={autoFocus || undefined}
          className={`block w-full rounded-full border border-stone-200 bg-stone-100 ps-11 pe-24 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand/25 [&::-webkit-search-cancel-button]:hidden ${
            big ? "h-14 sm:text-lg" : "h-11 sm:text-sm"
          }`}
        />
        <SearchIcon className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-stone-500" />
        <button
          type="submit"
          className="absolute end-1 top-1 bottom-1 rounded-full bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-strong"
        >
          {t("search.submit")}
        </button>
      </div>
      <p id={hintId} className="sr-only">
        {t("search-view.hint")}
      </p>
      <p role="status" className="sr-only">
        {expanded ? status : ""}
      </p>
      {panel ? (
        <div
          className={
            variant === "popup"
              ? "absolute inset-x-0 top-full z-50 mt-2 max-h-[min(70vh,32rem)] overflow-y-auto overscroll-contain rounded-2xl border border-stone-200 bg-white p-1.5 shadow-xl"
              : "mt-4"
          }
          data-search-panel
        >
          {panel}
        </div>
      ) : null}
    </form>
  );
}
