import { ERRORS } from "@stoa/contract";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { ActionResult } from "../../platform/api/form-answer.ts";
import { leftToRight } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { BellIcon, CheckCircleIcon, SpinnerIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, inputClass } from "../../platform/ui/ui.ts";
import { useAuth } from "../../shell/root-data.ts";
import { STOCK_ALERT_ANCHOR, stockAlertAction, stockAlertOutcomeOf } from "./stock-alert.ts";

/**
 * "Email me when it's back", under a sold-out product or variation: a fetcher whose answer shows in
 * place when scripts run, a plain form post that comes back to the product page when they do not.
 * A signed-in shopper's email is filled in; any address can be given.
 */
export function StockAlertForm({
  productId,
  variationId,
}: {
  productId: number;
  variationId: number | null;
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const fetcher = useFetcher<ActionResult>();
  const location = useLocation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const plain = stockAlertOutcomeOf(new URLSearchParams(location.search));
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const sentTo = answer?.ok ? (answer.email ?? null) : !answer && plain?.ok ? plain.email : null;
  const error =
    answer && !answer.ok
      ? (answer.fields.email ?? answer.key ?? ERRORS.INTERNAL.key)
      : !answer && plain?.ok === false
        ? plain.key
        : null;
  useEffect(() => {
    if (answer && !answer.ok) input.current?.focus();
  }, [answer]);

  return (
    <section
      id={STOCK_ALERT_ANCHOR}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-stone-200 bg-stone-50 p-4"
      data-stock-alert
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-stone-950">
        <BellIcon className="size-4" />
        {t("stock-alert.title")}
      </h2>
      {sentTo ? (
        <p
          role="status"
          className="mt-2 flex items-center gap-2 text-sm text-stone-700"
          data-stock-alert-sent
        >
          <CheckCircleIcon className="size-5 shrink-0 text-emerald-600" />
          {t("stock-alert.sent", { email: leftToRight(sentTo) })}
        </p>
      ) : (
        <fetcher.Form method="post" action={stockAlertAction(productId)} noValidate className="mt-3">
          <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
          {variationId ? <input type="hidden" name="variationId" value={variationId} /> : null}
          <p className="mb-3 text-sm text-stone-600">{t("stock-alert.text")}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={`${id}-email`} className="sr-only">
              {t("stock-alert.email")}
            </label>
            <input
              ref={input}
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              required
              defaultValue={auth.status === "signed-in" ? (auth.user.email ?? "") : ""}
              placeholder="name@example.com"
              className={`${inputClass} min-w-0 flex-1`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy || undefined}
              className={`${buttonClass.secondary} shrink-0`}
              data-stock-alert-submit
            >
              {busy ? <SpinnerIcon className="size-4" /> : null}
              {t("stock-alert.submit")}
            </button>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700" data-stock-alert-error>
              {t(error)}
            </p>
          ) : null}
        </fetcher.Form>
      )}
    </section>
  );
}
