import {
  billingAddressSchema,
  CARD_PAYMENT,
  CHECKOUT_ERROR_KEYS,
  creditCardSchema,
  type DeliverySchedule,
  FIELD_ERROR_KEYS,
  formatMoney,
  maxTip,
  parseMajor,
  percentOf,
  shippingAddressSchema,
  TIP_PERCENT_CHOICES,
  type TimedDeliveryType,
  type TipOption,
  tipAmount,
  tipOptionSchema,
} from "@stoa/contract";
import { type FormEvent, useId, useState } from "react";
import { AccountViewFrame } from "../account/AccountViewFrame.tsx";
import { AddressFields, AddressFormView, type AddressPayload } from "../account/AddressViews.tsx";
import { ADDRESS_FIELDS, type AddressType, plainAddress, type SavedAddress } from "../account/address.ts";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextField } from "../account/FormFields.tsx";
import { CARD_FIELDS, CardFields } from "../payments/CardFields.tsx";
import { TestCardsHint } from "../payments/TestCardsHint.tsx";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { formValues, validateWith } from "../platform/form-values.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CheckCircleIcon } from "../platform/ui/icons.tsx";
import { ScrollRow } from "../platform/ui/ScrollRow.tsx";
import { inputClass } from "../platform/ui/ui.ts";
import { useCheckedForm } from "../platform/ui/use-errors-as-edited.ts";
import { type TipDialogPayload, useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { useShop } from "../shell/root-data.ts";
import { Money } from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";
import { isEmail, isPhone } from "./checkout-checks.ts";
import { dayLabel, windowTimes } from "./delivery-offer.ts";

const NO_ERRORS: FieldErrors = {};

/** What is wrong with the contact form as it stands: a name, and an email (or phone) to reach. */
function contactErrors(form: HTMLFormElement, emailOnly: boolean): FieldErrors {
  const values = new FormData(form);
  const name = String(values.get("customer_name") ?? "").trim();
  const contact = String(values.get("customer_contact") ?? "").trim();
  const found: FieldErrors = {};
  if (!name) found.customer_name = FIELD_ERROR_KEYS.required;
  if (!contact) found.customer_contact = FIELD_ERROR_KEYS.required;
  else if (emailOnly && !isEmail(contact)) found.customer_contact = FIELD_ERROR_KEYS.emailFormat;
  else if (!isEmail(contact) && !isPhone(contact)) found.customer_contact = FIELD_ERROR_KEYS.invalid;
  return found;
}

/** ADD_OR_UPDATE_CHECKOUT_CONTACT: who orders and how the shop reaches them, for this order only. */
export function CheckoutContactView({ emailOnly }: { emailOnly: boolean }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { state, choose } = useCheckout();
  const { form, errors, show } = useCheckedForm((node) => contactErrors(node, emailOnly));
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = contactErrors(event.currentTarget, emailOnly);
    show(found);
    if (Object.keys(found).length > 0) return;
    const values = new FormData(event.currentTarget);
    choose({
      customer_name: String(values.get("customer_name") ?? "").trim(),
      customer_contact: String(values.get("customer_contact") ?? "").trim(),
    });
    closeModal();
  };
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("checkout.contact.edit")}
      subtitle={t("checkout.contact.edit-text")}
    >
      <form ref={form} onSubmit={save} noValidate className="space-y-5" data-checkout-contact-form>
        <TextField
          label={t("checkout.contact.name")}
          name="customer_name"
          errors={errors}
          autoComplete="name"
          defaultValue={state.customer_name}
          maxLength={120}
          autoFocusHere
        />
        <TextField
          label={t(emailOnly ? "checkout.contact.email" : "checkout.contact.email-or-phone")}
          name="customer_contact"
          errors={errors}
          type={emailOnly ? "email" : "text"}
          autoComplete={emailOnly ? "email" : "on"}
          defaultValue={state.customer_contact}
          hint={t(emailOnly ? "checkout.contact.digital-hint" : "checkout.contact.updates-hint")}
          maxLength={120}
        />
        <SubmitButton busy={false}>{t("checkout.save")}</SubmitButton>
      </form>
    </AccountViewFrame>
  );
}

/**
 * ADD_OR_UPDATE_CHECKOUT_TIP_OPTION: a tip as a percent of the goods (the preset buttons, each with
 * what it comes to) or an amount of the shopper's own. The page that opens it says what the goods
 * are and keeps the choice: the checkout's state, or a table's bill share.
 */
