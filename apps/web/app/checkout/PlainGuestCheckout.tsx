import { type DeliveryType, formatMoney } from "@stoa/contract";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { type FieldErrors, failureText } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { buttonClass, containerClass, inputClass } from "../platform/ui/ui.ts";
import { useShop } from "../shell/root-data.ts";
import type { MissingChoices } from "./checkout-checks.ts";
import { dayLabel, windowTimes } from "./delivery-offer.ts";
import {
  type PlainCheckoutAnswer,
  type PlainCheckoutField,
  type PlainCheckoutPage,
  timeValue,
} from "./plain-checkout-values.ts";

const LABEL = "mb-1.5 block text-sm font-medium text-stone-800";

function Field({
  name,
  label,
  typed,
  error,
  children,
  ...input
}: {
  name: PlainCheckoutField;
  label: string;
  typed: PlainCheckoutAnswer["typed"];
  error: string | undefined;
  children?: ReactNode;
  autoComplete?: string;
  type?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        dir="auto"
        defaultValue={typed[name] ?? ""}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        maxLength={200}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * Guest checkout as the server renders it (decision 047): what the page shows before its scripts
 * run, or without them. Contact, delivery or pickup with their time, cash, and "Place order",
 * posted to this page; a refusal comes back here with what was typed and what to fix.
 */
export function PlainGuestCheckout({
  page,
  answer,
}: {
  /** Null until the shopper has a guest session. */
  page: PlainCheckoutPage | null;
  answer: PlainCheckoutAnswer | null;
}) {
  const { t } = useTranslation();
  const { locale, store } = useShop();
  if (!page)
    return (
      <div className={`${containerClass} max-w-xl py-10`} data-plain-checkout="start">
        <h1 className="text-2xl font-bold text-stone-950">{t("checkout.guest-title")}</h1>
        <p className="mt-3 text-stone-700">{t("checkout.as-guest")}</p>
        <form method="post" action="/auth/guest" className="mt-6">
          <button type="submit" className={buttonClass.primary}>
            {t("login.guest")}
          </button>
        </form>
      </div>
    );
  const typed = answer?.typed ?? {};
  const fields: FieldErrors = answer?.fields ?? {};
  const missing: MissingChoices = answer?.missing ?? {};
  const errorOf = (name: PlainCheckoutField): string | undefined => {
    const key = fields[name];
    if (key) return t(key);
    const choice = missing[name as keyof MissingChoices];
    return choice ? t(choice) : undefined;
  };
  const currency = page.offering.options.currency || store.settings.currency;
  const lines = page.lines.filter((line) => line.isAvailable && line.stock > 0);
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const chosenType: DeliveryType =
    page.deliveryTypes.find((type) => type === typed.delivery_type) ?? page.deliveryTypes[0] ?? "pickup";
  const typeText = (type: DeliveryType) =>
    type === "delivery"
      ? {
          name: t("checkout.delivery.type.delivery"),
          detail: t("checkout.delivery.type-detail.delivery"),
          cash: t("checkout.payment.cash-delivery"),
        }
      : {
          name: t("checkout.delivery.type.pickup"),
          detail: t("checkout.delivery.type-detail.pickup"),
          cash: t("checkout.payment.cash-pickup"),
        };
  const failure = answer?.failure;
  const timeOptions = (type: "delivery" | "pickup") => {
    const schedule = type === "delivery" ? page.offering.schedule : page.offering.pickupTimes;
    return schedule.days.flatMap((day) =>
      day.windows
        .filter((window) => window.available)
        .map((window) => ({
          value: timeValue(window),
          label: `${dayLabel(day.date, locale)}, ${windowTimes(window, locale, schedule.timezone)}`,
        })),
    );
  };
  if (lines.length === 0)
    return (
      <div className={`${containerClass} max-w-xl py-10`} data-plain-checkout="empty">
        <h1 className="text-2xl font-bold text-stone-950">{t("checkout.guest-title")}</h1>
        <p className="mt-3 text-stone-700">{t("checkout.empty-text")}</p>
      </div>
    );
  return (
    <div className={`${containerClass} max-w-2xl py-8`} data-plain-checkout="form">
      <h1 className="text-2xl font-bold text-stone-950">{t("checkout.guest-title")}</h1>
      <p className="mt-2 text-stone-700">{t("checkout.as-guest")}</p>
      {failure ? (
        <p
          role="alert"
          className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          data-form-alert
        >
          {failureText(failure, t)}
        </p>
      ) : null}
      <section className="mt-6 rounded-2xl border border-stone-200 p-4" aria-labelledby="plain-summary">
        <h2 id="plain-summary" className="font-semibold text-stone-950">
          {t("checkout.summary.title")}
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          {lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-4">
              <span>
                {line.name}{" "}
                <span className="text-stone-600">
                  {t("checkout.summary.quantity-each", {
                    quantity: line.quantity,
                    price: formatMoney(line.price, currency, locale),
                  })}
                </span>
              </span>
              <bdi dir="ltr" className="tabular-nums">
                {formatMoney(line.price * line.quantity, currency, locale)}
              </bdi>
            </li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between border-t border-stone-200 pt-3 font-semibold">
          <span>{t("checkout.summary.subtotal")}</span>
          <bdi dir="ltr" className="tabular-nums" data-plain-subtotal>
            {formatMoney(subtotal, currency, locale)}
          </bdi>
        </p>
        <Link to="/cart" className="mt-2 inline-block text-sm font-semibold text-brand hover:underline">
          {t("checkout.summary.edit-cart")}
        </Link>
      </section>
      <form method="post" className="mt-6 space-y-8" noValidate>
        <input type="hidden" name="idempotencyKey" value={answer?.key ?? page.key} />
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-stone-950">{t("checkout.contact.title")}</legend>
          <Field
            name="customer_name"
            label={t("checkout.contact.name")}
            typed={typed}
            error={errorOf("customer_name")}
            autoComplete="name"
          />
          <Field
            name="customer_contact"
            label={t("checkout.contact.email-or-phone")}
            typed={typed}
            error={errorOf("customer_contact")}
            autoComplete="email"
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-stone-950">{t("checkout.delivery.how")}</legend>
          {page.deliveryTypes.map((type) => (
            <label
              key={type}
              className="flex items-start gap-3 rounded-xl border border-stone-200 p-3"
              data-plain-delivery-type={type}
            >
              <input
                type="radio"
                name="delivery_type"
                value={type}
                defaultChecked={type === chosenType}
                className="mt-1"
              />
              <span>
                <span className="block font-medium">{typeText(type).name}</span>
                <span className="block text-sm text-stone-600">
                  {typeText(type).detail} · {typeText(type).cash}
                </span>
              </span>
            </label>
          ))}
          {errorOf("delivery_type") ? (
            <p className="text-sm text-red-700">{errorOf("delivery_type")}</p>
          ) : null}
        </fieldset>
        {page.deliveryTypes.includes("delivery") ? (
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold text-stone-950">{t("checkout.delivery.address")}</legend>
            <Field
              name="shipping_address.address.street_address"
              label={t("address.street")}
              typed={typed}
              error={errorOf("shipping_address.address.street_address")}
              autoComplete="street-address"
            />
            <Field
              name="shipping_address.unit_number"
              label={t("address.unit")}
              typed={typed}
              error={errorOf("shipping_address.unit_number")}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field
                name="shipping_address.address.city"
                label={t("address.city")}
                typed={typed}
                error={errorOf("shipping_address.address.city")}
                autoComplete="address-level2"
              />
              <Field
                name="shipping_address.address.zip"
                label={t("address.zip")}
                typed={typed}
                error={errorOf("shipping_address.address.zip")}
                autoComplete="postal-code"
              />
            </div>
            <Field
              name="shipping_address.address.country"
              label={t("address.country")}
              typed={typed}
              error={errorOf("shipping_address.address.country")}
              autoComplete="country-name"
            />
          </fieldset>
        ) : null}
        <TimeChoice
          name="delivery_time"
          typed={typed}
          error={errorOf("delivery_time")}
          groups={page.deliveryTypes.map((type) => ({
            label: t(type === "delivery" ? "checkout.delivery.time" : "checkout.delivery.pickup-time"),
            options: timeOptions(type === "delivery" ? "delivery" : "pickup"),
          }))}
          asap={!page.offering.schedule.scheduled}
        />
        {page.offering.options.pickupPoints.length > 0 ? (
          <fieldset className="space-y-2">
            <legend className="text-lg font-semibold text-stone-950">
              {t("checkout.delivery.pickup-point")}
            </legend>
            {page.offering.options.pickupPoints.map((point, index) => (
              <label key={point.id} className="flex items-start gap-3">
                <input
                  type="radio"
                  name="pickupOption"
                  value={point.id}
                  defaultChecked={typed.pickupOption ? typed.pickupOption === String(point.id) : index === 0}
                  className="mt-1"
                />
                <span>
                  {point.name} <span className="text-sm text-stone-600">{point.address}</span>
                </span>
              </label>
            ))}
            {errorOf("pickupOption") ? (
              <p className="text-sm text-red-700">{errorOf("pickupOption")}</p>
            ) : null}
          </fieldset>
        ) : null}
        <Field name="note" label={t("checkout.notes.note")} typed={typed} error={errorOf("note")} />
        {store.shopSettings.referrals ? (
          <Field
            name="refer_code"
            label={t("referral.checkout.label")}
            typed={answer ? typed : { refer_code: page.referCode ?? "" }}
            error={errorOf("refer_code")}
            autoComplete="off"
          >
            <p className="mt-1 text-xs text-stone-500">{t("referral.checkout.plain-hint")}</p>
          </Field>
        ) : null}
        <section aria-label={t("checkout.place.bar")} className="checkout-place-bar" data-place-bar>
          <p className="min-w-0">
            <span className="block text-xs text-stone-600">{t("checkout.summary.subtotal")}</span>
            <bdi dir="ltr" className="text-lg font-bold tabular-nums text-stone-950">
              {formatMoney(subtotal, currency, locale)}
            </bdi>
          </p>
          <button type="submit" className={`${buttonClass.primary} shrink-0`} data-place-order>
            {t("checkout.place.button")}
          </button>
        </section>
        <p className="text-xs text-stone-500">{t("checkout.place.terms")}</p>
      </form>
    </div>
  );
}

function TimeChoice({
  name,
  typed,
  error,
  groups,
  asap,
}: {
  name: PlainCheckoutField;
  typed: PlainCheckoutAnswer["typed"];
  error: string | undefined;
  groups: { label: string; options: { value: string; label: string }[] }[];
  asap: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {t("checkout.time.title")}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={typed[name] ?? ""}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      >
        <option value="">{asap ? t("checkout.delivery.asap") : t("checkout.delivery.choose-time")}</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-500">
        {t("checkout.time.text")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
