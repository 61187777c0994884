import type { OrderGiftCards } from "@stoa/contract";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { Money, OrderPanel } from "./OrderParts.tsx";

/**
 * The codes of the gift cards an order bought, once it is paid: each one to hand on with the card,
 * or to redeem at checkout. A redeemed card says so, so the buyer knows it was used.
 */
export function GiftCardCodes({ cards, currency }: { cards: OrderGiftCards["cards"]; currency: string }) {
  const { t } = useTranslation();
  if (cards.length === 0) return null;
  return (
    <OrderPanel title={t("gift-card.codes")}>
      <p className="mb-3 text-sm text-stone-600">{t("gift-card.codes-text")}</p>
      <ul className="divide-y divide-stone-200" data-gift-card-codes>
        {cards.map((card) => (
          <li
            key={card.code}
            className="flex flex-wrap items-center justify-between gap-2 py-3"
            data-gift-card
          >
            <code dir="ltr" className="font-mono text-base font-semibold tracking-wider text-stone-950">
              {card.code}
            </code>
            <span className="flex items-center gap-3 text-sm">
              <Money amount={card.value} currency={currency} />
              {card.redeemed ? (
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
                  {t("gift-card.redeemed")}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </OrderPanel>
  );
}
