import type { ReactNode } from "react";
import { type ActionFailure, failureText } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { focusAfterAlertClosed } from "../platform/ui/focus-what-to-fix.ts";
import { AlertIcon, CloseIcon } from "../platform/ui/icons.tsx";

/**
 * The form's server error: a red alert above the form that the shopper can close (spec §2, §8).
 * `id` names its words, for a field the alert is about to point at. Focus may be put on it (a form
 * sent back with nothing else to fix goes there), so it takes focus without being a tab stop.
 * Closed, it hands focus to the field it was about (focusAfterAlertClosed).
 */
export function FormAlert({
  failure,
  onClose,
  id,
}: {
  failure: ActionFailure | undefined;
  onClose: () => void;
  id?: string;
}) {
  const { t } = useTranslation();
  if (!failure) return null;
  const text = failureText(failure, t);
  return (
    <div
      role="alert"
      tabIndex={-1}
      className="flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 outline-none focus-visible:ring-2 focus-visible:ring-focus"
      data-form-alert
    >
      <AlertIcon className="size-5 shrink-0" />
      <p id={id} className="flex-1 leading-5">
        {text}
      </p>
      <button
        type="button"
        onClick={(event) => {
          const alert = event.currentTarget.closest<HTMLElement>("[data-form-alert]");
          onClose();
          if (alert) focusAfterAlertClosed(alert);
        }}
        className="-m-1 rounded-md p-1 text-red-700 hover:bg-red-100"
        aria-label={t("dialog.close-alert")}
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

/** A server's message or a hint, e.g. "We sent you a code" on the token step. */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-2xl bg-sky-50 p-4 text-sm leading-5 text-sky-900" data-form-notice>
      {children}
    </p>
  );
}
