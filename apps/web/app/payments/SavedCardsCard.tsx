import { BAMBORA_GATEWAY, type SavedCardGateway, type SavedCardView } from "@stoa/contract";
import { AccountCard } from "../account/AccountLayout.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CreditCardIcon, PlusIcon, TrashIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import type { CardWallet } from "./card-wallet.ts";
import { SavedCardLabel } from "./SavedCardLabel.tsx";

const quietButton =
  "inline-flex items-center gap-1.5 rounded-full border border-stone-300 px-3.5 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50";

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

/**
 * The profile's saved cards: those kept in the shopper's Bambora payment profile, listed with a
 * way to add one (ADD_NEW_CARD_BAMBORA, with the billing profile) and to delete each
 * (DELETE_CARD_MODAL). Shown only where the shop takes a provider that keeps cards.
 */
export function SavedCardsCard({ wallet }: { wallet: CardWallet }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const bambora = wallet.bambora;
  if (!bambora) return null;
  return (
    <AccountCard
      title={t("cards.profile-title")}
      description={t("cards.profile-text")}
      data-saved-cards
      action={
        <button
          type="button"
          className={quietButton}
          onClick={() =>
            openModal("ADD_NEW_CARD_BAMBORA", {
              tokenizationUrl: wallet.tokenizationUrl,
              profile: bambora.profile,
              purpose: "profile",
            })
          }
          data-add-card
        >
          <PlusIcon className="size-4" />
          {t("cards.add")}
        </button>
      }
    >
      {bambora.unavailable ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-cards-unavailable>
          {t("cards.unavailable")}
        </p>
      ) : bambora.cards.length === 0 ? (
        <p className="text-sm text-stone-600" data-no-cards>
          {t("cards.none")}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {bambora.cards.map((card) => (
            <CardRow key={card.id} gateway={BAMBORA_GATEWAY} card={card} />
          ))}
        </ul>
      )}
    </AccountCard>
  );
}
