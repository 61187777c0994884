import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Money } from "../orders/OrderParts.tsx";
import type { ActionResult } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { GiftIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass, inputClass } from "../platform/ui/ui.ts";

type Redeemed = { ok: true; intent: "gift-card"; value: number; walletBalance: number; currency: string };

/**
 * "Have a gift card?": a customer redeems its code into their credit, which this checkout then
 * spends (the wallet row above), so the order is priced again. A guest is asked to sign in first:
 * credit is kept on an account.
 */
export function GiftCardRedeem({ guest, onRedeemed }: { guest: boolean; onRedeemed: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const fetcher = useFetcher<ActionResult | Redeemed>();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handled = useRef<unknown>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = answer && !answer.ok ? (answer.fields.code ?? answer.key) : null;

  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok && "value" in answer) {
      if (input.current) input.current.value = "";
      onRedeemed();
    } else if (!answer.ok) {
      if (!answer.fields.code && !answer.key) showToast(answer.message);
      input.current?.focus();
    }
  }, [answer, onRedeemed, showToast]);

  return (
    <details className="rounded-xl border border-stone-200 p-4" data-gift-card-redeem>
      <summary className="flex cursor-pointer items-center gap-3 text-sm font-semibold text-stone-950">
        <GiftIcon className="size-5 shrink-0 text-stone-500" />
        {t("gift-card.have-one")}
      </summary>
      {guest ? (
        <p className="mt-3 text-sm text-stone-600">{t("gift-card.sign-in")}</p>
      ) : (
        <fetcher.Form method="post" action="/checkout/gift-card" noValidate className="mt-3">
          <label htmlFor={`${id}-code`} className="mb-1.5 block text-sm text-stone-700">
            {t("gift-card.code")}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              ref={input}
              id={`${id}-code`}
              name="code"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              className={`${inputClass} min-w-0 flex-1 font-mono uppercase`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className={`${buttonClass.secondary} shrink-0`}
              data-gift-card-submit
            >
              {fetcher.state !== "idle" ? <SpinnerIcon className="size-4" /> : null}
              {t("gift-card.redeem")}
            </button>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700" data-gift-card-error>
              {t(error)}
            </p>
          ) : null}
          {answer?.ok && "value" in answer ? (
            <p role="status" className="mt-2 text-sm text-emerald-800" data-gift-card-redeemed>
              {t("gift-card.added")} <Money amount={answer.value} currency={answer.currency} />
            </p>
          ) : null}
        </fetcher.Form>
      )}
    </details>
  );
}
