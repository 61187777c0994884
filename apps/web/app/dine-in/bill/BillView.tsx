import {
  evenPart,
  formatMoney,
  SPLIT_PARTS_MAX,
  type Tab,
  type TabShare,
  TIP_PERCENT_CHOICES,
  type TipOption,
} from "@stoa/contract";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "../../account/FormFields.tsx";
import { CardFields } from "../../payments/CardFields.tsx";
import { TestCardsHint } from "../../payments/TestCardsHint.tsx";
import type { ActionFailure, MessageKey } from "../../platform/api/form-answer.ts";
import { failureText } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { buttonClass, inputClass } from "../../platform/ui/ui.ts";
import { useHydrated } from "../../platform/ui/use-hydrated.ts";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import { useShop } from "../../shell/root-data.ts";

/*
 * The table's bill on the diner's phone (decision 065 "The bill"): what was eaten, the discount,
 * what is paid and what is left, then how this diner pays: the whole rest, one of N equal parts,
 * or the dishes they had; a tip; a coupon; an email for the receipt; the card, or the counter.
 * Everything is a plain form, so it pays before any script has run.
 */

function useMoney(currency: string) {
  const { locale } = useShop();
  return (amount: number) => <bdi dir="ltr">{formatMoney(amount, currency, locale)}</bdi>;
}

