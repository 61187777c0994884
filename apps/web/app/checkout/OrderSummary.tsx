import { type Calculation, type CartItem, formatMoney, type LineProblem } from "@stoa/contract";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ProductThumbnail } from "../catalogue/product/ProductThumbnail.tsx";
import { isMessageKey } from "../platform/api/form-answer.ts";
import { leftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { AlertIcon, CloseIcon, LockIcon, SpinnerIcon, TagIcon } from "../platform/ui/icons.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { WholeWords } from "../platform/ui/WholeWords.tsx";
import { ReferralField } from "../referrals/ReferralField.tsx";
import { useDrawer } from "../shell/drawer/DrawerProvider.tsx";
import { useShop } from "../shell/root-data.ts";
import { Money } from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";
import { AppliedCode, CodeInput, useCodeFocus } from "./CodeInput.tsx";
import { LineProblemNotice } from "./LineProblemNotice.tsx";
import type { CouponRefusal } from "./use-checkout-flow.ts";

function SummaryLine({
  item,
  priced,
  problems,
  currency,
}: {
  item: CartItem;
  priced: Calculation["lines"][number] | undefined;
  problems: readonly LineProblem[];
  currency: string;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const unit = priced?.unitPrice ?? item.price;
  const total = priced?.lineTotal ?? item.itemTotal;
  return (
    <li className="py-4 first:pt-0" data-summary-line={item.id} data-quantity={item.quantity}>
      <div className="flex gap-3">
        <span className="relative shrink-0">
          <ProductThumbnail
            image={item.image}
            size={96}
            className="block size-16 rounded-xl ring-1 ring-stone-200"
          />
          <span
            className="absolute -end-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-stone-800 px-1.5 text-xs font-semibold text-white ring-2 ring-white"
            aria-hidden="true"
          >
            {item.quantity}
          </span>
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <p className="line-clamp-2 text-sm font-medium text-stone-950">
              <WholeWords text={item.name} />
            </p>
            <p className="shrink-0 text-sm font-semibold tabular-nums text-stone-950" data-summary-line-total>
              <Money amount={total} currency={currency} />
            </p>
          </div>
          {item.options?.length ? (
            <p className="mt-0.5 text-xs text-stone-500">{item.options.join(" · ")}</p>
          ) : null}
          <p className="mt-0.5 text-xs tabular-nums text-stone-500">
            {t("checkout.summary.quantity-each", {
              quantity: item.quantity,
              price: leftToRight(formatMoney(unit, currency, locale)),
            })}
          </p>
        </div>
      </div>
      {problems.map((problem) => (
        <LineProblemNotice key={problem.kind} problem={problem} item={item} currency={currency} />
      ))}
    </li>
  );
}

/** The coupon field: apply a code, see what it takes off or why it does not apply, remove it. */
function CouponField({ refusal, onTyped }: { refusal: CouponRefusal | null; onTyped: () => void }) {
  const { t } = useTranslation();
  const { state, choose, calculation } = useCheckout();
  const id = useId();
  const [code, setCode] = useState(state.coupon?.code ?? "");
  const applied = state.coupon && calculation?.coupon?.code === state.coupon.code ? calculation.coupon : null;
  const checking = state.coupon !== null && !applied;
  const { field, result, toAnswer, toField } = useCodeFocus(applied !== null, checking);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || checking) return;
    onTyped();
    toAnswer();
    choose({ coupon: { code: typed, amount: 0 } });
  };

  if (applied) {
    return (
      <AppliedCode
        result={result}
        icon={<TagIcon className="size-4 shrink-0" />}
        code={applied.code}
        removeLabel={t("checkout.coupon.remove")}
        removeName={t("checkout.coupon.remove-code", { code: applied.code })}
        onRemove={() => {
          setCode("");
          toField();
          choose({ coupon: null });
        }}
        data={{ applied: "data-coupon-applied", remove: "data-remove-coupon" }}
      >
        {t("checkout.coupon.applied")}
      </AppliedCode>
    );
  }
  const refusalText = refusal ? t(isMessageKey(refusal.key) ? refusal.key : "error-invalid-coupon") : null;
  return (
    <form onSubmit={apply} noValidate data-coupon-form>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {t("checkout.coupon.label")}
      </label>
      <CodeInput
        field={field}
        id={id}
        name="coupon"
        code={code}
        onCode={(typed) => {
          setCode(typed);
          if (refusal) onTyped();
        }}
        refused={refusal !== null}
        checking={checking}
        maxLength={64}
        placeholder={t("checkout.coupon.placeholder")}
        applyLabel={t("checkout.coupon.apply")}
      />
      {refusalText ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" role="alert" data-coupon-error>
          {refusalText}
        </p>
      ) : null}
    </form>
  );
}

