import { BAMBORA_GATEWAY, STRIPE_GATEWAY } from "@stoa/contract";
import { AccountCard } from "../account/AccountLayout.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CreditCardIcon, PlusIcon, TrashIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { type CardWallet, savesNewCards, type WalletCard } from "./card-wallet.ts";
import { SavedCardLabel } from "./SavedCardLabel.tsx";

const quietButton =
  "inline-flex shrink-0 items-center gap-1.5 rounded-full border border-stone-300 px-3.5 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50";

function CardRow({ card }: { card: WalletCard }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border border-stone-200 p-4 text-sm"
      data-saved-card={card.id}
      data-card-provider={card.gateway}
    >
      <CreditCardIcon className="size-5 shrink-0 text-stone-500" />
      <div className="min-w-0 flex-1">
        <SavedCardLabel card={card} />
      </div>
      <button
        type="button"
        onClick={() => openModal("DELETE_CARD_MODAL", { gateway: card.gateway, card })}
        className="rounded-full p-2 text-stone-500 hover:bg-red-50 hover:text-red-700"
        aria-label={t("cards.delete-label", { last4: card.last4 })}
        data-delete-card
      >
        <TrashIcon className="size-4" />
      </button>
    </li>
  );
}

/**
 * The profile's saved cards: one list whichever provider saved each (the shopper need not know
 * which), each deleted at its own provider through DELETE_CARD_MODAL. A card is added with the
 * provider the shop takes new cards through (Bambora's form with the billing profile,
 * ADD_NEW_CARD_BAMBORA, or Stripe's element, ADD_NEW_CARD). Shown only where the shop takes a
 * provider that keeps cards.
 */
export function SavedCardsCard({ wallet }: { wallet: CardWallet }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const saved = wallet.saved;
  if (!saved) return null;
  const stripeKey = wallet.stripeKey;
  const add = () => {
    if (wallet.cardGateway === BAMBORA_GATEWAY)
      openModal("ADD_NEW_CARD_BAMBORA", {
        tokenizationUrl: wallet.tokenizationUrl,
        testCards: wallet.testCards.includes(BAMBORA_GATEWAY),
        profile: wallet.bamboraProfile,
        purpose: "profile",
      });
    else if (wallet.cardGateway === STRIPE_GATEWAY && stripeKey)
      openModal("ADD_NEW_CARD", {
        stripeJsUrl: wallet.stripeJsUrl,
        publishableKey: stripeKey,
        purpose: "profile",
      });
  };
  return (
    <AccountCard
      title={t("cards.profile-title")}
      description={t("cards.profile-text")}
      data-saved-cards
      action={
        savesNewCards(wallet) ? (
          <button type="button" className={quietButton} onClick={add} data-add-card>
            <PlusIcon className="size-4" />
            {t("cards.add")}
          </button>
        ) : null
      }
    >
      <div className="space-y-3">
        {saved.unavailable ? (
          <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-cards-unavailable>
            {t("cards.unavailable")}
          </p>
        ) : null}
        {saved.cards.length > 0 ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {saved.cards.map((card) => (
              <CardRow key={`${card.gateway}:${card.id}`} card={card} />
            ))}
          </ul>
        ) : saved.unavailable ? null : (
          <p className="text-sm text-stone-600" data-no-cards>
            {t("cards.none")}
          </p>
        )}
      </div>
    </AccountCard>
  );
}
