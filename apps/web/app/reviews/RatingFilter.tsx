import { RATING_FILTERS } from "../catalogue/listing/product-query.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { Stars } from "./Stars.tsx";

const OPTION =
  "flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-stone-800 hover:bg-stone-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus";

/** The listing's rating filter: "4★ & up" … or any rating, one choice, as radio buttons of its GET form. */
export function RatingChoices({ chosen }: { chosen: number }) {
  const { t } = useTranslation();
  return (
    <div data-rating-filter>
      {RATING_FILTERS.map((stars) => (
        <label key={stars} className={OPTION}>
          <input
            type="radio"
            name="rating"
            value={stars}
            defaultChecked={chosen === stars}
            className="size-4 shrink-0 accent-brand"
          />
          <span aria-hidden="true" className="inline-flex">
            <Stars value={stars} size="sm" />
          </span>
          <span>{t("reviews.filter.and-up", { count: stars })}</span>
        </label>
      ))}
      <label className={OPTION}>
        <input
          type="radio"
          name="rating"
          value=""
          defaultChecked={chosen === 0}
          className="size-4 shrink-0 accent-brand"
        />
        <span>{t("reviews.filter.any")}</span>
      </label>
    </div>
  );
}
