import type { ProductSummary } from "@stoa/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ArrowEndIcon } from "../../platform/ui/icons.tsx";
import { containerClass } from "../../platform/ui/ui.ts";
import { ProductCard } from "../product/ProductCard.tsx";

/**
 * A row of products that scrolls sideways, one row high at every width (two rails of two rows each
 * made the home page twice as tall as a shopper reads): the next card peeks in on phones to say
 * there is more; from tablets up three, then four, fit and a thin scroll bar shows the rest.
 */
export function ProductRail({ products }: { products: ProductSummary[] }) {
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:scroll-px-0 sm:gap-5 sm:px-0 sm:pb-3 sm:[scrollbar-width:thin] [--card-block-size:25.5rem] sm:[--card-block-size:29.5rem] lg:[--card-block-size:31rem] xl:[--card-block-size:34.25rem]">
      {products.map((product) => (
        <li key={product.id} className="rail-item">
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

/** A titled home section with an optional "see all" link. */
export function HomeSection({
  id,
  title,
  description,
  seeAll,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  seeAll?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby={`home-${id}`}
      className={`${containerClass} mt-14 sm:mt-16`}
      data-home-section={id}
    >
      <div className="mb-5 flex items-end justify-between gap-4 sm:mb-6">
        <div className="min-w-0">
          <h2 id={`home-${id}`} className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-stone-600 sm:text-base">{description}</p> : null}
        </div>
        {seeAll ? (
          <Link
            to={seeAll}
            className="flex shrink-0 items-center gap-1 text-sm font-semibold text-brand hover:underline"
            aria-label={t("home-sections.see-all-of", { section: title })}
          >
            {t("home.see-all")}
            <ArrowEndIcon className="size-4" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
