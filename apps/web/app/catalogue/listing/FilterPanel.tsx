import { type Category, localized } from "@stoa/contract";
import { type FormEvent, type ReactNode, useId } from "react";
import { Form, useNavigate } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { buttonClass, inputClass } from "../../platform/ui/ui.ts";
import { RatingChoices } from "../../reviews/RatingFilter.tsx";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import type { FilterSection } from "./listing-layout.ts";
import type { Listing } from "./listing-types.ts";
import {
  EMPTY_PRODUCT_QUERY,
  type ProductListQuery,
  productListHrefFromForm,
  productListSearch,
  slugWords,
} from "./product-query.ts";

const BOX = "size-4 shrink-0 rounded border-stone-300 accent-brand";
const OPTION =
  "flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-stone-800 hover:bg-stone-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus";

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <div className="border-t border-stone-200 pt-5 first-of-type:border-t-0 first-of-type:pt-0">
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-stone-950">{legend}</legend>
        {children}
      </fieldset>
    </div>
  );
}

function Count({ count }: { count: number }) {
  return <span className="ms-auto text-xs tabular-nums text-stone-500">{count}</span>;
}

function CategoryChecks({ list, chosen, depth }: { list: Category[]; chosen: Set<string>; depth: number }) {
  const { locale } = useShop();
  return (
    <ul className={depth > 0 ? "ms-5 border-s border-stone-200 ps-1" : "space-y-0.5"}>
      {list.map((category) => (
        <li key={category.id}>
          <label className={OPTION}>
            <input
              type="checkbox"
              name="categories"
              value={category.slug}
              defaultChecked={chosen.has(category.slug) || chosen.has(String(category.id))}
              className={BOX}
            />
            <span className={depth > 0 ? "text-stone-700" : "font-medium"}>
              {categoryName(category, locale)}
            </span>
          </label>
          {category.children.length > 0 ? (
            <CategoryChecks list={category.children} chosen={chosen} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Query values a form keeps without showing them, so applying it narrows, never forgets. */
function KeptValues({ query, shown }: { query: ProductListQuery; shown: Set<string> }) {
  const kept: [string, string][] = [];
  const keep = (name: string, value: string | boolean) => {
    if (!shown.has(name) && value) kept.push([name, value === true ? "1" : String(value)]);
  };
  keep("keyword", query.keyword);
  keep("type", query.type);
  keep("author", query.author);
  keep("sort", query.sort);
  keep("layout", query.layout);
  keep("manufacturer", query.manufacturer);
  keep("remarks", query.remarks);
  keep("minPrice", query.minPrice);
  keep("maxPrice", query.maxPrice);
  keep("onSale", query.onSale);
  keep("inStock", query.inStock);
  keep("rating", query.minRating ? String(query.minRating) : "");
  if (!shown.has("categories")) for (const slug of query.categories) kept.push(["categories", slug]);
  if (!shown.has("tags")) for (const slug of query.tags) kept.push(["tags", slug]);
  return (
    <>
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

const FIELDS_OF: Record<FilterSection, string[]> = {
  categories: ["categories"],
  price: ["minPrice", "maxPrice"],
  availability: ["onSale", "inStock"],
  rating: ["rating"],
  tags: ["tags"],
  brands: ["manufacturer"],
  remarks: ["remarks"],
};

/**
 * The listing's filters as one GET form: it works without JavaScript (the server reads what it
 * submits), and with it goes straight to the list's canonical URL. In a sidebar it applies each
 * choice at once; in a drawer the shopper applies them together.
 */
export function FilterPanel({
  listing,
  sections,
  autoApply,
  withKeyword = false,
  type,
  footerFormId,
}: {
  /** Null outside the product list: the form then starts a new list. */
  listing: Listing | null;
  sections: FilterSection[];
  autoApply: boolean;
  /** SEARCH_FILTER: the search word is one of the fields. */
  withKeyword?: boolean;
  /** SEARCH_FILTER: the kind of shop searched, carried in the URL (spec §5 slug form). */
  type?: string;
  /** In a drawer the apply button sits in its footer, tied to the form by this id. */
  footerFormId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { categories, locale } = useShop();
  const id = useId();
  const query = listing?.query ?? EMPTY_PRODUCT_QUERY;
  const shown = new Set(sections.flatMap((section) => FIELDS_OF[section]));
  if (withKeyword) shown.add("keyword");
  if (type) shown.add("type");
  const chosenCategories = new Set(query.categories);
  const chosenTags = new Set(query.tags);
  const tags = (listing?.tags ?? []).filter((tag) => tag.productCount > 0 || chosenTags.has(tag.slug));
  const brands = listing?.facets.brands ?? [];
  const remarks = listing?.facets.remarks ?? [];
  const maker = query.manufacturer;
  const brandChoices =
    maker && !brands.some((b) => b.slug === maker)
      ? [{ slug: maker, label: slugWords(maker), count: 0 }, ...brands]
      : brands;
  const remarkChoices =
    query.remarks && !remarks.some((r) => r.label.toLowerCase() === query.remarks.toLowerCase())
      ? [{ slug: query.remarks, label: query.remarks, count: 0 }, ...remarks]
      : remarks;

  const apply = (form: HTMLFormElement) => navigate(productListHrefFromForm(new FormData(form)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (autoApply && (target.type === "checkbox" || target.type === "radio")) apply(event.currentTarget);
  };

  const render: Record<FilterSection, () => ReactNode> = {
    categories: () =>
      categories.length > 0 ? (
        <Section key="categories" legend={t("filters.categories")}>
          <CategoryChecks list={categories} chosen={chosenCategories} depth={0} />
        </Section>
      ) : null,
    price: () => (
      <Section key="price" legend={t("filters.price")}>
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor={`${id}-min`}>
            {t("filters.min-price")}
          </label>
          <input
            id={`${id}-min`}
            name="minPrice"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            placeholder={t("filters.min-price")}
            defaultValue={query.minPrice}
            className={`${inputClass} py-2`}
          />
          <span aria-hidden="true" className="text-stone-400">
            –
          </span>
          <label className="sr-only" htmlFor={`${id}-max`}>
            {t("filters.max-price")}
          </label>
          <input
            id={`${id}-max`}
            name="maxPrice"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            placeholder={t("filters.max-price")}
            defaultValue={query.maxPrice}
            className={`${inputClass} py-2`}
          />
        </div>
        {autoApply ? (
          <button type="submit" className={`${buttonClass.secondary} mt-3 w-full py-2`}>
            {t("filters.apply-price")}
          </button>
        ) : null}
      </Section>
    ),
    availability: () => (
      <Section key="availability" legend={t("filters.availability")}>
        <label className={OPTION}>
          <input type="checkbox" name="inStock" value="1" defaultChecked={query.inStock} className={BOX} />
          {t("filters.in-stock")}
        </label>
        <label className={OPTION}>
          <input type="checkbox" name="onSale" value="1" defaultChecked={query.onSale} className={BOX} />
          {t("filters.on-sale")}
        </label>
      </Section>
    ),
    rating: () => (
      <Section key="rating" legend={t("reviews.filter.legend")}>
        <RatingChoices chosen={query.minRating} />
      </Section>
    ),
    tags: () =>
      tags.length > 0 ? (
        <Section key="tags" legend={t("filters.tags")}>
          <div className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <label
                key={tag.id}
                className="cursor-pointer rounded-full border border-stone-300 px-3 py-1.5 text-sm text-stone-800 hover:border-stone-400 has-[:checked]:border-brand has-[:checked]:bg-brand/10 has-[:checked]:font-semibold has-[:checked]:text-brand has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus"
              >
                <input
                  type="checkbox"
                  name="tags"
                  value={tag.slug}
                  defaultChecked={chosenTags.has(tag.slug) || chosenTags.has(String(tag.id))}
                  className="sr-only"
                />
                {localized(tag.nameLocalizations, locale) || tag.name}
              </label>
            ))}
          </div>
        </Section>
      ) : null,
    brands: () =>
      brandChoices.length > 0 ? (
        <Section key="brands" legend={t("filters.brands")}>
          <div className="max-h-64 space-y-0.5 overflow-y-auto pe-1">
            <label className={OPTION}>
              <input type="radio" name="manufacturer" value="" defaultChecked={!maker} className={BOX} />
              {t("filters.any-brand")}
            </label>
            {brandChoices.map((brand) => (
              <label key={brand.slug} className={OPTION}>
                <input
                  type="radio"
                  name="manufacturer"
                  value={brand.slug}
                  defaultChecked={brand.slug === maker}
                  className={BOX}
                />
                <span dir="auto">{brand.label}</span>
                {brand.count > 0 ? <Count count={brand.count} /> : null}
              </label>
            ))}
          </div>
        </Section>
      ) : null,
    remarks: () =>
      remarkChoices.length > 0 ? (
        <Section key="remarks" legend={t("filters.remarks")}>
          <div className="max-h-64 space-y-0.5 overflow-y-auto pe-1">
            <label className={OPTION}>
              <input type="radio" name="remarks" value="" defaultChecked={!query.remarks} className={BOX} />
              {t("filters.any-remark")}
            </label>
            {remarkChoices.map((remark) => (
              <label key={remark.slug} className={OPTION}>
                <input
                  type="radio"
                  name="remarks"
                  value={remark.label}
                  defaultChecked={remark.label.toLowerCase() === query.remarks.toLowerCase()}
                  className={BOX}
                />
                <span dir="auto">{remark.label}</span>
                {remark.count > 0 ? <Count count={remark.count} /> : null}
              </label>
            ))}
          </div>
        </Section>
      ) : null,
  };

  return (
    <Form
      method="get"
      action="/products"
      id={footerFormId}
      // A new list remounts the form, so its boxes show what the URL says rather than stale choices.
      key={productListSearch({ ...query, page: 1 })}
      onSubmit={onSubmit}
      onChange={onChange}
      className="space-y-5"
      data-filter-panel
    >
      <KeptValues query={query} shown={shown} />
      {type ? <input type="hidden" name="type" value={type} /> : null}
      {withKeyword ? (
        <div>
          <label htmlFor={`${id}-keyword`} className="mb-2 block text-sm font-semibold text-stone-950">
            {t("filters.search-word")}
          </label>
          <input
            id={`${id}-keyword`}
            name="keyword"
            type="search"
            defaultValue={query.keyword}
            className={inputClass}
            data-autofocus
          />
        </div>
      ) : null}
      {sections.map((section) => render[section]())}
      {autoApply ? (
        <noscript>
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            {t("filters.apply")}
          </button>
        </noscript>
      ) : null}
    </Form>
  );
}
