import type { Category } from "@stoa/contract";
import { Link } from "react-router";
import { ChevronEndIcon } from "../../platform/ui/icons.tsx";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import { productListHref } from "../listing/product-query.ts";

/** The category tree as links to the product list, for the menu and category drawers. */
export function CategoryLinks({
  onNavigate,
  depth = 0,
  categories,
}: {
  onNavigate?: () => void;
  depth?: number;
  categories?: Category[];
}) {
  const shop = useShop();
  const list = categories ?? shop.categories;
  if (list.length === 0) return null;
  return (
    <ul className={depth > 0 ? "ms-4 border-s border-stone-200 ps-2" : "space-y-0.5"}>
      {list.map((category) => (
        <li key={category.id}>
          <Link
            to={productListHref({ categories: [category.slug] })}
            onClick={onNavigate}
            className="group flex items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-stone-800 hover:bg-stone-100"
          >
            <span className={depth > 0 ? "text-sm" : "font-medium"}>
              {categoryName(category, shop.locale)}
            </span>
            <ChevronEndIcon className="size-4 text-stone-400 group-hover:text-stone-700" />
          </Link>
          {category.children.length > 0 ? (
            <CategoryLinks categories={category.children} depth={depth + 1} onNavigate={onNavigate} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