export function CheckoutTipView({ current, goods: known, currency, choose }: TipDialogPayload) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const presetChosen =
    current?.type === "percent" && (TIP_PERCENT_CHOICES as readonly number[]).includes(current.value);
  const [choice, setChoice] = useState<string>(
    !current ? "percent:0" : presetChosen ? `percent:${current.value}` : "custom",
  );
  const [custom, setCustom] = useState(
    current && !presetChosen ? (current.type === "amount" ? (current.value / 100).toFixed(2) : "") : "",
  );
  const [error, setError] = useState<FieldErrors>(NO_ERRORS);
  const { locale } = useShop();
  const goods = known ?? 0;
  const customId = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    let tip: TipOption;
    if (choice === "custom") {
      try {
        tip = { type: "amount", value: parseMajor(custom || "0") };
      } catch {
        setError({ tip: FIELD_ERROR_KEYS.invalid });
        return;
      }
    } else {
      tip = { type: "percent", value: Number(choice.split(":")[1]) };
    }
    const check = validateWith(tipOptionSchema, tip);
    if (!check.ok) {
      setError({ tip: check.fields.value ?? FIELD_ERROR_KEYS.invalid });
      return;
    }
    // The API's own bound, so the page never keeps a tip the order would be refused for.
    if (known !== null && tipAmount(check.data, goods) > maxTip(goods)) {
      setError({ tip: CHECKOUT_ERROR_KEYS.tipTooLarge });
      return;
    }
    choose(check.data.value === 0 ? null : check.data);
    closeModal();
  };

  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("checkout.tip.title")}
      subtitle={t("checkout.tip.text")}
    >
      <form onSubmit={save} noValidate className="space-y-5" data-tip-form>
        <fieldset>
          <legend className="sr-only">{t("checkout.tip.title")}</legend>
          <div className="grid grid-cols-2 gap-3">
            {TIP_PERCENT_CHOICES.map((percent) => {
              const value = `percent:${percent}`;
              const checked = choice === value;
              return (
                <label
                  key={percent}
                  className={`flex cursor-pointer flex-col items-center rounded-xl border px-3 py-3 text-center has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus ${
                    checked
                      ? "border-brand bg-brand/5 ring-1 ring-brand"
                      : "border-stone-200 hover:border-stone-400"
                  }`}
                  data-tip-choice={percent}
                >
                  <input
                    type="radio"
                    name="tip"
                    value={value}
                    checked={checked}
                    onChange={() => {
                      setChoice(value);
                      setError(NO_ERRORS);
                    }}
                    className="sr-only"
                    data-autofocus={checked || undefined}
                  />
                  <span className="text-base font-semibold text-stone-950">
                    {percent === 0 ? t("checkout.tip.no-tip") : t("checkout.tip.percent", { percent })}
                  </span>
                  {percent > 0 && goods > 0 ? (
                    <span className="text-xs text-stone-500">
                      <Money amount={percentOf(goods, percent)} currency={currency} />
                    </span>
                  ) : null}
                </label>
              );
            })}
          </div>
          <label
            className={`mt-3 flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus ${
              choice === "custom"
                ? "border-brand bg-brand/5 ring-1 ring-brand"
                : "border-stone-200 hover:border-stone-400"
            }`}
            data-tip-choice="custom"
          >
            <input
              type="radio"
              name="tip"
              value="custom"
              checked={choice === "custom"}
              onChange={() => {
                setChoice("custom");
                setError(NO_ERRORS);
              }}
              className="size-4 accent-brand"
            />
            <span className="text-sm font-semibold text-stone-950">{t("checkout.tip.other")}</span>
          </label>
        </fieldset>
        {choice === "custom" ? (
          <div>
            <label htmlFor={customId} className="mb-1.5 block text-sm font-medium text-stone-800">
              {t("checkout.tip.amount", { currency })}
            </label>
            <input
              id={customId}
              name="tip-amount"
              inputMode="decimal"
              dir="ltr"
              value={custom}
              onChange={(event) => {
                setCustom(event.target.value);
                // The amount is checked as a whole on saving: a change answers the message for now.
                setError(NO_ERRORS);
              }}
              placeholder="0.00"
              className={inputClass}
              aria-invalid={error.tip ? true : undefined}
              aria-describedby={error.tip ? `${customId}-error` : undefined}
              data-autofocus
            />
            {known !== null ? (
              <p className="mt-1.5 text-xs text-stone-500" data-tip-bound>
                {t("checkout.tip.up-to", { amount: formatMoney(maxTip(goods), currency, locale) })}
              </p>
            ) : null}
            {error.tip ? (
              <p id={`${customId}-error`} className="mt-1.5 text-sm text-red-700">
                {t(error.tip)}
              </p>
            ) : null}
          </div>
        ) : null}
        <SubmitButton busy={false}>{t("checkout.save")}</SubmitButton>
      </form>
    </AccountViewFrame>
  );
}