/** The bill's lines and its figures. */
export function BillSummary({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const money = useMoney(tab.currency);
  const lines = tab.rounds.flatMap((round) => round.lines).filter((line) => !line.voided);
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4" data-bill>
      <h2 className="text-lg font-bold text-stone-950">{t("table-bill.bill-title")}</h2>
      <ul className="mt-3 divide-y divide-stone-100 text-sm">
        {lines.map((line) => (
          <li key={line.id} className="flex items-start justify-between gap-3 py-2" data-bill-line={line.id}>
            <span className="min-w-0">
              <span className="font-medium text-stone-900">
                {line.quantity} × <bdi>{line.name}</bdi>
              </span>
              {line.paidByShareId !== null ? (
                <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                  {t("table-bill.paid-mark")}
                </span>
              ) : null}
            </span>
            <span className="shrink-0 tabular-nums">{money(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
        {tab.discount > 0 ? (
          <div className="flex justify-between gap-3" data-bill-discount>
            <dt>{t("table-bill.discount", { code: tab.couponCode ?? "" })}</dt>
            <dd className="tabular-nums">−{money(tab.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 font-semibold text-stone-950">
          <dt>{t("table-bill.total")}</dt>
          <dd className="tabular-nums" data-bill-total>
            {money(tab.total)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t("table-bill.paid")}</dt>
          <dd className="tabular-nums" data-bill-paid>
            {money(tab.paid)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-bold text-stone-950">
          <dt>{t("table-bill.balance")}</dt>
          <dd className="tabular-nums" data-bill-balance>
            {money(tab.balance)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

const radioCard =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 px-3 py-2 has-[:checked]:border-stone-900 has-[:checked]:bg-stone-50";

/**
 * The tip of this share through ADD_OR_UPDATE_CHECKOUT_TIP_OPTION, the dialog checkout uses: what
 * was chosen, a button to choose, and the choice as the plain form's own fields.
 */
function TipChoice({
  tip,
  goods,
  currency,
  onChoose,
  error,
}: {
  tip: TipOption | null;
  goods: number | null;
  currency: string;
  onChoose: (tip: TipOption | null) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const money = useMoney(currency);
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-stone-200 p-3" data-tip>
      <div>
        <p className="text-base font-bold text-stone-950">{t("checkout.tip.title")}</p>
        <p className="text-sm text-stone-600" data-tip-chosen>
          {!tip
            ? t("checkout.tip.none")
            : tip.type === "percent"
              ? t("checkout.tip.percent", { percent: tip.value })
              : money(tip.value)}
        </p>
        {error ? (
          <p className="text-sm text-red-700" data-tip-error>
            {t(error as MessageKey)}
          </p>
        ) : null}
      </div>
      <input type="hidden" name="tip" value={!tip ? "0" : tip.type === "percent" ? tip.value : "amount"} />
      <input
        type="hidden"
        name="tipAmount"
        value={tip?.type === "amount" ? (tip.value / 100).toFixed(2) : ""}
      />
      <button
        type="button"
        onClick={() =>
          openModal("ADD_OR_UPDATE_CHECKOUT_TIP_OPTION", { goods, currency, current: tip, choose: onChoose })
        }
        className={buttonClass.secondary}
        data-choose-tip
      >
        {t(tip ? "checkout.tip.change" : "checkout.tip.add")}
      </button>
    </div>
  );
}

/** How this diner pays: share, tip, coupon, email, card or counter. */
export function PayForm({
  tab,
  failure,
  formKey,
}: {
  tab: Tab;
  failure: ActionFailure | null;
  formKey: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const money = useMoney(tab.currency);
  const fields = failure?.fields ?? {};
  const evenUsed = tab.shares.some((share) => share.kind === "even");
  const itemsUsed = tab.shares.some((share) => share.kind === "items");
  const [kind, setKind] = useState<"whole" | "even" | "items">("whole");
  const [parts, setParts] = useState(tab.evenParts ?? 2);
  const takenParts = new Set(tab.shares.filter((s) => s.kind === "even").map((s) => s.part));
  const [tip, setTip] = useState("0");
  // With scripts, the tip is chosen in the checkout's tip dialog; without, with the buttons below.
  const hydrated = useHydrated();
  const [chosenTip, setChosenTip] = useState<TipOption | null>(null);
  const partCount = Math.min(Math.max(parts, 2), SPLIT_PARTS_MAX);
  const firstFree = Array.from({ length: partCount }, (_, i) => i + 1).find((part) => !takenParts.has(part));
  const open = tab.rounds
    .flatMap((round) => round.lines)
    .filter((l) => !l.voided && l.paidByShareId === null);
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" className="space-y-5 rounded-xl border border-stone-200 bg-white p-4" data-pay-form>
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="key" value={formKey} />
      {failure && Object.keys(fields).length === 0 ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-pay-error>
          {failureText(failure, t)}
        </p>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="mb-2 text-base font-bold text-stone-950">{t("table-bill.how")}</legend>
        <label className={radioCard}>
          <input
            type="radio"
            name="share"
            value="whole"
            checked={kind === "whole"}
            onChange={() => setKind("whole")}
            data-share="whole"
          />
          <span>
            {t("table-bill.share-whole")} · {money(tab.balance)}
          </span>
        </label>
        {itemsUsed ? null : (
          <label className={radioCard}>
            <input
              type="radio"
              name="share"
              value="even"
              checked={kind === "even"}
              onChange={() => setKind("even")}
              data-share="even"
            />
            <span>{t("table-bill.share-even")}</span>
          </label>
        )}
        {evenUsed ? null : (
          <label className={radioCard}>
            <input
              type="radio"
              name="share"
              value="items"
              checked={kind === "items"}
              onChange={() => setKind("items")}
              data-share="items"
            />
            <span>{t("table-bill.share-items")}</span>
          </label>
        )}
      </fieldset>

      {itemsUsed ? null : (
        <fieldset className="space-y-3 rounded-lg bg-stone-50 p-3" data-even-choice>
          <legend className="sr-only">{t("table-bill.share-even")}</legend>
          <label className="block text-sm font-medium text-stone-800" htmlFor="bill-parts">
            {t("table-bill.parts")}
          </label>
          <input
            id="bill-parts"
            name="parts"
            type="number"
            min={2}
            max={SPLIT_PARTS_MAX}
            value={parts}
            readOnly={tab.evenParts !== null}
            onChange={(event) => setParts(Number(event.target.value) || 2)}
            className={`${inputClass} max-w-24`}
            aria-invalid={fields.parts ? true : undefined}
          />
          {fields.parts ? <p className="text-sm text-red-700">{t(fields.parts)}</p> : null}
          <p className="text-sm font-medium text-stone-800">{t("table-bill.which-part")}</p>
          <div className="flex flex-wrap gap-2">
            {Array.from({ length: partCount }, (_, i) => i + 1).map((part) => {
              const taken = takenParts.has(part);
              return (
                <label
                  key={part}
                  className={`flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border px-3 ${taken ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-stone-300 has-[:checked]:border-stone-900 has-[:checked]:bg-white"}`}
                  data-part={part}
                >
                  <input
                    type="radio"
                    name="part"
                    value={part}
                    disabled={taken}
                    defaultChecked={part === firstFree}
                  />
                  <span>{taken ? t("table-bill.part-paid", { part }) : t("table-bill.part", { part })}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      {evenUsed ? null : (
        <fieldset className="space-y-2 rounded-lg bg-stone-50 p-3" data-items-choice>
          <legend className="mb-1 text-sm font-medium text-stone-800">{t("table-bill.tick-dishes")}</legend>
          {open.map((line) => (
            <label key={line.id} className="flex min-h-11 items-center gap-3" data-item-line={line.id}>
              <input type="checkbox" name="lineIds" value={line.id} className="size-5" />
              <span className="min-w-0 flex-1">
                {line.quantity} × <bdi>{line.name}</bdi>
              </span>
              <span className="tabular-nums">{money(line.lineTotal)}</span>
            </label>
          ))}
        </fieldset>
      )}

      {hydrated ? (
        <TipChoice
          tip={chosenTip}
          goods={
            kind === "whole"
              ? tab.balance
              : kind === "even"
                ? evenPart(tab.total, partCount, firstFree ?? 1)
                : null
          }
          currency={tab.currency}
          onChoose={setChosenTip}
          error={fields.tipAmount ?? fields.tip_option}
        />
      ) : (
        <fieldset className="space-y-2" data-tip>
          <legend className="mb-2 text-base font-bold text-stone-950">{t("checkout.tip.title")}</legend>
          <div className="flex flex-wrap gap-2">
            {TIP_PERCENT_CHOICES.map((percent) => (
              <label key={percent} className={`${radioCard} min-w-16 justify-center`}>
                <input
                  type="radio"
                  name="tip"
                  value={percent}
                  checked={tip === String(percent)}
                  onChange={() => setTip(String(percent))}
                  data-tip-percent={percent}
                />
                <span>{percent === 0 ? t("table-bill.no-tip") : `${percent}%`}</span>
              </label>
            ))}
            <label className={radioCard}>
              <input
                type="radio"
                name="tip"
                value="amount"
                checked={tip === "amount"}
                onChange={() => setTip("amount")}
                data-tip-amount-choice
              />
              <span>{t("table-bill.tip-amount")}</span>
            </label>
          </div>
          <input
            name="tipAmount"
            inputMode="decimal"
            dir="ltr"
            placeholder="0.00"
            aria-label={t("table-bill.tip-amount")}
            className={`${inputClass} w-32`}
            aria-invalid={fields.tipAmount || fields.tip_option ? true : undefined}
          />
          {fields.tipAmount || fields.tip_option ? (
            <p className="text-sm text-red-700" data-tip-error>
              {t(fields.tipAmount ?? fields.tip_option ?? "error-field-invalid")}
            </p>
          ) : null}
        </fieldset>
      )}

      {tab.paid === 0 && !tab.shares.some((s) => s.status === "paying") ? (
        <TextField label={t("table-bill.coupon")} name="coupon" errors={fields} autoComplete="off" />
      ) : null}
      <TextField
        label={t("table-bill.email")}
        hint={t("table-bill.email-hint")}
        name="email"
        type="email"
        autoComplete="email"
        errors={fields}
      />

      <fieldset className="space-y-3" data-card>
        <legend className="mb-2 text-base font-bold text-stone-950">{t("table-bill.card")}</legend>
        <TestCardsHint gateway="test-card" />
        <CardFields errors={fields} />
      </fieldset>
      <div className="flex flex-col gap-3">
        <button
          type="submit"
          name="way"
          value="card"
          className={`${buttonClass.primary} min-h-12 w-full`}
          disabled={busy}
          data-pay-card
        >
          {t("table-bill.pay-card")}
        </button>
        <button
          type="submit"
          name="way"
          value="counter"
          formNoValidate
          className={`${buttonClass.secondary} min-h-12 w-full`}
          disabled={busy}
          data-pay-counter
        >
          {t("table-bill.pay-counter")}
        </button>
      </div>
    </Form>
  );
}

/** What this diner paid, and what is left of the bill. */
export function Receipt({ share, tab }: { share: TabShare; tab: Tab }) {
  const { t } = useTranslation();
  const money = useMoney(tab.currency);
  const { locale } = useShop();
  const counter = share.way === "counter";
  return (
    <section
      className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4"
      data-receipt
      role="status"
    >
      <h2 className="text-lg font-bold text-emerald-950">
        {counter ? t("table-bill.counter-title") : t("table-bill.paid-title")}
      </h2>
      <dl className="space-y-1 text-sm text-emerald-950">
        <div className="flex justify-between gap-3">
          <dt>{counter ? t("table-bill.to-pay-counter") : t("table-bill.your-share")}</dt>
          <dd className="tabular-nums" data-receipt-goods>
            {money(share.goods)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t("checkout.tip.title")}</dt>
          <dd className="tabular-nums" data-receipt-tip>
            {money(share.tip)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 font-semibold">
          <dt>{counter ? t("table-bill.total") : t("table-bill.amount")}</dt>
          <dd className="tabular-nums" data-receipt-amount>
            {money(share.amount)}
          </dd>
        </div>
      </dl>
      <p className="font-semibold text-emerald-950" data-bill-left>
        {tab.balance === 0
          ? t("table-bill.settled")
          : t("table-bill.left", { amount: formatMoney(tab.balance, tab.currency, locale) })}
      </p>
    </section>
  );
}
