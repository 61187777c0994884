import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { Pagination } from "../../platform/ui/Pagination.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Listing } from "./listing-types.ts";
import { productListHref, slugParam, slugWords } from "./product-query.ts";

/** Why the list is empty, and the way out: an unknown tag or kind of shop, or filters that match nothing. */
export function ListingEmpty({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const { store } = useShop();
  const { query, unknownTags } = listing;
  const wrongType = query.type && query.type !== slugParam(store.vertical);
  let title = t("listing.none-title");
  let text = t("listing.none-text");
  if (wrongType) {
    title = t("listing.unknown-type-title");
    text = t("listing.unknown-type-text", { type: slugWords(query.type) });
  } else if (unknownTags.length > 0 && unknownTags.length === query.tags.length) {
    title = t("listing.unknown-tag-title", { tag: slugWords(unknownTags[0] ?? "") });
    text = t("listing.unknown-tag-text");
  }
  return (
    <div
      className="rounded-3xl border border-dashed border-stone-300 px-6 py-20 text-center"
      data-listing-empty
    >
      <p className="text-lg font-semibold text-stone-900">{title}</p>
      <p className="mx-auto mt-2 max-w-md text-stone-600">{text}</p>
      <Link to={productListHref({ layout: query.layout })} className={`${buttonClass.primary} mt-6`}>
        {t("listing.see-all")}
      </Link>
    </div>
  );
}

/** The products of the page, or why there are none; then the page links. */
export function ListingResults({ listing, children }: { listing: Listing; children: ReactNode }) {
  const { store } = useShop();
  const { query, result } = listing;
  const wrongType = Boolean(query.type) && query.type !== slugParam(store.vertical);
  return (
    <>
      {result.records.length > 0 && !wrongType ? children : <ListingEmpty listing={listing} />}
      <Pagination
        current={result.current_page}
        last={wrongType ? 1 : result.last_page}
        hrefFor={(page) => productListHref({ ...query, page })}
      />
    </>
  );
}
