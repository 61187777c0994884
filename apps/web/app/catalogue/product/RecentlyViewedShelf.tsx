import { HOME_SECTION_SIZE } from "@stoa/contract";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ProductCard } from "./ProductCard.tsx";
import { EMPTY_RECENTLY_VIEWED, loadRecentlyViewed, shelfProducts } from "./recently-viewed.ts";

/**
 * "Recently viewed": the products this browser looked at last, newest first, as a row that scrolls
 * sideways. It reads storage only after hydration (the server cannot know the list), so it renders
 * nothing until then and nothing at all for a first-time visitor.
 */
export function RecentlyViewedShelf({
  excludeId = null,
  limit = HOME_SECTION_SIZE,
  className = "",
}: {
  /** The product on screen, left off its own page's shelf. */
  excludeId?: number | null;
  limit?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [list, setList] = useState(EMPTY_RECENTLY_VIEWED);
  useEffect(() => {
    setList(loadRecentlyViewed());
  }, []);
  const products = shelfProducts(list, excludeId, limit);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={className} data-recently-viewed>
      <h2 id={titleId} className="mb-6 text-2xl font-bold tracking-tight text-stone-950">
        {t("recently-viewed.title")}
      </h2>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-3 sm:mx-0 sm:gap-5 sm:px-0 [--card-block-size:25.5rem] sm:[--card-block-size:29rem] lg:[--card-block-size:31rem] xl:[--card-block-size:34.25rem]">
        {products.map((product) => (
          <li
            key={product.id}
            className="flex w-[44%] shrink-0 snap-start sm:w-56 lg:w-[calc((100%-3.75rem)/4)]"
          >
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
