import { CONTACT_LIMITS } from "@stoa/contract";
import { useEffect, useRef, useState } from "react";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextAreaField, TextField } from "../account/FormFields.tsx";
import { FormAlert } from "../account/FormMessages.tsx";
import { useAccountForm } from "../account/use-account-form.ts";
import { type ActionFailure, type FieldErrors, needsAlert } from "../platform/api/form-answer.ts";
import { leftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { displayName, signedInShopper } from "../platform/session/auth-state.ts";
import { CheckCircleIcon } from "../platform/ui/icons.tsx";
import { useAuth } from "../shell/root-data.ts";
import { CHECKED_BY_THE_ACTION, type ContactAnswer, type ContactTyped } from "./contact-form.ts";

const CARD = "rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7";
const NO_ERRORS: FieldErrors = {};

/** The message went: the form gives way to a thank-you naming the address the shop will answer. */
function Sent({ email, byScript }: { email: string; byScript: boolean }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  // Sent by script, the form and its button are gone from under the shopper's focus: it comes here.
  // The shorter page may leave the thank-you above the screen: it is brought into view below the
  // sticky header (its scroll margin), and left where it is when it shows already.
  useEffect(() => {
    const node = panel.current;
    if (!byScript || !node) return;
    node.focus({ preventScroll: true });
    node.scrollIntoView({ block: "nearest" });
  }, [byScript]);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      className={`${CARD} scroll-mt-36 self-start text-center outline-none`}
      data-contact-sent
    >
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <CheckCircleIcon className="size-8" />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-stone-950">{t("contact-form.sent-title")}</h2>
      <p className="mx-auto mt-2 max-w-sm text-sm leading-6 break-words text-stone-600">
        {t("contact-form.sent-text", { email: leftToRight(email) })}
      </p>
    </div>
  );
}

/**
 * The message to the shop. It posts to the contact route's action: by script through a fetcher
 * (the button busy meanwhile), or as a plain form before the scripts or without them, when the
 * page comes back with the action's answer (`posted`) and what was typed. A signed-in shopper's
 * name and email are filled in.
 */
export function ContactForm({ posted }: { posted: ContactAnswer | undefined }) {
  const { t } = useTranslation();
  const shopper = signedInShopper(useAuth());
  const form = useAccountForm();
  const [closedPostedAlert, setClosedPostedAlert] = useState(false);

  const byScript = form.fetcher.data as ContactAnswer | undefined;
  const answer = byScript ?? (form.busy ? undefined : posted);
  const [length, setLength] = useState(() =>
    !posted || posted.ok ? 0 : (posted.typed.message ?? "").length,
  );

  if (answer?.ok) return <Sent email={answer.email} byScript={answer === byScript} />;

  // Once the fetcher has answered, the hook keeps its errors (and clears them as fields are edited).
  const refusedPlain = !byScript && posted && !posted.ok ? posted : undefined;
  const errors = byScript ? form.errors : (refusedPlain?.fields ?? NO_ERRORS);
  const plainAlert: ActionFailure | undefined =
    refusedPlain && needsAlert(refusedPlain) && !closedPostedAlert ? refusedPlain : undefined;
  const typed: ContactTyped = refusedPlain?.typed ?? {};
  const firstError = Object.keys(errors)[0];

  return (
    <section aria-labelledby="contact-form-title" className={`${CARD} self-start`} id="contact-form">
      <h2 id="contact-form-title" className="text-lg font-semibold text-stone-950">
        {t("contact-form.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("contact-form.text")}</p>
      <form.fetcher.Form
        method="post"
        action="/contact"
        noValidate
        // Sending a message changes nothing the page shows: no loader needs to run again.
        defaultShouldRevalidate={false}
        onSubmit={form.validated(CHECKED_BY_THE_ACTION, [])}
        className="mt-6 space-y-5"
        data-contact-form
      >
        <FormAlert
          failure={form.alert ?? plainAlert}
          onClose={form.alert ? form.dismiss : () => setClosedPostedAlert(true)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("contact-form.name")}
            name="name"
            errors={errors}
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.nameMax}
            defaultValue={typed.name ?? (shopper ? displayName(shopper) : "")}
            // A form sent back without scripts opens on what to fix (with scripts, the hook moves there).
            autoFocus={!byScript && firstError === "name"}
          />
          <TextField
            label={t("contact-form.email")}
            name="email"
            errors={errors}
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            required
            defaultValue={typed.email ?? shopper?.email ?? ""}
            autoFocus={!byScript && firstError === "email"}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("contact-form.phone")}
            name="phone"
            errors={errors}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            defaultValue={typed.phone ?? ""}
            autoFocus={!byScript && firstError === "phone"}
          />
          <TextField
            label={t("contact-form.subject")}
            name="subject"
            errors={errors}
            maxLength={CONTACT_LIMITS.subjectMax}
            defaultValue={typed.subject ?? ""}
            autoFocus={!byScript && firstError === "subject"}
          />
        </div>
        <TextAreaField
          label={t("contact-form.message")}
          name="message"
          errors={errors}
          rows={6}
          required
          maxLength={CONTACT_LIMITS.messageMax}
          defaultValue={typed.message ?? ""}
          onChange={(event) => setLength(event.currentTarget.value.length)}
          hint={t("contact-form.message-hint", {
            min: CONTACT_LIMITS.messageMin,
            used: length,
            max: CONTACT_LIMITS.messageMax,
          })}
          autoFocus={!byScript && firstError === "message"}
        />
        <SubmitButton busy={form.busy} className="sm:w-auto">
          {t("contact-form.send")}
        </SubmitButton>
      </form.fetcher.Form>
    </section>
  );
}
