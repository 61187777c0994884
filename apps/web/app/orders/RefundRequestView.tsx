import type { Order, OrderLine } from "@stoa/contract";
import { useId, useMemo, useState } from "react";
import { AccountViewFrame } from "../account/AccountViewFrame.tsx";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextAreaField } from "../account/FormFields.tsx";
import { FormAlert } from "../account/FormMessages.tsx";
import { useAccountForm } from "../account/use-account-form.ts";
import { ProductThumbnail } from "../catalogue/product/ProductThumbnail.tsx";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { inputClass } from "../platform/ui/ui.ts";
import { WholeWords } from "../platform/ui/WholeWords.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import {
  refundableLines,
  refundableQuantity,
  refundFieldNames,
  refundFormSchema,
} from "./refund-selection.ts";

/** One line to choose: a box with the line's name, and how many of what is left to ask back. */
function RefundLineChoice({
  line,
  chosen,
  onChoose,
  errors,
}: {
  line: OrderLine;
  chosen: boolean;
  onChoose: (chosen: boolean) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const id = useId();
  const left = refundableQuantity(line);
  const quantityError = errors[`quantity.${line.id}`] ?? errors[`line.${line.id}`];
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0" data-refund-line={line.id}>
      <input
        id={`${id}-box`}
        type="checkbox"
        name={`line.${line.id}`}
        checked={chosen}
        onChange={(event) => onChoose(event.currentTarget.checked)}
        className="size-5 shrink-0 rounded border-stone-300 accent-brand"
      />
      <ProductThumbnail image={line.image} size={48} className="size-12 shrink-0 rounded-lg" />
      <label htmlFor={`${id}-box`} className="min-w-0 flex-1 cursor-pointer text-sm">
        <span className="line-clamp-2 font-medium text-stone-950">
          <WholeWords text={line.name} />
        </span>
        {line.options.length > 0 ? (
          <span className="block text-stone-600">{line.options.join(" · ")}</span>
        ) : null}
        <span className="block text-stone-500">{t("refunds.form.left", { count: left })}</span>
      </label>
      <div className="ms-auto">
        <label htmlFor={`${id}-quantity`} className="sr-only">
          {t("refunds.form.quantity-of", { name: line.name })}
        </label>
        <select
          id={`${id}-quantity`}
          name={`quantity.${line.id}`}
          defaultValue={left}
          disabled={!chosen}
          className={`${inputClass} w-20 py-2 disabled:bg-stone-50 disabled:text-stone-400`}
          aria-invalid={quantityError ? true : undefined}
          aria-describedby={quantityError ? `${id}-error` : undefined}
        >
          {Array.from({ length: left }, (_, index) => index + 1).map((quantity) => (
            <option key={quantity} value={quantity}>
              {quantity}
            </option>
          ))}
        </select>
      </div>
      {quantityError ? (
        <p id={`${id}-error`} className="w-full text-sm text-red-700" data-field-error>
          {t(quantityError)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * REFUND_REQUEST: which lines of a delivered order, how many of each (up to what has not been asked
 * back already), and why. The shop answers later; the request shows on `/refunds`.
 */
export function RefundRequestView({ order, action }: { order: Order; action: string }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  const form = useAccountForm(() => {
    showToast(t("refunds.form.sent"), "success");
    closeModal();
  });
  const lines = useMemo(() => refundableLines(order.lines), [order.lines]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() =>
    lines.length === 1 && lines[0] ? new Set([lines[0].id]) : new Set(),
  );
  const left = useMemo(() => new Map(lines.map((line) => [line.id, refundableQuantity(line)])), [lines]);
  const { errors } = form;
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("refunds.form.title")}
      subtitle={t("refunds.form.subtitle", { number: order.orderNumber })}
    >
      <form.fetcher.Form
        method="post"
        action={action}
        noValidate
        onSubmit={form.validated(refundFormSchema(left), refundFieldNames(lines.map((line) => line.id)))}
        className="space-y-5"
        data-refund-form
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} />
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="orderId" value={order.id} />
        <fieldset aria-describedby={errors.lines ? "refund-lines-error" : undefined}>
          <legend className="mb-3 text-sm font-medium text-stone-800">{t("refunds.form.lines")}</legend>
          <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 p-3">
            {lines.map((line) => (
              <RefundLineChoice
                key={line.id}
                line={line}
                chosen={chosen.has(line.id)}
                onChoose={(on) =>
                  setChosen((before) => {
                    const after = new Set(before);
                    if (on) after.add(line.id);
                    else after.delete(line.id);
                    return after;
                  })
                }
                errors={errors}
              />
            ))}
          </ul>
          {errors.lines ? (
            <p id="refund-lines-error" className="mt-1.5 text-sm text-red-700" data-field-error>
              {t("refunds.form.choose-line")}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={t("refunds.form.reason")}
          hint={t("refunds.form.reason-hint")}
          name="reason"
          errors={errors}
          maxLength={1000}
          required
        />
        <SubmitButton busy={form.busy}>{t("refunds.form.submit")}</SubmitButton>
      </form.fetcher.Form>
    </AccountViewFrame>
  );
}
