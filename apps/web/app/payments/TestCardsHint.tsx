import { PROVIDER_TEST_CARDS } from "@stoa/contract";
import { groupedCardNumber } from "../checkout/card-entry.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { InfoIcon } from "../platform/ui/icons.tsx";

/**
 * The cards to try, beside the card form of a provider on a test account: each provider takes only
 * its own test cards (Bambora's sandbox approves none of the built-in provider's), so the form of
 * whichever provider is on names the ones that work there.
 */
export function TestCardsHint({ gateway }: { gateway: keyof typeof PROVIDER_TEST_CARDS }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-sky-50 p-4 text-sm text-sky-950" data-test-cards={gateway}>
      <p className="flex items-center gap-2 font-semibold">
        <InfoIcon className="size-4 shrink-0" />
        {t("checkout.card.test-title")}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {PROVIDER_TEST_CARDS[gateway].map((test) => (
          <div key={test.number} className="contents">
            <dt className="whitespace-nowrap font-mono tabular-nums">
              <bdi dir="ltr">{groupedCardNumber(test.number)}</bdi>
            </dt>
            <dd className="text-end text-sky-900">{t(`checkout.card.test-${test.outcome}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-sky-900">{t("checkout.card.test-hint")}</p>
    </div>
  );
}