function cardErrors(form: HTMLFormElement): FieldErrors {
  const check = validateWith(creditCardSchema, formValues(new FormData(form), CARD_FIELDS));
  return check.ok ? NO_ERRORS : check.fields;
}

/**
 * ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD: a card for the shop's test provider, checked as the provider
 * checks it (length, check digit, expiry, security code). It stays in this page's memory, is sent
 * with the order only, and is never stored; the test numbers are listed as help.
 */
export function CheckoutCardView() {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { state, choose } = useCheckout();
  const { form, errors, show } = useCheckedForm(cardErrors);
  const card = state.credit_card;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(new FormData(event.currentTarget), CARD_FIELDS);
    const check = validateWith(creditCardSchema, values);
    if (!check.ok) {
      show(check.fields);
      return;
    }
    choose({
      payment_gateway: CARD_PAYMENT,
      payment_sub_gateway: "new_card",
      credit_card: {
        number: check.data.number,
        expiryMonth: String(check.data.expiryMonth),
        expiryYear: String(check.data.expiryYear),
        cvc: check.data.cvc,
        name: check.data.name,
      },
    });
    closeModal();
  };

  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("checkout.card.title")}
      subtitle={t("checkout.card.text")}
    >
      <form ref={form} onSubmit={save} noValidate className="space-y-5" autoComplete="on" data-card-form>
        <CardFields errors={errors} initial={card} nameMaxLength={100} />
        <TestCardsHint gateway="test-card" />
        <SubmitButton busy={false}>{t("checkout.card.use")}</SubmitButton>
      </form>
    </AccountViewFrame>
  );
}

/**
 * SEL_TIME: the bookable delivery windows (or pickup times) by day, in the shop's time zone. A
 * full window (or one past its cut-off) shows but cannot be picked.
 */
