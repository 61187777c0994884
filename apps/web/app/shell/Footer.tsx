import { Link } from "react-router";
import { productListHref } from "../catalogue/listing/product-query.ts";
import { infoPagePath } from "../content/info-pages.ts";
import { NewsletterForm } from "../content/NewsletterForm.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { containerClass } from "../platform/ui/ui.ts";
import { LanguageButtons } from "./LanguageSwitcher.tsx";
import { useModal } from "./modal/ModalProvider.tsx";
import { OpeningHours } from "./OpeningHours.tsx";
import { useShop } from "./root-data.ts";
import { categoryName, shopName } from "./shop.ts";

const FOOTER_LINK = "text-sm text-stone-300 hover:text-white";
const FOOTER_CATEGORY_COUNT = 5;

export function Footer() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { store, locale, categories } = useShop();
  const name = shopName(store, locale);
  return (
    <footer className="surface-dark mt-20 bg-stone-950 text-stone-300">
      <div className="border-b border-white/10">
        <div className={`${containerClass} py-10`}>
          <NewsletterForm />
        </div>
      </div>
      {/* On a phone the two lists of links sit side by side: one under the other was a long scroll. */}
      <div className={`${containerClass} grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-4`}>
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <p className="text-lg font-bold text-white">{name}</p>
          <p className="max-w-xs text-sm leading-6 text-stone-400">{store.settings.tagline}</p>
          {store.settings.openingHours ? (
            <div className="pt-2">
              <h2 className="text-sm font-semibold text-white">{t("opening-hours.title")}</h2>
              <OpeningHours
                hours={store.settings.openingHours}
                locale={locale}
                className="mt-2 text-sm text-stone-400"
              />
            </div>
          ) : null}
        </div>
        <nav aria-labelledby="footer-shop" className="space-y-3">
          <h2 id="footer-shop" className="text-sm font-semibold text-white">
            {t("footer.shop")}
          </h2>
          <ul className="space-y-2">
            <li>
              <Link to="/products" className={FOOTER_LINK}>
                {t("nav.all-products")}
              </Link>
            </li>
            <li>
              <Link to={productListHref({ onSale: true })} className={FOOTER_LINK}>
                {t("nav.on-sale")}
              </Link>
            </li>
            <li>
              <Link to="/offers" className={FOOTER_LINK}>
                {t("nav.offers")}
              </Link>
            </li>
            {categories.slice(0, FOOTER_CATEGORY_COUNT).map((category) => (
              <li key={category.id}>
                <Link to={productListHref({ categories: [category.slug] })} className={FOOTER_LINK}>
                  {categoryName(category, locale)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help" className="space-y-3">
          <h2 id="footer-help" className="text-sm font-semibold text-white">
            {t("footer.help")}
          </h2>
          <ul className="space-y-2">
            {store.infoPages.map((slug) => (
              <li key={slug}>
                <Link to={infoPagePath(slug)} className={FOOTER_LINK}>
                  {t(`info.pages.${slug}`)}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={() => openModal("SHOP_INFO", store)} className={FOOTER_LINK}>
                {t("nav.shop-info")}
              </button>
            </li>
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <LanguageButtons tone="dark" />
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className={`${containerClass} py-6 text-xs text-stone-400`}>
          {t("footer.rights", { year: new Date().getFullYear(), name })}
        </p>
      </div>
    </footer>
  );
}