function TotalRow({
  label,
  children,
  tone = "normal",
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  tone?: "normal" | "credit" | "muted";
  testId: string;
}) {
  const colour =
    tone === "credit" ? "text-emerald-700" : tone === "muted" ? "text-stone-500" : "text-stone-950";
  return (
    <div className="flex items-baseline justify-between gap-4" data-total={testId}>
      <dt className="text-stone-600">{label}</dt>
      <dd className={`tabular-nums ${colour}`}>{children}</dd>
    </div>
  );
}

function Totals({ calculation }: { calculation: Calculation }) {
  const { t } = useTranslation();
  const { totals, currency, coupon, referral } = calculation;
  const money = (amount: number) => <Money amount={amount} currency={currency} />;
  const minus = (amount: number) => <bdi dir="ltr">−{money(amount)}</bdi>;
  // The referral reward is part of the discount: it gets a line of its own, the rest stays "Discount".
  const reward = referral && referral.amount > 0 ? referral.amount : 0;
  const discount = totals.discount - reward;
  return (
    <dl className="space-y-2.5 text-sm">
      <TotalRow label={t("checkout.summary.subtotal")} testId="subtotal">
        {money(totals.totalAmount)}
      </TotalRow>
      <TotalRow label={t("checkout.summary.shipping")} testId="shipping">
        {totals.shipping_charge === 0 ? t("checkout.summary.free") : money(totals.shipping_charge)}
      </TotalRow>
      <TotalRow
        label={t(totals.taxIncluded ? "checkout.summary.tax-included" : "checkout.summary.tax")}
        tone={totals.taxIncluded ? "muted" : "normal"}
        testId="tax"
      >
        {money(totals.tax)}
      </TotalRow>
      {discount > 0 ? (
        <TotalRow
          label={
            coupon
              ? t("checkout.summary.discount-code", { code: coupon.code })
              : t("checkout.summary.discount")
          }
          tone="credit"
          testId="discount"
        >
          {minus(discount)}
        </TotalRow>
      ) : null}
      {referral && reward > 0 ? (
        <TotalRow
          label={t("referral.checkout.reward-line", { code: referral.code })}
          tone="credit"
          testId="referral"
        >
          {minus(reward)}
        </TotalRow>
      ) : null}
      {totals.tip > 0 ? (
        <TotalRow label={t("checkout.summary.tip")} testId="tip">
          {money(totals.tip)}
        </TotalRow>
      ) : null}
      {(totals.giftCard ?? 0) > 0 ? (
        <TotalRow label={t("checkout.summary.gift-card")} tone="credit" testId="gift-card">
          {minus(totals.giftCard)}
        </TotalRow>
      ) : null}
      {totals.wallet > 0 ? (
        <TotalRow label={t("checkout.summary.wallet")} tone="credit" testId="wallet">
          {minus(totals.wallet)}
        </TotalRow>
      ) : null}
      <div
        className="flex items-baseline justify-between gap-4 border-t border-stone-200 pt-4"
        data-total="payable"
      >
        <dt className="text-base font-semibold text-stone-950">{t("checkout.summary.total")}</dt>
        <dd className="text-xl font-bold tabular-nums text-stone-950" data-payable={totals.payable_amount}>
          {money(totals.payable_amount)}
        </dd>
      </div>
    </dl>
  );
}

function TotalsPending() {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" role="status" data-totals-pending>
      <span className="sr-only">{t("checkout.summary.calculating")}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex justify-between gap-4">
          <span className="h-4 w-24 animate-pulse rounded bg-stone-200" />
          <span className="h-4 w-16 animate-pulse rounded bg-stone-200" />
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-4">
        <span className="h-5 w-20 animate-pulse rounded bg-stone-200" />
        <span className="h-6 w-24 animate-pulse rounded bg-stone-200" />
      </div>
    </div>
  );
}

export type PlaceButtonState = {
  busy: boolean;
  /** Why the button cannot be pressed now, translated; null when it can. */
  blockedBy: string | null;
  /** The message of the last press, shown right above the button. */
  alert: string | null;
  onDismissAlert: () => void;
  onPlace: () => void;
};

