import { useTranslation } from "../platform/i18n/translation.tsx";
import { LockIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";

/**
 * PAYMENT_MODAL, the whole screen while the card's bank confirms the payment (3-D Secure): the
 * bank's own window opens over it from Stripe.js, and nothing else on the page can be pressed.
 */
export function PaymentModalView() {
  const { t } = useTranslation();
  return (
    <div className="text-center" role="status" data-payment-confirming>
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <LockIcon className="size-7" />
      </span>
      <h2 id={MODAL_TITLE_ID} className="mt-5 text-2xl font-bold tracking-tight text-stone-950">
        {t("cards.confirm-title")}
      </h2>
      <p className="mt-3 flex items-center justify-center gap-2 text-sm text-stone-600">
        <SpinnerIcon className="size-4" />
        {t("cards.confirm-text")}
      </p>
    </div>
  );
}
