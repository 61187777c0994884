import type { SavedCardView } from "@stoa/contract";
import { brandedLast4 } from "../checkout/card-entry.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { expiryOf } from "./card-wallet.ts";

/** A card as the shopper recognises it: brand and last four digits, expiry, the name on it. */
export function SavedCardLabel({
  card,
}: {
  card: Pick<SavedCardView, "brand" | "last4"> & Partial<SavedCardView>;
}) {
  const { t } = useTranslation();
  const label = brandedLast4(card.brand, card.last4);
  const dots = Math.max(label.indexOf("•"), 0);
  return (
    <span className="block min-w-0">
      <span className="block font-semibold text-stone-950" data-card-label>
        {/* The dots stay with the last four digits on a narrow screen. */}
        <bdi dir="ltr">
          {label.slice(0, dots)}
          <span className="whitespace-nowrap">{label.slice(dots)}</span>
        </bdi>
      </span>
      {card.expiryMonth && card.expiryYear ? (
        <span className="block font-normal text-stone-600">
          {t("cards.expires")}{" "}
          <bdi dir="ltr">{expiryOf({ expiryMonth: card.expiryMonth, expiryYear: card.expiryYear })}</bdi>
          {/* The name moves to the next line whole on a narrow screen, never split from its dot; a long one is cut short. */}
          {card.holderName ? (
            <span className="ms-2 inline-block max-w-full truncate align-bottom">· {card.holderName}</span>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
