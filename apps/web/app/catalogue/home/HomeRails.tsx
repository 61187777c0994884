import type { Ref } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { containerClass } from "../../platform/ui/ui.ts";
import { useLaterAnswer } from "../../platform/ui/use-later-answer.ts";
import { productListHref } from "../listing/product-query.ts";
import { BrowseWithoutScripts, CardPlaceholders } from "../product/CardPlaceholders.tsx";
import { FIRST_RAIL, type HomeRail, LATER_RAILS_PATH } from "./home-rails.ts";
import { HomeSection, ProductRail } from "./ProductRail.tsx";

/** A rail's title and "see all" link: the shop's own collections carry theirs, the others are the page's. */
export function RailSection({ rail }: { rail: HomeRail }) {
  const { t } = useTranslation();
  const heading =
    rail.collection !== null
      ? { title: rail.collection.name, description: rail.collection.description || undefined }
      : rail.key === FIRST_RAIL
        ? { title: t("home.best-sellers"), seeAll: productListHref({ sort: "best-selling" }) }
        : rail.key === "weekly-deals"
          ? {
              title: t("home-sections.weekly-deals"),
              description: t("home-sections.weekly-deals-text"),
              seeAll: productListHref({ onSale: true, sort: "newest" }),
            }
          : { title: t("home-sections.recommended") };
  return (
    <HomeSection id={rail.key} {...heading}>
      <ProductRail products={rail.products} />
    </HomeSection>
  );
}

/** Grey stand-ins of a rail's heading and cards, the height a rail takes; a link where scripts are off. */
function RailPlaceholder({ ref }: { ref: Ref<HTMLDivElement> }) {
  return (
    <>
      <div
        ref={ref}
        aria-hidden="true"
        className={`${containerClass} mt-14 noscript:hidden sm:mt-16`}
        data-later-rails
      >
        <div className="mb-5 h-8 w-48 rounded-lg bg-stone-100 motion-safe:animate-pulse sm:mb-6 sm:h-9" />
        <div className="flex gap-3 overflow-hidden sm:gap-5">
          <CardPlaceholders count={4} itemClassName="rail-item" />
        </div>
      </div>
      <BrowseWithoutScripts className={`${containerClass} mt-10 text-center`} />
    </>
  );
}

/**
 * The rails below the first, asked for when the shopper scrolls near them (decision 031): the
 * page's HTML carries one rail, not four, and so does its render.
 */
export function LaterRails() {
  const { ref, data, failed } = useLaterAnswer<{ rails: HomeRail[] }>(LATER_RAILS_PATH);
  if (failed) return null;
  if (!data) return <RailPlaceholder ref={ref} />;
  return data.rails.map((rail) => <RailSection key={rail.key} rail={rail} />);
}
