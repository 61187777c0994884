import {
  BAMBORA_GATEWAY,
  type BillingProfile,
  billingProfileSchema,
  CARD_PAYMENT,
  cardBrand,
  creditCardSchema,
  type SavedCardGateway,
  type SavedCardView,
} from "@stoa/contract";
import { type FormEvent, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { AccountViewFrame } from "../account/AccountViewFrame.tsx";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextField } from "../account/FormFields.tsx";
import { FormAlert } from "../account/FormMessages.tsx";
import { useCheckout } from "../checkout/CheckoutProvider.tsx";
import { savedCardChoice } from "../checkout/checkout-state.ts";
import type { ActionFailure, FieldErrors } from "../platform/api/form-answer.ts";
import { formValues, validateWith } from "../platform/form-values.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { focusWhatToFix } from "../platform/ui/focus-what-to-fix.ts";
import { LockIcon } from "../platform/ui/icons.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useCheckedForm } from "../platform/ui/use-errors-as-edited.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { tokenizeCard } from "./bambora-tokenize.ts";
import { CARD_FIELDS, CardFields } from "./CardFields.tsx";
import { deleteSavedCard, saveBamboraCard } from "./card-calls.ts";
import { SavedCardLabel } from "./SavedCardLabel.tsx";
import { TestCardsHint } from "./TestCardsHint.tsx";

const NO_ERRORS: FieldErrors = {};
const BILLING_FIELDS = ["billingName", "addressLine1", "city", "province", "postalCode", "country"] as const;

/** Where a card form was opened: the checkout chooses the card it made, the profile only lists it. */
export type CardPurpose = "checkout" | "profile";

/** A failure the card form shows above itself, made from a key of the message table. */
function formFailure(key: "error-payment-declined" | "error-card-service-unreachable"): ActionFailure {
  return { ok: false, code: "", key, message: "", fields: {} };
}

/** The billing profile of spec §3, as Bambora keeps it with the shopper's payment profile. */
function BillingFields({ errors, profile }: { errors: FieldErrors; profile: BillingProfile | null }) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-5" data-billing-profile>
      <legend className="mb-3 text-sm font-semibold text-stone-800">{t("cards.billing")}</legend>
      <TextField
        label={t("cards.billing-name")}
        name="billingName"
        errors={errors}
        autoComplete="billing name"
        defaultValue={profile?.name}
        maxLength={64}
      />
      <TextField
        label={t("cards.address")}
        name="addressLine1"
        errors={errors}
        autoComplete="billing address-line1"
        defaultValue={profile?.addressLine1}
        maxLength={64}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("cards.city")}
          name="city"
          errors={errors}
          autoComplete="billing address-level2"
          defaultValue={profile?.city}
          maxLength={32}
        />
        <TextField
          label={t("cards.postal")}
          name="postalCode"
          errors={errors}
          autoComplete="billing postal-code"
          defaultValue={profile?.postalCode}
          maxLength={16}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("cards.province")}
          name="province"
          errors={errors}
          hint={t("cards.province-hint")}
          autoComplete="billing address-level1"
          defaultValue={profile?.province}
          maxLength={2}
          dir="ltr"
        />
        <TextField
          label={t("cards.country")}
          name="country"
          errors={errors}
          hint={t("cards.country-hint")}
          autoComplete="billing country"
          defaultValue={profile?.country}
          maxLength={2}
          dir="ltr"
        />
      </div>
    </fieldset>
  );
}

/** The card form's card and, when asked for, its billing profile, checked as Bambora checks them. */
function checkCardForm(form: HTMLFormElement, withBilling: boolean) {
  const values = new FormData(form);
  const card = validateWith(creditCardSchema, formValues(values, CARD_FIELDS));
  let profile: BillingProfile | null = null;
  let billingErrors: FieldErrors = NO_ERRORS;
  if (withBilling) {
    const billing = formValues(values, BILLING_FIELDS);
    const check = validateWith(billingProfileSchema, { ...billing, name: billing.billingName });
    if (check.ok) profile = check.data;
    else
      billingErrors = Object.fromEntries(
        Object.entries(check.fields).map(([field, key]) => [field === "name" ? "billingName" : field, key]),
      );
  }
  const errors: FieldErrors = { ...(card.ok ? {} : card.fields), ...billingErrors };
  return { card, profile, errors };
}

/**
 * The form of ADD_NEW_CARD_BAMBORA and USE_NEW_PAYMENT: the card is checked here as the provider
 * checks it, then tokenized by Bambora from the browser; `done` gets the token and the card as it
 * may be shown. With `billing`, the billing profile is asked for and checked too.
 */
