import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { containerClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import { productListHref } from "../listing/product-query.ts";

/** Top-level categories as tiles on the home page. */
export function CategoryTiles() {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="home-categories" className={`${containerClass} mt-14`}>
      <h2 id="home-categories" className="mb-6 text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl">
        {t("home.categories")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
        {categories.map((category) => {
          const name = categoryName(category, locale);
          const picture = category.image ?? category.icon;
          return (
            <li key={category.id}>
              <Link
                to={productListHref({ categories: [category.slug] })}
                className="group flex h-full flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 text-center transition hover:-translate-y-0.5 hover:border-brand/40 hover:shadow-md"
              >
                <span className="flex size-20 items-center justify-center overflow-hidden rounded-full bg-brand/10 text-2xl font-bold text-brand">
                  {picture ? (
                    <StoaImage
                      src={picture}
                      alt=""
                      width={80}
                      height={80}
                      className="size-full object-cover"
                    />
                  ) : (
                    <span aria-hidden="true">{name.slice(0, 1)}</span>
                  )}
                </span>
                <span className="font-semibold text-stone-900">{name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
