import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Money } from "../orders/OrderParts.tsx";
import type { ActionResult } from "../platform/api/form-answer.ts";
import { isMessageKey } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CloseIcon, GiftIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass, inputClass } from "../platform/ui/ui.ts";
import { useCheckout } from "./CheckoutProvider.tsx";

type Redeemed = { ok: true; intent: "gift-card"; value: number; walletBalance: number; currency: string };

/**
 * "Have a gift card?": anyone, guests too, pays with its code — the order takes what the card
 * holds, up to its total, and the rest stays on the card. A customer may instead redeem it into
 * their credit, which this checkout then spends (the wallet row above).
 */
export function GiftCardRedeem({
  guest,
  refusal,
  onTyped,
  onRedeemed,
}: {
  guest: boolean;
  refusal: { code: string; key: string } | null;
  onTyped: () => void;
  onRedeemed: () => void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { state, choose, calculation } = useCheckout();
  const fetcher = useFetcher<ActionResult | Redeemed>();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handled = useRef<unknown>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const redeemError = answer && !answer.ok ? (answer.fields.code ?? answer.key) : null;
  const payError = refusal ? (isMessageKey(refusal.key) ? refusal.key : "error-gift-card-invalid") : null;
  const error = redeemError ?? payError;
  const paying =
    state.gift_card && calculation?.giftCard?.code === state.gift_card ? calculation.giftCard : null;
  const checking = state.gift_card !== null && !paying;

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

  const pay = () => {
    const typed = input.current?.value.trim() ?? "";
    if (!typed || checking) return;
    onTyped();
    choose({ gift_card: typed });
  };

  return (
    <details className="rounded-xl border border-stone-200 p-4" data-gift-card-redeem>
      <summary className="flex cursor-pointer items-center gap-3 text-sm font-semibold text-stone-950">
        <GiftIcon className="size-5 shrink-0 text-stone-500" />
        {t("gift-card.have-one")}
      </summary>
      {paying ? (
        <div
          className="mt-3 flex items-center gap-3 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-900"
          data-gift-card-paying={paying.code}
        >
          <p className="min-w-0 flex-1">
            <span className="font-semibold">
              <bdi dir="ltr" className="font-mono">
                {paying.code.toUpperCase()}
              </bdi>
            </span>{" "}
            {t("gift-card.pays")} <Money amount={paying.amount} currency={calculation?.currency ?? ""} />
            <span className="block text-xs text-emerald-800">
              {t("gift-card.left-after")}{" "}
              <Money amount={paying.balance - paying.amount} currency={calculation?.currency ?? ""} />
            </span>
          </p>
          <button
            type="button"
            onClick={() => choose({ gift_card: null })}
            className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold hover:bg-emerald-100"
            data-gift-card-remove
          >
            <CloseIcon className="size-3.5" />
            {t("gift-card.remove")}
          </button>
        </div>
      ) : (
        <fetcher.Form method="post" action="/checkout/gift-card" noValidate className="mt-3">
          <label htmlFor={`${id}-code`} className="mb-1.5 block text-sm text-stone-700">
            {t("gift-card.code")}
          </label>
          <input
            ref={input}
            id={`${id}-code`}
            name="code"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            onChange={() => {
              if (refusal) onTyped();
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                pay();
              }
            }}
            className={`${inputClass} w-full min-w-0 font-mono uppercase`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-help`}
          />
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              onClick={pay}
              aria-disabled={checking || undefined}
              className={`${buttonClass.primary} shrink-0`}
              data-gift-card-pay
            >
              {checking ? <SpinnerIcon className="size-4" /> : null}
              {t("gift-card.pay")}
            </button>
            {guest ? null : (
              <button
                type="submit"
                disabled={fetcher.state !== "idle"}
                className={`${buttonClass.secondary} shrink-0`}
                data-gift-card-submit
              >
                {fetcher.state !== "idle" ? <SpinnerIcon className="size-4" /> : null}
                {t("gift-card.redeem")}
              </button>
            )}
          </div>
          <p id={`${id}-help`} className="mt-2 text-xs text-stone-500">
            {guest ? t("gift-card.pay-help") : t("gift-card.pay-or-redeem")}
          </p>
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
