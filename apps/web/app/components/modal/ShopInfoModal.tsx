import type { StoreByDomain } from "@stoa/contract";
import { useTranslation } from "react-i18next";
import { LOCALE_NAMES } from "../../lib/locale.ts";
import { useShop } from "../../lib/root-data.ts";
import { shopLocales, shopLogo, shopName } from "../../lib/shop.ts";
import { StoaImage } from "../StoaImage.tsx";
import { MODAL_TITLE_ID } from "./modal-views.tsx";

/** SHOP_INFO: who the shop is and where to find it. */
export function ShopInfoModal({ store }: { store: StoreByDomain }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const name = shopName(store, locale);
  const logo = shopLogo(store);
  const facts = [
    { label: t("shop-info.domain"), value: store.domain, dir: "ltr" as const },
    {
      label: t("shop-info.languages"),
      value: shopLocales(store)
        .map((code) => LOCALE_NAMES[code])
        .join(" · "),
    },
    { label: t("shop-info.currency"), value: store.settings.currency, dir: "ltr" as const },
  ];
  return (
    <div className="px-6 pt-10 pb-8 sm:px-10">
      <div className="flex items-center gap-4">
        {logo ? <StoaImage src={logo} alt="" width={64} height={64} className="size-16 rounded-2xl" /> : null}
        <div>
          <h2 id={MODAL_TITLE_ID} className="text-2xl font-bold tracking-tight text-stone-950">
            {name}
          </h2>
          <p className="mt-1 text-stone-600">{store.settings.tagline}</p>
        </div>
      </div>
      <dl className="mt-8 divide-y divide-stone-200 rounded-2xl border border-stone-200">
        {facts.map((fact) => (
          <div key={fact.label} className="flex justify-between gap-4 px-4 py-3 text-sm">
            <dt className="text-stone-500">{fact.label}</dt>
            <dd className="font-medium text-stone-900" dir={fact.dir}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
