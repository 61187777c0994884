import { BAMBORA_GATEWAY, type PaymentGateway, type ShippingInfo, STRIPE_GATEWAY } from "@stoa/contract";
import type { ReactNode } from "react";
import { BamboraCardChoice } from "../payments/BamboraCardChoice.tsx";
import type { CardWallet } from "../payments/card-wallet.ts";
import {
  cardChoiceOf,
  gatewayTitleKey,
  gatewayToOffer,
  isCardGateway,
  paymentChoicesOf,
} from "../payments/gateway-choice.ts";
import { StripeCardChoice } from "../payments/StripeCard.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CashIcon, CreditCardIcon, HeartHandIcon, LockIcon, WalletIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { GuestAddressChoice, SavedAddressChoice } from "./AddressChoice.tsx";
import {
  CheckoutStep,
  ChoiceCard,
  MissingMessage,
  Money,
  refusalIdsOf,
  stepButtonClass,
} from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";
import { cardDigits, cardLabel } from "./card-entry.ts";
import type { MissingChoices } from "./checkout-checks.ts";
import {
  type CheckoutMode,
  DEFAULT_CARD_GATEWAYS,
  deliveryTypeOf,
  paymentGatewaysOf,
} from "./checkout-request.ts";
import { GiftCardRedeem } from "./GiftCardRedeem.tsx";

function Row({ icon, children, action }: { icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 p-4">
      <span className="shrink-0 text-stone-500">{icon}</span>
      <div className="min-w-0 flex-1 text-sm">{children}</div>
      {action}
    </div>
  );
}