/**
 * The order summary: every line with its picture and, where the API found one, its problem and the
 * press that settles it; the coupon; the totals of spec §3's final total helper; and "Place order".
 * Beside the form on wide screens (it stays in view while the form scrolls), below it on phones.
 */
export function OrderSummary({
  items,
  couponRefusal,
  onCouponTyped,
  referralRefusal = null,
  onReferralTyped = () => undefined,
  place,
}: {
  items: readonly CartItem[];
  couponRefusal: CouponRefusal | null;
  onCouponTyped: () => void;
  referralRefusal?: CouponRefusal | null;
  onReferralTyped?: () => void;
  place: PlaceButtonState;
}) {
  const { t } = useTranslation();
  const { store } = useShop();
  const { openDrawer } = useDrawer();
  const { calculation, problems, state } = useCheckout();
  const current = calculation && state.verified_response ? calculation : null;
  const priced = new Map((calculation?.lines ?? []).map((line) => [line.id, line]));
  const currency = calculation?.currency ?? items[0]?.currency ?? "USD";
  const count = items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <section
      aria-labelledby="summary-title"
      className="rounded-2xl border border-stone-200 bg-white shadow-sm"
      data-order-summary
    >
      <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-5 py-4 sm:px-6">
        <h2 id="summary-title" className="text-lg font-semibold text-stone-950">
          {t("checkout.summary.title")}
          <span className="ms-2 text-sm font-normal text-stone-500">
            {t("checkout.summary.items", { count })}
          </span>
        </h2>
        <button
          type="button"
          onClick={() => openDrawer("cart")}
          className="text-sm font-semibold text-brand hover:underline"
          data-edit-cart
        >
          {t("checkout.summary.edit-cart")}
        </button>
      </div>
      <div className="px-5 sm:px-6">
        <ul className="divide-y divide-stone-100 py-4" data-summary-lines>
          {items.map((item) => (
            <SummaryLine
              key={item.id}
              item={item}
              priced={priced.get(item.id)}
              problems={problems.get(item.id) ?? []}
              currency={currency}
            />
          ))}
        </ul>
        <div className="border-t border-stone-200 py-5">
          <CouponField refusal={couponRefusal} onTyped={onCouponTyped} />
        </div>
        {store.shopSettings.referrals ? (
          <div className="border-t border-stone-200 py-5">
            <ReferralField refusal={referralRefusal} onTyped={onReferralTyped} />
          </div>
        ) : null}
        <div className="border-t border-stone-200 py-5">
          {current ? <Totals calculation={current} /> : <TotalsPending />}
        </div>
      </div>
      <div className="space-y-3 border-t border-stone-200 bg-stone-50/60 px-5 py-5 sm:rounded-b-2xl sm:px-6">
        {place.alert ? (
          <div
            role="alert"
            tabIndex={-1}
            className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-sm text-red-800 outline-none focus-visible:ring-2 focus-visible:ring-focus"
            data-place-alert
          >
            <AlertIcon className="size-5 shrink-0" />
            <p className="flex-1 leading-5">{place.alert}</p>
            <button
              type="button"
              onClick={place.onDismissAlert}
              className="-m-1 rounded-md p-1 text-red-700 hover:bg-red-100"
              aria-label={t("dialog.close-alert")}
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        ) : null}
        <button
          type="button"
          onClick={place.onPlace}
          disabled={place.busy || place.blockedBy !== null}
          aria-busy={place.busy || undefined}
          aria-describedby={place.blockedBy ? "place-blocked" : undefined}
          className={`${buttonClass.primary} w-full py-3.5 text-base`}
          data-place-order
        >
          {place.busy ? <SpinnerIcon className="size-5" /> : <LockIcon className="size-5" />}
          {place.busy ? t("checkout.place.busy") : t("checkout.place.button")}
          {!place.busy && current ? (
            <span className="tabular-nums">
              · <Money amount={current.totals.payable_amount} currency={current.currency} />
            </span>
          ) : null}
        </button>
        {place.blockedBy ? (
          <p id="place-blocked" className="text-center text-xs text-stone-600" data-place-blocked>
            {place.blockedBy}
          </p>
        ) : (
          <p className="text-center text-xs text-stone-500">{t("checkout.place.terms")}</p>
        )}
      </div>
    </section>
  );
}
