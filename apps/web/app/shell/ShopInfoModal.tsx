import type { StoreByDomain } from "@stoa/contract";
import { Link } from "react-router";
import { LOCALE_NAMES } from "../platform/i18n/locale.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { ArrowEndIcon, StoreIcon } from "../platform/ui/icons.tsx";
import { StoaImage } from "../platform/ui/StoaImage.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useModal } from "./modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "./modal/modal-ids.ts";
import { OpeningHours } from "./OpeningHours.tsx";
import { useShop } from "./root-data.ts";
import { shopLocales, shopLogo, shopName } from "./shop.ts";

/**
 * SHOP_INFO: who the shop is — name, tagline, logo, what it is about, where it lives on the web,
 * the languages it speaks and the currency it charges in. The store record carries no street
 * address or phone number, so none is shown.
 */
export function ShopInfoModal({ store }: { store: StoreByDomain }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { closeModal } = useModal();
  const name = shopName(store, locale);
  const logo = shopLogo(store);
  const about = store.settings.seo.metaDescription;
  const languages = shopLocales(store);
  return (
    <div className="px-6 pt-10 pb-8 sm:px-10" data-shop-info>
      <div className="flex items-center gap-4 pe-8">
        {logo ? (
          <StoaImage
            src={logo}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-2xl object-contain"
          />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-brand/10 text-brand">
            <StoreIcon className="size-8" />
          </span>
        )}
        <div className="min-w-0">
          <h2 id={MODAL_TITLE_ID} className="text-2xl font-bold tracking-tight text-balance text-stone-950">
            {name}
          </h2>
          {store.settings.tagline ? <p className="mt-1 text-stone-600">{store.settings.tagline}</p> : null}
        </div>
      </div>
      {about ? <p className="mt-6 leading-7 text-stone-700">{about}</p> : null}
      <dl className="mt-6 divide-y divide-stone-200 rounded-2xl border border-stone-200">
        <div className="flex justify-between gap-4 px-4 py-3 text-sm">
          <dt className="text-stone-500">{t("shop-info.domain")}</dt>
          <dd className="font-medium text-stone-900" dir="ltr">
            {store.domain}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3 text-sm">
          <dt className="text-stone-500">{t("shop-info.languages")}</dt>
          <dd>
            <ul className="flex flex-wrap justify-end gap-1.5">
              {languages.map((code) => (
                <li
                  key={code}
                  lang={code}
                  dir="auto"
                  className="rounded-full bg-stone-100 px-2.5 py-0.5 font-medium text-stone-800"
                >
                  {LOCALE_NAMES[code]}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        {store.settings.openingHours ? (
          <div className="flex justify-between gap-4 px-4 py-3 text-sm">
            <dt className="text-stone-500">{t("opening-hours.title")}</dt>
            <dd className="text-end font-medium text-stone-900">
              <OpeningHours hours={store.settings.openingHours} locale={locale} />
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 px-4 py-3 text-sm">
          <dt className="text-stone-500">{t("shop-info.currency")}</dt>
          <dd className="font-medium text-stone-900" dir="ltr">
            {store.settings.currency}
          </dd>
        </div>
      </dl>
      <Link to="/products" onClick={closeModal} className={`${buttonClass.primary} mt-6 w-full`}>
        {t("shop-info.browse")}
        <ArrowEndIcon className="size-4" />
      </Link>
    </div>
  );
}
