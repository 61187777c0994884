import { type AddressBook, CARD_PAYMENT } from "@stoa/contract";
import type { ReactNode } from "react";
import { addressesOfType } from "../account/address.ts";
import { CardChoice } from "../payments/CardChoice.tsx";
import type { CardWallet } from "../payments/card-wallet.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CashIcon, CreditCardIcon, HeartHandIcon, LockIcon, WalletIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { GuestAddressChoice, SavedAddressChoice } from "./AddressChoice.tsx";
import { CheckoutStep, ChoiceCard, MissingMessage, Money, stepButtonClass } from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";
import type { MissingChoices } from "./checkout-checks.ts";
import {
  type CheckoutMode,
  DEFAULT_CARD_GATEWAY,
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
  const { state, choose, calculation } = useCheckout();
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
          onClick={() =>
            openModal("ADD_OR_UPDATE_CHECKOUT_TIP_OPTION", {
              goods: calculation?.totals.totalAmount ?? null,
              currency,
              current: tip,
              choose: (chosen) => choose({ tip_option: chosen }),
            })
          }
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
 * delivery or at pickup, or "Card". The shopper never picks a card provider: the shop's takes a new
 * card (the test provider's card in ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD, Stripe's element, Bambora's
 * tokenization), and the saved cards of every provider are one list (CardChoice). A refused card is
 * said here, where another one is entered.
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
  saved: AddressBook | null;
  missing: MissingChoices;
  currency: string;
  /** The customer's wallet before this order; 0 hides the wallet. */
  walletBalance: number;
  /** What the shop said of the payment when it refused the order (a declined card, say), translated. */
  messages: readonly string[];
  /** The card provider of the shop's new cards and the shopper's saved cards. */
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
  const cardGateway = cards ? cards.cardGateway : DEFAULT_CARD_GATEWAY;
  const gateways = paymentGatewaysOf(deliveryType, cardGateway);
  const nothingToPay = state.payable_amount === 0;

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
              {gateways.map((gateway) =>
                gateway === CARD_PAYMENT ? (
                  <ChoiceCard
                    key={gateway}
                    name="payment_gateway"
                    value={gateway}
                    checked={state.payment_gateway === gateway}
                    onChange={() => choose({ payment_gateway: gateway })}
                    // The test provider's card is asked for when "Card" is picked, not when the
                    // arrow keys pass it: the "Enter card" button below it is there for that too.
                    onPick={() => {
                      choose({ payment_gateway: gateway });
                      if (cardGateway === "test-card" && !state.credit_card)
                        openModal("ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD");
                    }}
                    icon={<CreditCardIcon className="size-5" />}
                    title={t("checkout.payment.card")}
                    detail={t(
                      cardGateway === "test-card" ? "checkout.payment.card-detail" : "cards.provider-detail",
                    )}
                  />
                ) : (
                  <ChoiceCard
                    key={gateway}
                    name="payment_gateway"
                    value={gateway}
                    checked={state.payment_gateway === gateway}
                    onChange={() => choose({ payment_gateway: gateway })}
                    icon={<CashIcon className="size-5" />}
                    title={t(
                      deliveryType === "pickup"
                        ? "checkout.payment.cash-pickup"
                        : "checkout.payment.cash-delivery",
                    )}
                    detail={t("checkout.payment.cash-detail")}
                  />
                ),
              )}
            </div>
            <MissingMessage missing={missing} field="payment_gateway" />
            {state.payment_gateway === CARD_PAYMENT && cardGateway ? (
              <CardChoice wallet={cards} cardGateway={cardGateway} missing={missing} messages={messages} />
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
          {(
            saved
              ? addressesOfType(saved, "billing").length > 0 || state.billing_address
              : state.billing_address
          ) ? null : (
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
              <SavedAddressChoice type="billing" book={saved} />
            ) : (
              <GuestAddressChoice type="billing" address={state.billing_address} />
            )}
          </div>
        </div>
      </div>
    </CheckoutStep>
  );
}
