import { BAMBORA_GATEWAY, type CardGateway, STRIPE_GATEWAY } from "@stoa/contract";
import { useEffect } from "react";
import { ChoiceCard, MissingMessage, refusalIdsOf, stepButtonClass } from "../checkout/CheckoutParts.tsx";
import { useCheckout } from "../checkout/CheckoutProvider.tsx";
import { brandedLast4, cardDigits, cardLabel } from "../checkout/card-entry.ts";
import type { MissingChoices } from "../checkout/checkout-checks.ts";
import { chosenCardOf, savedCardChoice, savedCardToChoose } from "../checkout/checkout-state.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CreditCardIcon, PlusIcon, TrashIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { type CardWallet, savesNewCards, type WalletCard } from "./card-wallet.ts";
import { SavedCardLabel } from "./SavedCardLabel.tsx";

/** The key a saved card is told apart by in the one list: ids are the providers' own. */
const keyOf = (card: Pick<WalletCard, "gateway" | "id">) => `${card.gateway}:${card.id}`;

/**
 * The card of a card payment. The shopper pays by "Card" and never picks a provider: the saved
 * cards are one list (brand, last four digits, expiry) whichever provider saved them, each paid
 * through its own; a new card is typed into the form of the provider the shop takes new cards
 * through (the test provider's card form, Stripe's element, Bambora's tokenization), saved with it
 * (a signed-in customer) or used for this order only. The first saved card is chosen until the
 * shopper chooses otherwise. A refused card is answered here, by another card.
 */
