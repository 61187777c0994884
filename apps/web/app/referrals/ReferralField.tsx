import { type FormEvent, useEffect, useId, useState } from "react";
import { Money } from "../checkout/CheckoutParts.tsx";
import { useCheckout } from "../checkout/CheckoutProvider.tsx";
import { AppliedCode, CodeInput, useCodeFocus } from "../checkout/CodeInput.tsx";
import type { CouponRefusal } from "../checkout/use-checkout-flow.ts";
import { isMessageKey } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { GiftIcon } from "../platform/ui/icons.tsx";
import { cleanReferralCode } from "./referral-link.ts";
import { forgetLinkedReferralCode } from "./referral-storage.ts";

/**
 * The checkout's referral code, beside the coupon: prefilled from a followed share link, or typed
 * (a typed code wins, decision 067). Applied, it says what the reward takes off; refused, the
 * translated reason (spec §8: an unknown code reads as the invalid-coupon message).
 */
export function ReferralField({ refusal, onTyped }: { refusal: CouponRefusal | null; onTyped: () => void }) {
  const { t } = useTranslation();
  const { state, choose, calculation } = useCheckout();
  const id = useId();
  const [code, setCode] = useState(state.refer_code ?? "");
  const asked = cleanReferralCode(state.refer_code);
  const applied = asked && calculation?.referral?.code === asked ? calculation.referral : null;
  // A code waiting for the shopper's contact (refused as `signIn`) is not being checked any more.
  const waiting = refusal !== null && refusal.code === state.refer_code;
  const checking = state.refer_code !== null && !applied && !waiting;
  const { field, result, toAnswer, toField } = useCodeFocus(applied !== null, checking);
  // A code the link brought in after the first render shows in the field once it is dropped.
  useEffect(() => {
    if (state.refer_code) setCode(state.refer_code);
  }, [state.refer_code]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || checking) return;
    onTyped();
    toAnswer();
    choose({ refer_code: typed });
  };

  if (applied) {
    return (
      <AppliedCode
        result={result}
        icon={<GiftIcon className="size-4 shrink-0" />}
        code={applied.code}
        removeLabel={t("referral.checkout.remove")}
        removeName={t("referral.checkout.remove-code", { code: applied.code })}
        onRemove={() => {
          setCode("");
          toField();
          // Removed by hand, the link's code is not applied again by itself.
          forgetLinkedReferralCode();
          choose({ refer_code: null });
        }}
        data={{ applied: "data-referral-applied", remove: "data-remove-referral" }}
      >
        {t("referral.checkout.applied")}{" "}
        <span className="whitespace-nowrap font-semibold">
          −<Money amount={applied.amount} currency={calculation?.currency ?? "USD"} />
        </span>
      </AppliedCode>
    );
  }
  const refusalText = waiting
    ? null
    : refusal
      ? t(isMessageKey(refusal.key) ? refusal.key : "error-invalid-coupon")
      : null;
  return (
    <form onSubmit={apply} noValidate data-referral-form>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {t("referral.checkout.label")}
      </label>
      <CodeInput
        field={field}
        id={id}
        name="refer_code"
        code={code}
        onCode={(typed) => {
          setCode(typed);
          if (refusal) onTyped();
        }}
        refused={refusal !== null}
        checking={checking}
        maxLength={32}
        placeholder={t("referral.checkout.placeholder")}
        applyLabel={t("referral.checkout.apply")}
      />
      {waiting ? (
        <p className="mt-1.5 text-sm text-stone-600" data-referral-waiting>
          {t("referral.checkout.needs-contact")}
        </p>
      ) : null}
      {refusalText ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" role="alert" data-referral-error>
          {refusalText}
        </p>
      ) : null}
    </form>
  );
}
