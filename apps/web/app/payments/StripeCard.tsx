import { CARD_PAYMENT, type CardBrand, STRIPE_GATEWAY } from "@stoa/contract";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { AccountViewFrame } from "../account/AccountViewFrame.tsx";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextField } from "../account/FormFields.tsx";
import { FormAlert } from "../account/FormMessages.tsx";
import { useCheckout } from "../checkout/CheckoutProvider.tsx";
import { savedCardChoice } from "../checkout/checkout-state.ts";
import type { ActionFailure } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { focusWhatToFix } from "../platform/ui/focus-what-to-fix.ts";
import { LockIcon } from "../platform/ui/icons.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { useShop } from "../shell/root-data.ts";
import type { CardPurpose } from "./CardModals.tsx";
import { startStripeCardSetup } from "./card-calls.ts";
import {
  loadStripe,
  type StripeCardElement,
  type StripeLike,
  savedPaymentMethodOf,
  stripeErrorKey,
} from "./stripe-js.ts";
import { TestCardsHint } from "./TestCardsHint.tsx";

const BRANDS: Record<string, CardBrand> = {
  visa: "visa",
  mastercard: "mastercard",
  amex: "amex",
  discover: "discover",
};

function failureOf(key: ReturnType<typeof stripeErrorKey>): ActionFailure {
  return { ok: false, code: "", key, message: "", fields: {} };
}

/** Where Stripe.js is and the shop's publishable key: what opening Stripe's element takes. */
export type StripeElementSource = {
  stripeJsUrl: string;
  publishableKey: string;
  /** Stripe runs on a test account (a `pk_test_` key): the form names Stripe's test cards. */
  testCards?: boolean;
};

/** Stripe's card element, mounted into `mountPoint` once Stripe.js has loaded; gone with the view. */
function useStripeElement(
  { stripeJsUrl, publishableKey }: StripeElementSource,
  onFailure: (failure: ActionFailure) => void,
): {
  mountPoint: RefObject<HTMLDivElement | null>;
  stripe: { client: StripeLike; card: StripeCardElement } | null;
} {
  const { locale } = useShop();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: StripeLike; card: StripeCardElement } | null>(null);
  const failed = useRef(onFailure);
  failed.current = onFailure;

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
      .catch(() => failed.current(failureOf("error-card-service-unreachable")));
    return () => {
      gone = true;
      element?.destroy();
    };
  }, [stripeJsUrl, publishableKey, locale]);
  return { mountPoint, stripe };
}

/** Stripe's element and the name on the card: the form of STRIPE_ELEMENT_MODAL and ADD_NEW_CARD. */
function StripeCardForm({
  mountPoint,
  alert,
  onCloseAlert,
  busy,
  submitLabel,
  onSubmit,
  formMarker,
  testCards,
}: {
  mountPoint: RefObject<HTMLDivElement | null>;
  alert: ActionFailure | undefined;
  onCloseAlert: () => void;
  busy: boolean;
  submitLabel: string;
  onSubmit: (name: string) => void;
  formMarker: "data-stripe-form" | "data-stripe-setup-form";
  testCards: boolean;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  // A refused card is said above the form; focus, which the disabled button let fall, goes to it.
  useEffect(() => {
    if (alert && form.current) focusWhatToFix(form.current);
  }, [alert]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(String(new FormData(event.currentTarget).get("name") ?? "").trim());
  };
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-5" {...{ [formMarker]: "" }}>
      <FormAlert failure={alert} onClose={onCloseAlert} />
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
      {testCards ? <TestCardsHint gateway={STRIPE_GATEWAY} /> : null}
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
    </form>
  );
}

function ProviderNote({ text }: { text: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <LockIcon className="size-4 shrink-0 text-emerald-700" />
      {text}
    </span>
  );
}

/**
 * STRIPE_ELEMENT_MODAL (and USE_NEW_PAYMENT for Stripe): Stripe's own card element, loaded from
 * Stripe.js, takes the card; Stripe answers a payment method, which is all the order carries. The
 * card number never touches Stoa, and nothing of the card is saved.
 */
export function StripeElementView(source: StripeElementSource) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { choose } = useCheckout();
  const [alert, setAlert] = useState<ActionFailure | undefined>();
  const [busy, setBusy] = useState(false);
  const { mountPoint, stripe } = useStripeElement(source, setAlert);

  const submit = async (name: string) => {
    if (!stripe || busy) return;
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
      payment_gateway: CARD_PAYMENT,
      payment_sub_gateway: "new_card",
      stripePaymentMethodId: null,
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
      title={t("cards.once-title")}
      subtitle={<ProviderNote text={t("cards.once-text")} />}
    >
      <StripeCardForm
        mountPoint={mountPoint}
        alert={alert}
        onCloseAlert={() => setAlert(undefined)}
        busy={busy || !stripe}
        submitLabel={t("checkout.card.use")}
        onSubmit={(name) => void submit(name)}
        formMarker="data-stripe-form"
        testCards={source.testCards === true}
      />
    </AccountViewFrame>
  );
}

/**
 * ADD_NEW_CARD: a card saved with Stripe. The API opens a SetupIntent on the shopper's Stripe
 * customer; Stripe.js confirms it with the card typed into Stripe's element (the bank's check
 * included), and Stripe keeps the card. A refused card leaves the SetupIntent open for another try.
 * At checkout, the new card is the one the order is paid with.
 */
export function AddStripeCardView({ purpose, ...source }: StripeElementSource & { purpose: CardPurpose }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { choose } = useCheckout();
  const { revalidate } = useRevalidator();
  const { showToast } = useToast();
  const [alert, setAlert] = useState<ActionFailure | undefined>();
  const [busy, setBusy] = useState(false);
  const setup = useRef<string | null>(null);
  const { mountPoint, stripe } = useStripeElement(source, setAlert);

  const submit = async (name: string) => {
    if (!stripe || busy) return;
    setBusy(true);
    setAlert(undefined);
    if (!setup.current) {
      const started = await startStripeCardSetup();
      if (!started.ok || !started.clientSecret) {
        setBusy(false);
        setAlert(started.ok ? failureOf("error-card-service-unreachable") : started);
        return;
      }
      setup.current = started.clientSecret;
    }
    const answer = await stripe.client
      .confirmCardSetup(setup.current, {
        payment_method: { card: stripe.card, ...(name ? { billing_details: { name } } : {}) },
      })
      .catch(() => ({ error: { type: "api_connection_error" }, setupIntent: undefined }));
    const cardId = savedPaymentMethodOf(answer.setupIntent);
    if (answer.error || !cardId) {
      setBusy(false);
      setAlert(failureOf(stripeErrorKey(answer.error ?? {})));
      return;
    }
    // The lists are read again first, so the card chosen is one the checkout already lists.
    await revalidate();
    if (purpose === "checkout") choose(savedCardChoice(STRIPE_GATEWAY, cardId));
    showToast(t("cards.saved"), "success");
    closeModal();
  };

  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("cards.add-title")}
      subtitle={<ProviderNote text={t("cards.add-text")} />}
    >
      <StripeCardForm
        mountPoint={mountPoint}
        alert={alert}
        onCloseAlert={() => setAlert(undefined)}
        busy={busy || !stripe}
        submitLabel={t("cards.save")}
        onSubmit={(name) => void submit(name)}
        formMarker="data-stripe-setup-form"
        testCards={source.testCards === true}
      />
    </AccountViewFrame>
  );
}
