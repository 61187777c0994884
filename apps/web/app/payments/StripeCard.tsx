import { type CardBrand, STRIPE_GATEWAY } from "@stoa/contract";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AccountViewFrame } from "../account/AccountViewFrame.tsx";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextField } from "../account/FormFields.tsx";
import { FormAlert } from "../account/FormMessages.tsx";
import { stepButtonClass } from "../checkout/CheckoutParts.tsx";
import { useCheckout } from "../checkout/CheckoutProvider.tsx";
import { brandedLast4 } from "../checkout/card-entry.ts";
import type { ActionFailure } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CreditCardIcon, LockIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { useShop } from "../shell/root-data.ts";
import type { CardWallet } from "./card-wallet.ts";
import { loadStripe, type StripeCardElement, type StripeLike, stripeErrorKey } from "./stripe-js.ts";

const BRANDS: Record<string, CardBrand> = {
  visa: "visa",
  mastercard: "mastercard",
  amex: "amex",
  discover: "discover",
};

function failureOf(key: ReturnType<typeof stripeErrorKey>): ActionFailure {
  return { ok: false, code: "", key, message: "", fields: {} };
}

/** The card of a Stripe payment: typed into Stripe's element (STRIPE_ELEMENT_MODAL) for this order. */
export function StripeCardChoice({ wallet }: { wallet: CardWallet }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { state } = useCheckout();
  const card = state.stripeCard;
  const key = wallet.stripeKey;
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 p-4"
      data-stripe-card
    >
      <CreditCardIcon className="size-5 shrink-0 text-stone-500" />
      <p className="min-w-0 flex-1 text-sm">
        {card ? (
          <span className="font-semibold text-stone-950" data-card-summary>
            <bdi dir="ltr">{brandedLast4(card.brand, card.last4)}</bdi>
          </span>
        ) : (
          <span className="text-stone-600">{t("checkout.card.none")}</span>
        )}
      </p>
      {key ? (
        <button
          type="button"
          className={stepButtonClass}
          onClick={() =>
            openModal("STRIPE_ELEMENT_MODAL", { stripeJsUrl: wallet.stripeJsUrl, publishableKey: key })
          }
          data-enter-card
        >
          {t(card ? "checkout.card.change" : "checkout.card.add")}
        </button>
      ) : null}
    </div>
  );
}

/**
 * STRIPE_ELEMENT_MODAL: Stripe's own card element, loaded from Stripe.js, takes the card; Stripe
 * answers a payment method, which is all the order carries. The card number never touches Stoa.
 */
export function StripeElementView({
  stripeJsUrl,
  publishableKey,
}: {
  stripeJsUrl: string;
  publishableKey: string;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { closeModal } = useModal();
  const { choose } = useCheckout();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: StripeLike; card: StripeCardElement } | null>(null);
  const [alert, setAlert] = useState<ActionFailure | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let gone = false;
    loadStripe(stripeJsUrl, publishableKey)
      .then((client) => {
        if (gone || !mountPoint.current) return;
        element = client.elements({ locale }).create("card", { hidePostalCode: true });
        element.mount(mountPoint.current);
        setStripe({ client, card: element });
      })
      .catch(() => setAlert(failureOf("error-payment-unavailable")));
    return () => {
      gone = true;
      element?.destroy();
    };
  }, [stripeJsUrl, publishableKey, locale]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || busy) return;
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    setBusy(true);
    setAlert(undefined);
    const answer = await stripe.client
      .createPaymentMethod({ type: "card", card: stripe.card, billing_details: { name } })
      .catch(() => ({ error: { type: "api_connection_error" }, paymentMethod: undefined }));
    setBusy(false);
    if (answer.error || !answer.paymentMethod) {
      setAlert(failureOf(stripeErrorKey(answer.error ?? {})));
      return;
    }
    const method = answer.paymentMethod;
    choose({
      payment_gateway: STRIPE_GATEWAY,
      payment_sub_gateway: "new_card",
      stripePaymentMethodId: method.id,
      stripeCard: {
        paymentMethodId: method.id,
        brand: BRANDS[method.card?.brand ?? ""] ?? "unknown",
        last4: method.card?.last4 ?? "",
      },
    });
    closeModal();
  };

  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("checkout.card.title")}
      subtitle={
        <span className="inline-flex items-center gap-1.5">
          <LockIcon className="size-4 shrink-0 text-emerald-700" />
          {t("cards.once-text")}
        </span>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5" data-stripe-form>
        <FormAlert failure={alert} onClose={() => setAlert(undefined)} />
        <div>
          <p className="mb-1.5 text-sm font-medium text-stone-800">{t("checkout.card.number")}</p>
          <div
            ref={mountPoint}
            dir="ltr"
            className="min-h-12 rounded-xl border border-stone-300 bg-white px-4 py-3.5"
            data-stripe-element
          />
        </div>
        <TextField
          label={t("checkout.card.name")}
          name="name"
          errors={{}}
          autoComplete="cc-name"
          maxLength={64}
        />
        <SubmitButton busy={busy || !stripe}>{t("checkout.card.use")}</SubmitButton>
      </form>
    </AccountViewFrame>
  );
}
