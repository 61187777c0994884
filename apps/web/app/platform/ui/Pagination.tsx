import { Link } from "react-router";
import { paginationItems } from "../../catalogue/listing/product-query.ts";
import { useTranslation } from "../i18n/translation.tsx";
import { ChevronEndIcon, ChevronStartIcon } from "./icons.tsx";

const PAGE =
  "flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium tabular-nums";

/** Numbered page links; every page is a real URL, so paging works without JavaScript too. */
export function Pagination({
  current,
  last,
  hrefFor,
}: {
  current: number;
  last: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="mt-12 flex items-center justify-center gap-1">
      {current > 1 ? (
        <Link
          to={hrefFor(current - 1)}
          rel="prev"
          className={`${PAGE} text-stone-700 hover:bg-stone-100`}
          aria-label={t("pagination.previous")}
        >
          <ChevronStartIcon />
        </Link>
      ) : null}
      <ol className="flex items-center gap-1">
        {paginationItems(current, last).map((item, index) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-400">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-current={item === current ? "page" : undefined}
                aria-label={t("pagination.page", { page: item })}
                className={`${PAGE} ${item === current ? "bg-stone-950 text-white" : "text-stone-700 hover:bg-stone-100"}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {current < last ? (
        <Link
          to={hrefFor(current + 1)}
          rel="next"
          className={`${PAGE} text-stone-700 hover:bg-stone-100`}
          aria-label={t("pagination.next")}
        >
          <ChevronEndIcon />
        </Link>
      ) : null}
    </nav>
  );
}
