import { BAMBORA_GATEWAY } from "@stoa/contract";
import { useEffect } from "react";
import { ChoiceCard, stepButtonClass } from "../checkout/CheckoutParts.tsx";
import { useCheckout } from "../checkout/CheckoutProvider.tsx";
import { brandedLast4 } from "../checkout/card-entry.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CreditCardIcon, PlusIcon, TrashIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import type { CardWallet } from "./card-wallet.ts";
import { SavedCardLabel } from "./SavedCardLabel.tsx";

/**
 * The card of a Bambora payment: a signed-in customer picks one of their saved cards, saves a new
 * one (ADD_NEW_CARD_BAMBORA) or gives one for this order only (USE_NEW_PAYMENT); a guest, who has
 * no saved cards (spec §6), gives one for this order. The first saved card is chosen until the
 * shopper chooses otherwise.
 */
export function BamboraCardChoice({ wallet }: { wallet: CardWallet }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { state, choose } = useCheckout();
  const saved = wallet.bambora;
  const cards = saved?.cards ?? [];
  const chosen = state.bamboraCard;
  const firstCard = cards[0];

  // Only an empty choice is filled in: a card just saved may be chosen before the list shows it.
  useEffect(() => {
    if (chosen === null && firstCard)
      choose({ payment_sub_gateway: "saved_card", bamboraCard: { kind: "saved", cardId: firstCard.id } });
  }, [chosen, firstCard, choose]);

  const oneTimeCard = () =>
    openModal("USE_NEW_PAYMENT", {
      gateway: BAMBORA_GATEWAY,
      tokenizationUrl: wallet.tokenizationUrl,
      testCards: wallet.testCards.includes(BAMBORA_GATEWAY),
    });

  return (
    <div className="mt-3 space-y-3" data-bambora-cards>
      {saved?.unavailable ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-cards-unavailable>
          {t("cards.unavailable")}
        </p>
      ) : null}
      {cards.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-stone-800">{t("cards.saved-title")}</legend>
          {cards.map((card) => (
            <div key={card.id} className="relative" data-saved-card={card.id}>
              <ChoiceCard
                name="bambora_card"
                value={`saved-${card.id}`}
                checked={chosen?.kind === "saved" && chosen.cardId === card.id}
                onChange={() =>
                  choose({
                    payment_sub_gateway: "saved_card",
                    bamboraCard: { kind: "saved", cardId: card.id },
                  })
                }
                icon={<CreditCardIcon className="size-5" />}
                title={<SavedCardLabel card={card} />}
                end={<span className="inline-block w-8" />}
              />
              <button
                type="button"
                onClick={() => openModal("DELETE_CARD_MODAL", { gateway: BAMBORA_GATEWAY, card })}
                className="absolute end-3 top-3 rounded-full p-2 text-stone-500 hover:bg-red-50 hover:text-red-700"
                aria-label={t("cards.delete-label", { last4: card.last4 })}
                data-delete-card
              >
                <TrashIcon className="size-4" />
              </button>
            </div>
          ))}
        </fieldset>
      ) : null}
      {chosen?.kind === "new" ? (
        <ChoiceCard
          name="bambora_card"
          value="new"
          checked
          onChange={() => undefined}
          icon={<CreditCardIcon className="size-5" />}
          title={<span data-card-summary>{brandedLast4(chosen.brand, chosen.last4)}</span>}
          detail={t("cards.once-detail")}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {saved ? (
          <button
            type="button"
            onClick={() =>
              openModal("ADD_NEW_CARD_BAMBORA", {
                tokenizationUrl: wallet.tokenizationUrl,
                testCards: wallet.testCards.includes(BAMBORA_GATEWAY),
                profile: saved.profile,
                purpose: "checkout",
              })
            }
            className={stepButtonClass}
            data-add-card
          >
            <PlusIcon className="size-4" />
            {t("cards.add")}
          </button>
        ) : null}
        <button type="button" onClick={oneTimeCard} className={stepButtonClass} data-use-new-card>
          <CreditCardIcon className="size-4" />
          {saved ? t("cards.use-once") : t(chosen ? "checkout.card.change" : "checkout.card.add")}
        </button>
      </div>
    </div>
  );
}
