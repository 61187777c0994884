import { BAMBORA_GATEWAY, type SavedCardGateway, type SavedCardView, STRIPE_GATEWAY } from "@stoa/contract";
import type { ReactNode } from "react";
import { AccountCard } from "../account/AccountLayout.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CreditCardIcon, PlusIcon, TrashIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import type { CardWallet } from "./card-wallet.ts";
import { SavedCardLabel } from "./SavedCardLabel.tsx";

const quietButton =
  "inline-flex shrink-0 items-center gap-1.5 rounded-full border border-stone-300 px-3.5 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50";

function CardRow({ gateway, card }: { gateway: SavedCardGateway; card: SavedCardView }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border border-stone-200 p-4 text-sm"
      data-saved-card={card.id}
    >
      <CreditCardIcon className="size-5 shrink-0 text-stone-500" />
      <div className="min-w-0 flex-1">
        <SavedCardLabel card={card} />
      </div>
      <button
        type="button"
        onClick={() => openModal("DELETE_CARD_MODAL", { gateway, card })}
        className="rounded-full p-2 text-stone-500 hover:bg-red-50 hover:text-red-700"
        aria-label={t("cards.delete-label", { last4: card.last4 })}
        data-delete-card
      >
        <TrashIcon className="size-4" />
      </button>
    </li>
  );
}

/** One provider's cards: the list, or why it is empty or unknown. */
function CardList({
  gateway,
  cards,
  unavailable,
}: {
  gateway: SavedCardGateway;
  cards: SavedCardView[];
  unavailable: boolean;
}) {
  const { t } = useTranslation();
  if (unavailable)
    return (
      <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-cards-unavailable>
        {t("cards.unavailable")}
      </p>
    );
  if (cards.length === 0)
    return (
      <p className="text-sm text-stone-600" data-no-cards>
        {t("cards.none")}
      </p>
    );
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {cards.map((card) => (
        <CardRow key={card.id} gateway={gateway} card={card} />
      ))}
    </ul>
  );
}

/**
 * The profile's saved cards, kept by the card providers the shop takes: Bambora's (added with the
 * billing profile, ADD_NEW_CARD_BAMBORA) and Stripe's (added through Stripe's element, ADD_NEW_CARD),
 * each deleted through DELETE_CARD_MODAL. Where the shop takes both, each provider's cards are
 * listed under its name with their own button. Shown only where the shop takes a provider that keeps cards.
 */
export function SavedCardsCard({ wallet }: { wallet: CardWallet }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { bambora, stripe } = wallet;
  const stripeKey = wallet.stripeKey;
  if (!bambora && !stripe) return null;
  const addBambora = bambora ? (
    <button
      type="button"
      className={quietButton}
      onClick={() =>
        openModal("ADD_NEW_CARD_BAMBORA", {
          tokenizationUrl: wallet.tokenizationUrl,
          testCards: wallet.testCards.includes(BAMBORA_GATEWAY),
          profile: bambora.profile,
          purpose: "profile",
        })
      }
      data-add-card
    >
      <PlusIcon className="size-4" />
      {t("cards.add")}
    </button>
  ) : null;
  const addStripe =
    stripe && stripeKey ? (
      <button
        type="button"
        className={quietButton}
        onClick={() =>
          openModal("ADD_NEW_CARD", {
            stripeJsUrl: wallet.stripeJsUrl,
            publishableKey: stripeKey,
            purpose: "profile",
          })
        }
        data-add-stripe-card
      >
        <PlusIcon className="size-4" />
        {t("cards.add")}
      </button>
    ) : null;

  if (bambora && stripe)
    return (
      <AccountCard title={t("cards.profile-title")} description={t("cards.profile-text")} data-saved-cards>
        <div className="space-y-6">
          <section className="space-y-3" data-provider-cards={STRIPE_GATEWAY}>
            <div className="flex items-center gap-3">
              <h3 className="min-w-0 flex-1 text-sm font-semibold text-stone-800">
                {t("cards.provider-stripe")}
              </h3>
              {addStripe}
            </div>
            <CardList gateway={STRIPE_GATEWAY} cards={stripe.cards} unavailable={stripe.unavailable} />
          </section>
          <section className="space-y-3 border-t border-stone-200 pt-5" data-provider-cards={BAMBORA_GATEWAY}>
            <div className="flex items-center gap-3">
              <h3 className="min-w-0 flex-1 text-sm font-semibold text-stone-800">
                {t("cards.provider-bambora")}
              </h3>
              {addBambora}
            </div>
            <CardList gateway={BAMBORA_GATEWAY} cards={bambora.cards} unavailable={bambora.unavailable} />
          </section>
        </div>
      </AccountCard>
    );
  const only: { gateway: SavedCardGateway; cards: SavedCardView[]; unavailable: boolean; add: ReactNode } =
    bambora
      ? { gateway: BAMBORA_GATEWAY, cards: bambora.cards, unavailable: bambora.unavailable, add: addBambora }
      : {
          gateway: STRIPE_GATEWAY,
          cards: stripe?.cards ?? [],
          unavailable: stripe?.unavailable ?? false,
          add: addStripe,
        };
  return (
    <AccountCard
      title={t("cards.profile-title")}
      description={t("cards.profile-text")}
      data-saved-cards
      action={only.add}
    >
      <CardList gateway={only.gateway} cards={only.cards} unavailable={only.unavailable} />
    </AccountCard>
  );
}
