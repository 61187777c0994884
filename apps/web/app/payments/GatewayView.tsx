import { BAMBORA_GATEWAY, type CardGateway, STRIPE_GATEWAY } from "@stoa/contract";
import { type FormEvent, useState } from "react";
import { AccountViewFrame } from "../account/AccountViewFrame.tsx";
import { SubmitButton } from "../account/FormButtons.tsx";
import { ChoiceCard } from "../checkout/CheckoutParts.tsx";
import { useCheckout } from "../checkout/CheckoutProvider.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CreditCardIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { gatewayTitleKey, gatewayToOffer } from "./gateway-choice.ts";

const DETAILS = {
  [STRIPE_GATEWAY]: "cards.provider-detail",
  [BAMBORA_GATEWAY]: "cards.provider-detail",
  "test-card": "checkout.payment.card-detail",
} as const satisfies Record<CardGateway, string>;

/**
 * GATEWAY_MODAL: where the shop takes more than one card gateway, the shopper picks the one the
 * card goes through. The choices are one radio group (arrow keys move between them), taken only
 * with the button, so looking through them changes nothing.
 */
export function GatewayView({ gateways }: { gateways: CardGateway[] }) {
  const { t } = useTranslation();
  const { closeModal, openModal } = useModal();
  const { state, choose } = useCheckout();
  const [picked, setPicked] = useState(gatewayToOffer(state.payment_gateway, gateways));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    choose({ payment_gateway: picked });
    // The test provider's card is typed in the next dialog; the providers' are chosen on the page.
    if (picked === "test-card" && !state.credit_card) openModal("ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD");
    else closeModal();
  };

  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("cards.gateway-title")}
      subtitle={t("cards.gateway-text")}
    >
      <form onSubmit={submit} className="space-y-5" data-gateway-form>
        <fieldset className="space-y-3">
          <legend className="sr-only">{t("cards.gateway-title")}</legend>
          {gateways.map((gateway) => (
            <ChoiceCard
              key={gateway}
              name="card_gateway"
              value={gateway}
              checked={picked === gateway}
              onChange={() => setPicked(gateway)}
              icon={<CreditCardIcon className="size-5" />}
              title={t(gatewayTitleKey(gateway))}
              detail={t(DETAILS[gateway])}
              autoFocusHere={picked === gateway}
            />
          ))}
        </fieldset>
        <SubmitButton busy={false}>{t("cards.gateway-use")}</SubmitButton>
      </form>
    </AccountViewFrame>
  );
}
