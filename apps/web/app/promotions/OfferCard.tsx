import { type CouponOffer, formatMoney, type Locale } from "@stoa/contract";
import { Link } from "react-router";
import { formatDay } from "../orders/dates.ts";
import { leftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { ArrowEndIcon, CheckCircleIcon, ClockIcon, TagIcon, UserIcon } from "../platform/ui/icons.tsx";
import { useShop } from "../shell/root-data.ts";
import { CopyCodeButton } from "./CopyCodeButton.tsx";
import { type OfferCondition, type OfferSaving, offerConditions, offerSaving } from "./offer-terms.ts";

const percentFormats = new Map<Locale, Intl.NumberFormat>();

/** "10%" as the page's language writes a percent; the value is whole percent. */
function formatPercent(percent: number, locale: Locale): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
    percentFormats.set(locale, format);
  }
  return format.format(percent / 100);
}

function useOfferTexts() {
  const { t } = useTranslation();
  const { locale, store } = useShop();
  // Amounts read left to right inside an Arabic or Hebrew sentence, as everywhere else in the shop.
  const money = (amount: number) => leftToRight(formatMoney(amount, store.settings.currency, locale));
  return {
    saving(saving: OfferSaving): string {
      return saving.kind === "percent"
        ? t("offers.percent-off", { percent: leftToRight(formatPercent(saving.percent, locale)) })
        : t("offers.amount-off", { amount: money(saving.amount) });
    },
    condition(condition: OfferCondition): string {
      switch (condition.kind) {
        case "minimum-order":
          return t("offers.conditions.minimum-order", { amount: money(condition.amount) });
        case "first-order":
          return t("offers.conditions.first-order");
        case "uses-per-customer":
          return t("offers.conditions.uses-per-customer", { count: condition.count });
        case "sign-in":
          return t("offers.conditions.sign-in");
        case "ends":
          // The calendar day in UTC: the server and the browser write the same (the shop has no time zone).
          return t("offers.conditions.ends", { date: formatDay(condition.at, locale, "UTC") });
      }
    },
  };
}

function ConditionIcon({ kind }: { kind: OfferCondition["kind"] }) {
  const className = "mt-0.5 size-4 shrink-0 text-stone-500";
  if (kind === "ends") return <ClockIcon className={className} />;
  if (kind === "sign-in") return <UserIcon className={className} />;
  return <CheckCircleIcon className={className} />;
}

/**
 * One advertised coupon as a ticket: what it takes off, what it takes to use it, its code to copy
 * and a way into the shop.
 */
export function OfferCard({ offer }: { offer: CouponOffer }) {
  const { t } = useTranslation();
  const texts = useOfferTexts();
  const conditions = offerConditions(offer);
  const codeId = `offer-code-${offer.code}`;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm"
      data-offer={offer.code}
    >
      <div className="flex-1 p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand/10 text-brand">
            <TagIcon className="size-6" />
          </span>
          <h2 className="pt-1 text-2xl font-bold tracking-tight text-stone-950" data-offer-saving>
            {texts.saving(offerSaving(offer))}
          </h2>
        </div>
        <ul className="mt-5 space-y-2 text-sm leading-6 text-stone-700" data-offer-conditions>
          {conditions.length === 0 ? (
            <li className="flex gap-2.5">
              <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-stone-500" />
              {t("offers.conditions.none")}
            </li>
          ) : (
            conditions.map((condition) => (
              <li key={condition.kind} className="flex gap-2.5" data-offer-condition={condition.kind}>
                <ConditionIcon kind={condition.kind} />
                <span>{texts.condition(condition)}</span>
              </li>
            ))
          )}
        </ul>
      </div>
      {/* The tear line of a paper coupon: the part below is what the shopper takes to checkout. */}
      <div className="border-t-2 border-dashed border-stone-200 bg-stone-50 p-5 sm:p-6">
        <p className="text-xs font-medium tracking-wide text-stone-600 uppercase">{t("offers.code")}</p>
        <div className="mt-2 flex items-center gap-3">
          <code
            id={codeId}
            dir="ltr"
            className="min-w-0 flex-1 rounded-xl border-2 border-dashed border-brand/50 bg-white px-3 py-2 text-center font-mono text-base font-bold tracking-wider break-all text-stone-950 select-all sm:text-lg"
            data-offer-code
          >
            {offer.code}
          </code>
          <CopyCodeButton code={offer.code} codeId={codeId} />
        </div>
        <Link
          to="/products"
          className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-strong hover:underline"
          data-offer-shop
        >
          {t("offers.shop-now")}
          <ArrowEndIcon className="size-4" />
        </Link>
      </div>
    </li>
  );
}
