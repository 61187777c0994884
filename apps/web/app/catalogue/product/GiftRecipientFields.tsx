import { GIFT_MESSAGE_MAX, type GiftRecipient } from "@stoa/contract";
import { useId } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { inputClass } from "../../platform/ui/ui.ts";

/** What the buyer typed for a present; empty fields mean the card is for the buyer. */
export type RecipientDraft = { name: string; email: string; message: string; sendOn: string };
export const EMPTY_RECIPIENT: RecipientDraft = { name: "", email: "", message: "", sendOn: "" };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The recipient of a draft, null when it is for the buyer, or the first field to fix. The shop
 * checks it again (and the day against its own time zone) when the order is priced.
 */
export function recipientOf(draft: RecipientDraft): GiftRecipient | null | { fix: keyof RecipientDraft } {
  const name = draft.name.trim();
  const email = draft.email.trim();
  if (!name && !email && !draft.message.trim() && !draft.sendOn) return null;
  if (!name) return { fix: "name" };
  if (!EMAIL.test(email)) return { fix: "email" };
  return { name, email, message: draft.message.trim(), sendOn: draft.sendOn || null };
}

/** "Send it as a present": the recipient's name and email, a message, and the day it goes. */
export function GiftRecipientFields({
  draft,
  onChange,
  fix,
}: {
  draft: RecipientDraft;
  onChange: (draft: RecipientDraft) => void;
  fix: keyof RecipientDraft | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const today = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const nextYear = new Date(today);
  nextYear.setFullYear(today.getFullYear() + 1);
  const field = (key: keyof RecipientDraft) => ({
    id: `${id}-${key}`,
    name: `gift_${key}`,
    value: draft[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...draft, [key]: event.target.value }),
    "aria-invalid": fix === key ? true : undefined,
    "aria-describedby": fix === key ? `${id}-fix` : undefined,
  });
  const label = (key: keyof RecipientDraft, text: string) => (
    <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm text-stone-700">
      {text}
    </label>
  );
  return (
    <fieldset className="space-y-3 rounded-xl border border-stone-200 p-4" data-gift-recipient>
      <legend className="px-1 text-sm font-semibold text-stone-950">{t("gift-card.present")}</legend>
      <p className="text-xs text-stone-500">{t("gift-card.present-help")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          {label("name", t("gift-card.recipient-name"))}
          <input
            {...field("name")}
            dir="auto"
            autoComplete="off"
            maxLength={80}
            className={`${inputClass} w-full`}
          />
        </div>
        <div>
          {label("email", t("gift-card.recipient-email"))}
          <input
            {...field("email")}
            type="email"
            dir="ltr"
            autoComplete="off"
            maxLength={254}
            className={`${inputClass} w-full`}
          />
        </div>
      </div>
      <div>
        {label("message", t("gift-card.message"))}
        <textarea
          {...field("message")}
          dir="auto"
          rows={3}
          maxLength={GIFT_MESSAGE_MAX}
          className={`${inputClass} w-full`}
        />
      </div>
      <div>
        {label("sendOn", t("gift-card.send-on"))}
        <input
          {...field("sendOn")}
          type="date"
          min={day(today)}
          max={day(nextYear)}
          className={`${inputClass} w-full sm:w-auto`}
        />
        <p className="mt-1 text-xs text-stone-500">{t("gift-card.send-on-help")}</p>
      </div>
      {fix ? (
        <p id={`${id}-fix`} role="alert" className="text-sm text-red-700" data-gift-recipient-error>
          {t(fix === "email" ? "error-email-format" : "error-field-required")}
        </p>
      ) : null}
    </fieldset>
  );
}