export function CardChoice({
  wallet,
  cardGateway,
  missing,
  messages,
}: {
  wallet: CardWallet | null;
  /** The provider the shop takes new cards through. */
  cardGateway: CardGateway;
  missing: MissingChoices;
  /** What the shop said of the payment when it refused the order, translated. */
  messages: readonly string[];
}) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { state, choose } = useCheckout();
  const saved = wallet?.saved ?? null;
  const cards = saved?.cards ?? [];
  const chosen = chosenCardOf(state, cardGateway);
  const known = saved && !saved.unavailable ? saved.cards : null;
  const stripeSource =
    wallet?.stripeKey && cardGateway === STRIPE_GATEWAY
      ? {
          stripeJsUrl: wallet.stripeJsUrl,
          publishableKey: wallet.stripeKey,
          testCards: wallet.testCards.includes(STRIPE_GATEWAY),
        }
      : null;

  // Only an empty choice is filled in: a card just saved may be chosen before the list shows it.
  const toChoose = state.payment_sub_gateway === "new_card" ? null : savedCardToChoose(chosen, known);
  useEffect(() => {
    if (toChoose) choose(savedCardChoice(toChoose.gateway, toChoose.id));
  }, [toChoose, choose]);

  const refusal = {
    "aria-describedby": refusalIdsOf("payment", messages),
    "data-refusal-focus": messages.length > 0 || undefined,
  };
  const newCard = chosen?.kind === "new" ? chosen : null;
  const newCardLabel = newCard
    ? newCard.gateway === "test-card" && state.credit_card
      ? cardLabel(cardDigits(state.credit_card.number))
      : brandedLast4(newCard.brand ?? "unknown", newCard.last4)
    : null;

  // How a new card is given: in the shop's provider's own form.
  const enterNew = () => {
    if (cardGateway === "test-card") openModal("ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD");
    else if (cardGateway === BAMBORA_GATEWAY && wallet)
      openModal("USE_NEW_PAYMENT", {
        gateway: BAMBORA_GATEWAY,
        tokenizationUrl: wallet.tokenizationUrl,
        testCards: wallet.testCards.includes(BAMBORA_GATEWAY),
      });
    else if (stripeSource && saved)
      openModal("USE_NEW_PAYMENT", { gateway: STRIPE_GATEWAY, ...stripeSource });
    else if (stripeSource) openModal("STRIPE_ELEMENT_MODAL", stripeSource);
  };
  const saveNew = () => {
    if (!wallet) return;
    if (cardGateway === BAMBORA_GATEWAY)
      openModal("ADD_NEW_CARD_BAMBORA", {
        tokenizationUrl: wallet.tokenizationUrl,
        testCards: wallet.testCards.includes(BAMBORA_GATEWAY),
        profile: wallet.bamboraProfile,
        purpose: "checkout",
      });
    else if (stripeSource) openModal("ADD_NEW_CARD", { ...stripeSource, purpose: "checkout" });
  };
  const canSave = saved !== null && wallet !== null && savesNewCards(wallet);
  const canEnter = cardGateway !== STRIPE_GATEWAY || stripeSource !== null;

  return (
    <div className="mt-3 space-y-3" data-card-choice data-card-gateway={cardGateway}>
      {saved?.unavailable ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-cards-unavailable>
          {t("cards.unavailable")}
        </p>
      ) : null}
      {cards.length > 0 || newCard ? (
        <fieldset className="space-y-2" data-saved-cards-list>
          <legend className="mb-2 text-sm font-semibold text-stone-800">
            {t(cards.length > 0 ? "cards.saved-title" : "cards.card-title")}
          </legend>
          {cards.map((card) => (
            <div
              key={keyOf(card)}
              className="relative"
              data-saved-card={card.id}
              data-card-provider={card.gateway}
            >
              <ChoiceCard
                name="card_choice"
                value={keyOf(card)}
                checked={chosen?.kind === "saved" && keyOf(chosen) === keyOf(card)}
                onChange={() => choose(savedCardChoice(card.gateway, card.id))}
                icon={<CreditCardIcon className="size-5" />}
                title={<SavedCardLabel card={card} />}
                end={<span className="inline-block w-8" />}
              />
              <button
                type="button"
                onClick={() => openModal("DELETE_CARD_MODAL", { gateway: card.gateway, card })}
                className="absolute end-3 top-3 rounded-full p-2 text-stone-500 hover:bg-red-50 hover:text-red-700"
                aria-label={t("cards.delete-label", { last4: card.last4 })}
                data-delete-card
              >
                <TrashIcon className="size-4" />
              </button>
            </div>
          ))}
          {newCard && newCardLabel ? (
            <ChoiceCard
              name="card_choice"
              value="new"
              checked
              onChange={() => undefined}
              icon={<CreditCardIcon className="size-5" />}
              title={
                <span data-card-summary>
                  <bdi dir="ltr">{newCardLabel}</bdi>
                  {newCard.gateway === "test-card" && state.credit_card ? (
                    <span className="ms-2 font-normal text-stone-600">
                      <bdi dir="ltr">
                        {state.credit_card.expiryMonth.padStart(2, "0")}/
                        {state.credit_card.expiryYear.slice(-2)}
                      </bdi>
                    </span>
                  ) : null}
                </span>
              }
              detail={t("cards.once-detail")}
            />
          ) : null}
        </fieldset>
      ) : (
        <p
          className="flex items-center gap-3 rounded-xl border border-stone-200 p-4 text-sm text-stone-600"
          data-no-card
        >
          <CreditCardIcon className="size-5 shrink-0 text-stone-500" />
          {t("checkout.card.none")}
        </p>
      )}
      {canEnter ? (
        <div className="flex flex-wrap gap-2">
          {canSave ? (
            <button type="button" onClick={saveNew} className={stepButtonClass} data-add-card>
              <PlusIcon className="size-4" />
              {t("cards.add")}
            </button>
          ) : null}
          <button
            type="button"
            onClick={enterNew}
            className={stepButtonClass}
            // A refused card is answered here, by another card: the refusal is read with it.
            {...refusal}
            {...(canSave ? { "data-use-new-card": "" } : { "data-enter-card": "" })}
          >
            <CreditCardIcon className="size-4" />
            {canSave ? t("cards.use-once") : t(newCard ? "checkout.card.change" : "checkout.card.add")}
          </button>
        </div>
      ) : null}
      <MissingMessage missing={missing} field="credit_card" />
    </div>
  );
}