/** The tip as chosen: "10 %", an amount, or none. */
function TipRow({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { state, calculation } = useCheckout();
  const tip = state.tip_option;
  const chosen = tip && tip.value > 0;
  // The shop's answer leaves a chosen tip out when it takes none online.
  const notTaken =
    chosen && state.verified_response !== null && calculation !== null && calculation.totals.tip === 0;
  return (
    <Row
      icon={<HeartHandIcon className="size-5" />}
      action={
        <button
          type="button"
          onClick={() => openModal("ADD_OR_UPDATE_CHECKOUT_TIP_OPTION")}
          className={stepButtonClass}
          data-choose-tip
        >
          {t(chosen ? "checkout.tip.change" : "checkout.tip.add")}
        </button>
      }
    >
      <p className="font-semibold text-stone-950">{t("checkout.tip.title")}</p>
      <p className="text-stone-600" data-tip-chosen>
        {!tip || tip.value === 0 ? (
          t("checkout.tip.none")
        ) : tip.type === "percent" ? (
          t("checkout.tip.percent", { percent: tip.value })
        ) : (
          <Money amount={tip.value} currency={currency} />
        )}
      </p>
      {notTaken ? (
        <p className="mt-1 text-xs text-amber-800" data-tip-not-taken>
          {t("checkout.tip.not-taken")}
        </p>
      ) : null}
    </Row>
  );
}

/**
 * How the order is paid: the billing address, a tip, the wallet balance, and the method — cash on
 * delivery or at pickup, or a card through the card gateway the shop takes (the test provider's card
 * in ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD, Stripe's and Bambora's saved or new cards). A shop that takes
 * more than one card gateway offers one "Card" choice and the gateway is picked in GATEWAY_MODAL.
 * A refused card is said here, where another one is entered.
 */
export function PaymentStep({
  mode,
  guest,
  number,
  saved,
  missing,
  currency,
  walletBalance,
  messages,
  cards,
  onCreditChanged,
  giftCardRefusal,
  onGiftCardTyped,
}: {
  mode: CheckoutMode;
  guest: boolean;
  number: number;
  saved: ShippingInfo | null;
  missing: MissingChoices;
  currency: string;
  /** The customer's wallet before this order; 0 hides the wallet. */
  walletBalance: number;
  /** What the shop said of the payment when it refused the order (a declined card, say), translated. */
  messages: readonly string[];
  /** The card gateways the shop takes and the shopper's saved cards. */
  cards: CardWallet | null;
  /** Prices the order again: a gift card redeemed into the wallet changes what it can spend. */
  onCreditChanged: () => void;
  /** The gift card the shop would not take to pay, and why. */
  giftCardRefusal: { code: string; key: string } | null;
  onGiftCardTyped: () => void;
}) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { state, choose } = useCheckout();
  const deliveryType = deliveryTypeOf(mode, state);
  const gateways = paymentGatewaysOf(deliveryType, cards?.gateways ?? DEFAULT_CARD_GATEWAYS);
  const nothingToPay = state.payable_amount === 0;
  const gatewayIcons: Record<PaymentGateway, ReactNode> = {
    cash: <CashIcon className="size-5" />,
    "test-card": <CreditCardIcon className="size-5" />,
    stripe: <CreditCardIcon className="size-5" />,
    bambora: <CreditCardIcon className="size-5" />,
  };
  const card = state.credit_card;
  const choices = paymentChoicesOf(gateways);
  const cardGroup = cardChoiceOf(choices);
  const chosenCardGateway = isCardGateway(state.payment_gateway) ? state.payment_gateway : null;

  return (
    <CheckoutStep
      id="payment"
      number={number}
      title={t("checkout.payment.title")}
      icon={<LockIcon className="size-5" />}
      messages={messages}
    >
      <div className="space-y-6">
        {nothingToPay ? (
          <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-nothing-to-pay>
            {t("checkout.payment.nothing-to-pay")}
          </p>
        ) : (
          <fieldset data-payment-methods>
            <legend className="mb-3 text-sm font-semibold text-stone-800">
              {t("checkout.payment.method")}
            </legend>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {choices.map((choice) =>
                choice.kind === "card" ? (
                  <ChoiceCard
                    key="card"
                    name="payment_gateway"
                    value="card"
                    checked={chosenCardGateway !== null && choice.gateways.includes(chosenCardGateway)}
                    // Moving onto "Card" with the arrow keys chooses a gateway as the dialog would
                    // start on it ("Change" beside it opens the dialog); a pick asks in the dialog.
                    onChange={() =>
                      choose({ payment_gateway: gatewayToOffer(state.payment_gateway, choice.gateways) })
                    }
                    onPick={() => openModal("GATEWAY_MODAL", { gateways: choice.gateways })}
                    icon={<CreditCardIcon className="size-5" />}
                    title={t("checkout.payment.card")}
                    detail={t(
                      chosenCardGateway && choice.gateways.includes(chosenCardGateway)
                        ? "checkout.payment.card-detail"
                        : "cards.gateway-detail",
                    )}
                  />
                ) : (
                  <ChoiceCard
                    key={choice.gateway}
                    name="payment_gateway"
                    value={choice.gateway}
                    checked={state.payment_gateway === choice.gateway}
                    onChange={() => choose({ payment_gateway: choice.gateway })}
                    // The test provider's card is asked for when the card is picked, not when the
                    // arrow keys pass it: its "Enter card" button beside it is there for that too.
                    onPick={
                      choice.gateway === "test-card"
                        ? () => {
                            choose({ payment_gateway: choice.gateway });
                            if (!card) openModal("ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD");
                          }
                        : undefined
                    }
                    icon={gatewayIcons[choice.gateway]}
                    title={t(
                      choice.gateway === "cash"
                        ? deliveryType === "pickup"
                          ? "checkout.payment.cash-pickup"
                          : "checkout.payment.cash-delivery"
                        : "checkout.payment.card",
                    )}
                    detail={t(
                      choice.gateway === "cash"
                        ? "checkout.payment.cash-detail"
                        : choice.gateway === "test-card"
                          ? "checkout.payment.card-detail"
                          : "cards.provider-detail",
                    )}
                  />
                ),
              )}
            </div>
            {cardGroup && chosenCardGateway && cardGroup.gateways.includes(chosenCardGateway) ? (
              <div
                className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-stone-50 px-4 py-3 text-sm"
                data-card-gateway={chosenCardGateway}
              >
                <p className="min-w-0 flex-1 text-stone-700">
                  {t("cards.gateway-chosen", { name: t(gatewayTitleKey(chosenCardGateway)) })}
                </p>
                <button
                  type="button"
                  onClick={() => openModal("GATEWAY_MODAL", { gateways: cardGroup.gateways })}
                  className={stepButtonClass}
                  data-choose-gateway
                >
                  {t("cards.gateway-change")}
                </button>
              </div>
            ) : null}
            <MissingMessage missing={missing} field="payment_gateway" />
            {state.payment_gateway === "test-card" ? (
              <div className="mt-3" data-card>
                <Row
                  icon={<CreditCardIcon className="size-5" />}
                  action={
                    <button
                      type="button"
                      onClick={() => openModal("ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD")}
                      className={stepButtonClass}
                      // A refused card is answered here, by another card: the refusal is read with it.
                      aria-describedby={refusalIdsOf("payment", messages)}
                      data-refusal-focus={messages.length > 0 || undefined}
                      data-enter-card
                    >
                      {t(card ? "checkout.card.change" : "checkout.card.add")}
                    </button>
                  }
                >
                  {card ? (
                    <p className="font-semibold text-stone-950" data-card-summary>
                      <bdi dir="ltr">{cardLabel(cardDigits(card.number))}</bdi>
                      <span className="ms-2 font-normal text-stone-600">
                        <bdi dir="ltr">
                          {card.expiryMonth.padStart(2, "0")}/{card.expiryYear.slice(-2)}
                        </bdi>
                      </span>
                    </p>
                  ) : (
                    <p className="text-stone-600">{t("checkout.card.none")}</p>
                  )}
                </Row>
                <MissingMessage missing={missing} field="credit_card" />
              </div>
            ) : null}
            {state.payment_gateway === STRIPE_GATEWAY && cards ? (
              <>
                <StripeCardChoice wallet={cards} />
                <MissingMessage missing={missing} field="credit_card" />
              </>
            ) : null}
            {state.payment_gateway === BAMBORA_GATEWAY && cards ? (
              <>
                <BamboraCardChoice wallet={cards} />
                <MissingMessage missing={missing} field="credit_card" />
              </>
            ) : null}
          </fieldset>
        )}

        {!guest && walletBalance > 0 ? (
          <label
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-stone-200 p-4"
            data-use-wallet
          >
            <WalletIcon className="size-5 shrink-0 text-stone-500" />
            <span className="min-w-0 flex-1 text-sm">
              <span className="block font-semibold text-stone-950">{t("checkout.wallet.use")}</span>
              <span className="block text-stone-600">
                {t("checkout.wallet.balance")} <Money amount={walletBalance} currency={currency} />
              </span>
            </span>
            <input
              type="checkbox"
              checked={state.use_wallet}
              onChange={(event) => choose({ use_wallet: event.target.checked })}
              className="size-5 shrink-0 accent-brand"
            />
          </label>
        ) : null}

        <GiftCardRedeem
          guest={guest}
          refusal={giftCardRefusal}
          onTyped={onGiftCardTyped}
          onRedeemed={() => {
            choose({ use_wallet: true });
            onCreditChanged();
          }}
        />

        {deliveryType === "digital" ? null : <TipRow currency={currency} />}

        <div data-billing-address>
          <h3 className="mb-1 text-sm font-semibold text-stone-800">{t("checkout.payment.billing")}</h3>
          {(saved ? saved.billing : state.billing_address) ? null : (
            <p className="mb-3 text-sm text-stone-600">
              {t(
                deliveryType === "digital"
                  ? "checkout.payment.billing-optional"
                  : deliveryType === "pickup"
                    ? "checkout.payment.billing-pickup"
                    : "checkout.payment.billing-same",
              )}
            </p>
          )}
          <div className="mt-2">
            {saved ? (
              <SavedAddressChoice type="billing" saved={saved} />
            ) : (
              <GuestAddressChoice type="billing" address={state.billing_address} />
            )}
          </div>
        </div>
      </div>
    </CheckoutStep>
  );
}
