import type { Category } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import { type ProductListQuery, productListHref } from "./product-query.ts";

/** The category tree as links that keep the other filters; the chosen category is marked. */
export function CategoryTree({
  query,
  onNavigate,
  list,
  depth = 0,
}: {
  query: ProductListQuery;
  onNavigate?: () => void;
  list?: Category[];
  depth?: number;
}) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const shown = list ?? categories;
  const chosen = new Set(query.categories);
  const base = { ...query, page: 1 };
  const linkClass = (nested: boolean) =>
    `block rounded-lg px-3 py-2 text-sm hover:bg-stone-100 aria-[current=page]:bg-brand/10 aria-[current=page]:font-semibold aria-[current=page]:text-brand ${
      nested ? "text-stone-600" : "font-medium text-stone-800"
    }`;
  return (
    <ul
      className={depth > 0 ? "ms-3 border-s border-stone-200 ps-2" : "space-y-0.5"}
      data-category-tree={depth === 0 ? "" : undefined}
    >
      {depth === 0 ? (
        <li>
          <Link
            to={productListHref({ ...base, categories: [] })}
            onClick={onNavigate}
            aria-current={chosen.size === 0 ? "page" : undefined}
            className={linkClass(false)}
          >
            {t("products.all-categories")}
          </Link>
        </li>
      ) : null}
      {shown.map((category) => (
        <li key={category.id}>
          <Link
            to={productListHref({ ...base, categories: [category.slug] })}
            onClick={onNavigate}
            aria-current={chosen.has(category.slug) || chosen.has(String(category.id)) ? "page" : undefined}
            className={linkClass(depth > 0)}
          >
            {categoryName(category, locale)}
          </Link>
          {category.children.length > 0 ? (
            <CategoryTree query={query} onNavigate={onNavigate} list={category.children} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
