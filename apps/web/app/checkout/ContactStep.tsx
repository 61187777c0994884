import { useId } from "react";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { MailIcon, PencilIcon, PhoneIcon, UserIcon } from "../platform/ui/icons.tsx";
import { inputClass } from "../platform/ui/ui.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { CheckoutStep, MissingMessage, stepButtonClass } from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";
import { isEmail, type MissingChoices } from "./checkout-checks.ts";
import type { CheckoutMode } from "./checkout-request.ts";

/** An input of the checkout bound to a field of its state, with the missing-choice message tied to it. */
function ContactInput({
  field,
  label,
  hint,
  missing,
  type = "text",
  autoComplete,
}: {
  field: "customer_name" | "customer_contact";
  label: string;
  hint?: string;
  missing: MissingChoices;
  type?: "text" | "email";
  autoComplete: string;
}) {
  const id = useId();
  const { state, choose } = useCheckout();
  const error = missing[field];
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={field}
        type={type}
        dir="auto"
        autoComplete={autoComplete}
        value={state[field]}
        onChange={(event) => choose({ [field]: event.target.value })}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error ? `missing-${field}` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") ||
          undefined
        }
        maxLength={120}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <MissingMessage missing={missing} field={field} />
    </div>
  );
}

/**
 * Who orders and how the shop reaches them about it. A customer's name and phone or email come from
 * the account and can be changed for this order (ADD_OR_UPDATE_CHECKOUT_CONTACT); a guest types
 * them. Digital goods need an email: their download links are sent there.
 */
export function ContactStep({
  mode,
  guest,
  askName = false,
  number,
  missing,
  messages,
}: {
  mode: CheckoutMode;
  /** The shopper is in a guest session: nothing comes from an account. */
  guest: boolean;
  /**
   * The account has no name (opened by phone or email alone): the name is asked for right here, not
   * left as "Not added" behind Edit. Decided by the account, so the field stays while it is typed.
   */
  askName?: boolean;
  number: number;
  missing: MissingChoices;
  messages: readonly string[];
}) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { state } = useCheckout();
  const title = t("checkout.contact.title");
  const icon = <UserIcon className="size-5" />;

  if (guest) {
    const digital = mode === "digital";
    return (
      <CheckoutStep id="contact" number={number} title={title} icon={icon} messages={messages}>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2" data-guest-contact>
          <ContactInput
            field="customer_name"
            label={t("checkout.contact.name")}
            missing={missing}
            autoComplete="name"
          />
          <ContactInput
            field="customer_contact"
            label={t(digital ? "checkout.contact.email" : "checkout.contact.email-or-phone")}
            hint={t(digital ? "checkout.contact.digital-hint" : "checkout.contact.updates-hint")}
            missing={missing}
            type={digital ? "email" : "text"}
            autoComplete="email"
          />
        </div>
      </CheckoutStep>
    );
  }

  const contact = state.customer_contact;
  const missingHere = (!askName && missing.customer_name) || missing.customer_contact;
  return (
    <CheckoutStep
      id="contact"
      number={number}
      title={title}
      icon={icon}
      messages={messages}
      aside={
        <button
          type="button"
          onClick={() => openModal("ADD_OR_UPDATE_CHECKOUT_CONTACT", { emailOnly: mode === "digital" })}
          className={stepButtonClass}
          aria-label={t("checkout.contact.edit")}
          data-edit-contact
        >
          <PencilIcon className="size-4" />
          {t("checkout.edit")}
        </button>
      }
    >
      {askName ? (
        <div className="mb-4 sm:max-w-sm" data-ask-name>
          <ContactInput
            field="customer_name"
            label={t("checkout.contact.name")}
            hint={t("checkout.contact.name-hint")}
            missing={missing}
            autoComplete="name"
          />
        </div>
      ) : null}
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2" data-contact-summary>
        {askName ? null : (
          <div className="flex items-center gap-3">
            <UserIcon className="size-5 shrink-0 text-stone-400" />
            <div className="min-w-0">
              <dt className="text-stone-500">{t("checkout.contact.name")}</dt>
              <dd className="truncate font-medium text-stone-950">
                {state.customer_name ? <bdi>{state.customer_name}</bdi> : t("checkout.contact.none")}
              </dd>
            </div>
          </div>
        )}
        <div className="flex items-center gap-3">
          {isEmail(contact) ? (
            <MailIcon className="size-5 shrink-0 text-stone-400" />
          ) : (
            <PhoneIcon className="size-5 shrink-0 text-stone-400" />
          )}
          <div className="min-w-0">
            <dt className="text-stone-500">
              {t(mode === "digital" ? "checkout.contact.email" : "checkout.contact.email-or-phone")}
            </dt>
            <dd className="truncate font-medium text-stone-950" data-contact-value>
              {contact ? <bdi dir="ltr">{contact}</bdi> : t("checkout.contact.none")}
            </dd>
          </div>
        </div>
      </dl>
      {mode === "digital" ? (
        <p className="mt-3 text-xs text-stone-500">{t("checkout.contact.digital-hint")}</p>
      ) : null}
      {missingHere ? (
        <>
          {askName ? null : <MissingMessage missing={missing} field="customer_name" />}
          <MissingMessage missing={missing} field="customer_contact" />
        </>
      ) : null}
    </CheckoutStep>
  );
}