export function DeliveryTimeView({
  schedule,
  deliveryType,
}: {
  schedule: DeliverySchedule;
  deliveryType: TimedDeliveryType;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { closeModal } = useModal();
  const { state, choose } = useCheckout();
  const chosenStart = state.delivery_time ? Date.parse(state.delivery_time.start) : null;
  const firstOpen = schedule.days.findIndex((day) => day.windows.some((w) => w.available));
  const chosenDay = schedule.days.findIndex((day) =>
    day.windows.some((w) => Date.parse(w.start) === chosenStart),
  );
  const [dayIndex, setDayIndex] = useState(Math.max(chosenDay >= 0 ? chosenDay : firstOpen, 0));
  const day = schedule.days[dayIndex];
  const pickup = deliveryType === "pickup";

  return (
    <div className="px-5 pt-8 pb-6 sm:px-8">
      <h2 id={MODAL_TITLE_ID} className="pe-10 text-xl font-semibold text-stone-950">
        {t(pickup ? "checkout.time.pickup-title" : "checkout.time.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("checkout.time.text")}</p>
      {schedule.days.length === 0 ? (
        <p className="mt-6 rounded-xl bg-stone-100 p-4 text-sm text-stone-700">
          {t(pickup ? "checkout.time.pickup-none" : "checkout.time.none")}
        </p>
      ) : (
        <>
          {/* More days than a phone is wide: they scroll, say so, and the chosen one is in view (ScrollRow). */}
          <div className="mt-5">
            <ScrollRow current={dayIndex}>
              <fieldset className="flex w-max min-w-full gap-2 py-1">
                <legend className="sr-only">
                  {t(pickup ? "checkout.time.pickup-days" : "checkout.time.days")}
                </legend>
                {schedule.days.map((d, index) => {
                  const open = d.windows.some((w) => w.available);
                  // A day is booked up only when its times are full; one whose times have passed is closed.
                  const dayState = open ? "open" : d.windows.some((w) => w.full) ? "full-day" : "closed-day";
                  const selected = index === dayIndex;
                  return (
                    <button
                      key={d.date}
                      type="button"
                      aria-pressed={selected}
                      onClick={() => setDayIndex(index)}
                      className={`shrink-0 rounded-xl border px-3.5 py-2 text-start text-sm ${
                        selected
                          ? "border-brand bg-brand text-white"
                          : "border-stone-200 text-stone-800 hover:border-stone-400"
                      }`}
                      data-day={d.date}
                    >
                      <span className="block font-semibold">{dayLabel(d.date, locale)}</span>
                      <span className={`block text-xs ${selected ? "text-white/80" : "text-stone-500"}`}>
                        {t(`checkout.time.${dayState}`)}
                      </span>
                    </button>
                  );
                })}
              </fieldset>
            </ScrollRow>
          </div>
          {day ? (
            <ul
              className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3"
              aria-label={dayLabel(day.date, locale)}
            >
              {day.windows.map((w) => {
                const chosen = Date.parse(w.start) === chosenStart;
                return (
                  <li key={w.start}>
                    <button
                      type="button"
                      disabled={!w.available}
                      onClick={() => {
                        choose({ delivery_time: { start: w.start, end: w.end } });
                        closeModal();
                      }}
                      aria-pressed={chosen}
                      className={`flex w-full flex-col items-center rounded-xl border px-2 py-2.5 text-sm disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-400 ${
                        chosen
                          ? "border-brand bg-brand/5 font-semibold text-brand ring-1 ring-brand"
                          : "border-stone-200 text-stone-900 hover:border-brand"
                      }`}
                      data-window={w.start}
                      data-available={w.available}
                      data-autofocus={chosen || undefined}
                    >
                      <span className="tabular-nums">{windowTimes(w, locale, schedule.timezone)}</span>
                      <span className="text-xs">
                        {!w.available ? (
                          t(w.full ? "checkout.time.full" : "checkout.time.too-late")
                        ) : chosen ? (
                          <span className="inline-flex items-center gap-1">
                            <CheckCircleIcon className="size-3.5" />
                            {t("checkout.time.chosen")}
                          </span>
                        ) : w.remaining !== null && w.remaining <= 2 ? (
                          t("checkout.time.few-left", { count: w.remaining })
                        ) : (
                          <span className="text-stone-500">{t("checkout.time.available")}</span>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * A guest's address for this order (ADD_OR_UPDATE_GUEST_ADDRESS and UPDATE_GUEST_ADDRESS for the
 * shipping address, ADD_OR_UPDATE_GUEST_BILLING_ADDRESS for the billing one): checked with the
 * contract's address schemas and kept in the checkout only, as a guest has no account to save to.
 */
export function GuestAddressView({ type }: { type: AddressType }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { state, choose } = useCheckout();
  const address = type === "billing" ? state.billing_address : state.shipping_address;
  const checkOf = (form: HTMLFormElement) => {
    const values = { ...formValues(new FormData(form), ADDRESS_FIELDS[type]), type };
    return type === "billing"
      ? ({ kind: "billing", check: validateWith(billingAddressSchema, values) } as const)
      : ({ kind: "shipping", check: validateWith(shippingAddressSchema, values) } as const);
  };
  const { form, errors, show } = useCheckedForm((node) => {
    const { check } = checkOf(node);
    return check.ok ? NO_ERRORS : check.fields;
  });

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkOf(event.currentTarget);
    if (!checked.check.ok) return show(checked.check.fields);
    if (checked.kind === "billing") choose({ billing_address: checked.check.data });
    else choose({ shipping_address: checked.check.data });
    closeModal();
  };

  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t(address ? `address.edit-${type}` : `address.add-${type}`)}
      subtitle={t("checkout.guest-address-text")}
    >
      <form ref={form} onSubmit={save} noValidate className="space-y-5" data-guest-address-form={type}>
        <AddressFields type={type} address={address} errors={errors} />
        <SubmitButton busy={false}>{t("address.save")}</SubmitButton>
      </form>
    </AccountViewFrame>
  );
}

/**
 * ADD_OR_UPDATE_ADDRESS opened from checkout: the address saved to the book, or kept for this order
 * only, is the one this order uses.
 */
export function CheckoutAddressView(payload: AddressPayload) {
  const { choose } = useCheckout();
  const use = (address: SavedAddress) =>
    choose(address.type === "billing" ? { billing_address: address } : { shipping_address: address });
  return <AddressFormView {...payload} onSaved={(address) => use(plainAddress(address))} onUseOnce={use} />;
}