function BamboraCardForm({
  tokenizationUrl,
  testCards,
  billing,
  submitLabel,
  done,
}: {
  tokenizationUrl: string;
  /** Bambora runs on a test account: its test cards are named under the card fields. */
  testCards: boolean;
  billing: { profile: BillingProfile | null } | null;
  submitLabel: string;
  done: (
    card: { token: string; name: string; brand: SavedCardView["brand"]; last4: string },
    billing: BillingProfile | null,
  ) => Promise<ActionFailure | null>;
}) {
  const { form, errors, show } = useCheckedForm((node) => checkCardForm(node, billing !== null).errors);
  const [alert, setAlert] = useState<ActionFailure | undefined>();
  const [busy, setBusy] = useState(false);
  // A refused card is said above the form; focus, which the disabled button let fall, goes to it.
  useEffect(() => {
    if (alert && form.current) focusWhatToFix(form.current);
  }, [alert, form]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const { card, profile, errors: found } = checkCardForm(event.currentTarget, billing !== null);
    show(found);
    if (!card.ok || Object.keys(found).length > 0) return;
    setBusy(true);
    setAlert(undefined);
    const tokenized = await tokenizeCard(tokenizationUrl, card.data);
    if (!tokenized.ok) {
      setBusy(false);
      setAlert(
        formFailure(
          tokenized.reason === "refused" ? "error-payment-declined" : "error-card-service-unreachable",
        ),
      );
      return;
    }
    const failure = await done(
      {
        token: tokenized.token,
        name: card.data.name,
        brand: cardBrand(card.data.number),
        last4: card.data.number.slice(-4),
      },
      profile,
    );
    setBusy(false);
    if (failure) {
      setAlert(failure);
      const onFields = Object.entries(failure.fields).map(([field, key]) => [
        field.replace(/^billing\.name$/, "billingName").replace(/^billing\./, ""),
        key,
      ]);
      if (onFields.length > 0) show(Object.fromEntries(onFields), { byCheck: false });
    }
  };

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-5"
      autoComplete="on"
      data-bambora-card-form
    >
      <FormAlert failure={alert} onClose={() => setAlert(undefined)} />
      <CardFields errors={errors} />
      {testCards ? <TestCardsHint gateway={BAMBORA_GATEWAY} /> : null}
      {billing ? <BillingFields errors={errors} profile={billing.profile} /> : null}
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
 * ADD_NEW_CARD_BAMBORA: a card saved to the shopper's Bambora payment profile with the billing
 * profile. Bambora tokenizes it from the browser; the token goes to the card check on this
 * storefront (`POST /api/bambora`). At checkout, the new card is the one the order is paid with.
 */
export function AddBamboraCardView({
  tokenizationUrl,
  testCards,
  profile,
  purpose,
}: {
  tokenizationUrl: string;
  testCards: boolean;
  profile: BillingProfile | null;
  purpose: CardPurpose;
}) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { choose } = useCheckout();
  const { revalidate } = useRevalidator();
  const { showToast } = useToast();
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("cards.add-title")}
      subtitle={<ProviderNote text={t("cards.add-text")} />}
    >
      <BamboraCardForm
        tokenizationUrl={tokenizationUrl}
        testCards={testCards}
        billing={{ profile }}
        submitLabel={t("cards.save")}
        done={async (card, billing) => {
          const answer = await saveBamboraCard({
            token: card.token,
            name: card.name,
            billing: billing as BillingProfile,
          });
          if (!answer.ok) return answer;
          // The lists are read again first, so the card chosen is one the checkout already lists.
          await revalidate();
          if (purpose === "checkout") choose(savedCardChoice(BAMBORA_GATEWAY, answer.card.id));
          showToast(t("cards.saved"), "success");
          closeModal();
          return null;
        }}
      />
    </AccountViewFrame>
  );
}

/**
 * USE_NEW_PAYMENT: a card for this order only (a guest's, or a customer's who would rather not
 * save it). Bambora makes a single-use token of it; nothing of it is stored.
 */
export function UseNewPaymentView({
  tokenizationUrl,
  testCards,
}: {
  tokenizationUrl: string;
  testCards: boolean;
}) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { choose } = useCheckout();
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("cards.once-title")}
      subtitle={<ProviderNote text={t("cards.once-text")} />}
    >
      <BamboraCardForm
        tokenizationUrl={tokenizationUrl}
        testCards={testCards}
        billing={null}
        submitLabel={t("checkout.card.use")}
        done={async (card) => {
          choose({
            payment_gateway: CARD_PAYMENT,
            payment_sub_gateway: "new_card",
            stripePaymentMethodId: null,
            bamboraCard: { kind: "new", ...card },
          });
          closeModal();
          return null;
        }}
      />
    </AccountViewFrame>
  );
}

/** DELETE_CARD_MODAL: asks before a saved card is removed at its provider. */
export function DeleteCardView({ gateway, card }: { gateway: SavedCardGateway; card: SavedCardView }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { state, choose } = useCheckout();
  const { revalidate } = useRevalidator();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<ActionFailure | undefined>();

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAlert(undefined);
    const answer = await deleteSavedCard(gateway, card.id);
    if (!answer.ok) {
      setBusy(false);
      setAlert(answer);
      return;
    }
    if (state.bamboraCard?.kind === "saved" && state.bamboraCard.cardId === card.id)
      choose({ bamboraCard: null, payment_sub_gateway: null });
    if (state.stripePaymentMethodId === card.id)
      choose({ stripePaymentMethodId: null, payment_sub_gateway: null });
    await revalidate();
    showToast(t("cards.deleted"), "success");
    closeModal();
  };

  return (
    <AccountViewFrame titleId={MODAL_TITLE_ID} title={t("cards.delete-title")}>
      <form onSubmit={(event) => void remove(event)} className="space-y-5" data-delete-card-form>
        <FormAlert failure={alert} onClose={() => setAlert(undefined)} />
        <div className="rounded-xl border border-stone-200 p-4 text-sm">
          <SavedCardLabel card={card} />
        </div>
        <p className="text-center text-sm text-stone-600">{t("cards.delete-text")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <button type="button" onClick={closeModal} className={buttonClass.secondary}>
            {t("cards.keep")}
          </button>
          <SubmitButton busy={busy} tone="danger">
            {t("cards.delete-confirm")}
          </SubmitButton>
        </div>
      </form>
    </AccountViewFrame>
  );
}
