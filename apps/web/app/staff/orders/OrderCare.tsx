import {
  CARD_GATEWAYS,
  ORDER_NOTE_MAX,
  STAFF_REASON_MAX,
  type StaffOrder,
  type StaffOrderNote,
  staffMayCancel,
  staffMayRefund,
} from "@stoa/contract";
import { Form, Link, useNavigation } from "react-router";
import { Money, OrderTime } from "../../orders/OrderParts.tsx";
import type { ActionFailure, FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import {
  FieldError,
  FormNotice,
  formWideFailure,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../ui.tsx";
import { type RefundFormValues, unitsLeft } from "./order-care-form.ts";

/*
 * The order page's cancel, refund and notes (issue 32). Each is a plain form posting to the page's
 * action, so it works before scripts load; cancel and refund first show what they will do and ask
 * to confirm, and a refused post shows the form again as it was typed, with its errors.
 */

export type CareAnswer =
  | { ok: true; intent: "cancel-confirm"; reason: string }
  | { ok: true; intent: "cancel"; status: StaffOrder["status"] }
  | {
      ok: true;
      intent: "refund-confirm";
      amount: number;
      currency: string;
      refundedTo: "card" | "wallet" | "cash";
      values: RefundFormValues;
    }
  | { ok: true; intent: "refund"; amount: number; currency: string; status: "approved" | "refunded" | null }
  | { ok: true; intent: "note" };

export type CareFailure = ActionFailure & {
  intent: "cancel" | "refund" | "note";
  values?: { reason?: string; text?: string; refund?: RefundFormValues };
};

/** The answer of the page's last post, when it was one of these forms. */
export function careAnswerIn(answer: unknown): CareAnswer | CareFailure | null {
  if (!answer || typeof answer !== "object") return null;
  const intent = (answer as { intent?: unknown }).intent;
  return typeof intent === "string" && /^(cancel|refund|note)/.test(intent)
    ? (answer as CareAnswer | CareFailure)
    : null;
}

const failureOf = (answer: CareAnswer | CareFailure | null, intent: CareFailure["intent"]) =>
  answer && !answer.ok && answer.intent === intent ? answer : null;
/** A failure said above the form: one with no field to sit on. */
const generalFailure = (failure: CareFailure | null) => formWideFailure(failure);

function ReasonField({
  id,
  label,
  hint,
  defaultValue,
  fields,
  required,
}: {
  id: string;
  label: string;
  hint: string;
  defaultValue: string;
  fields?: FieldErrors;
  required: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={staffLabel}>
        {label}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={2}
        maxLength={STAFF_REASON_MAX}
        required={required}
        defaultValue={defaultValue}
        className={staffInput}
        aria-invalid={fields?.reason ? true : undefined}
        aria-describedby={fields?.reason ? `${id}-error` : `${id}-hint`}
      />
      <FieldError id={`${id}-error`} fields={fields} name="reason" />
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        {hint}
      </p>
    </div>
  );
}

/** Whether cancelling gives money back (it was taken) or only lets go of a hold. */
const cancelRefunds = (order: StaffOrder) => staffMayRefund(order);

/** Cancel, with a reason, then a confirmation that says what goes back. */
export function CancelPanel({
  order,
  answer,
}: {
  order: StaffOrder;
  answer: CareAnswer | CareFailure | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = failureOf(answer, "cancel");
  if (!staffMayCancel(order)) {
    const done = answer?.ok && answer.intent === "cancel";
    if (!done && order.status === "cancelled") return null;
    return (
      <StaffPanel title={t("staff.order.cancel.title")} data-staff-cancel>
        <FormNotice done={done ? t("staff.order.cancel.done", { number: order.orderNumber }) : null} />
        {order.status === "cancelled" ? null : (
          <p className="text-sm text-stone-600">{t("staff.order.cancel.not-now")}</p>
        )}
      </StaffPanel>
    );
  }
  const confirming = answer?.ok && answer.intent === "cancel-confirm" ? answer : null;
  return (
    <StaffPanel title={t("staff.order.cancel.title")} data-staff-cancel>
      <FormNotice failure={generalFailure(failure)} />
      {confirming ? (
        <Form
          method="post"
          className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4"
          data-staff-cancel-confirm
        >
          <h3 className="text-base font-semibold text-red-900">
            {t("staff.order.cancel.confirm-title", { number: order.orderNumber })}
          </h3>
          <ul className="list-disc space-y-1 ps-5 text-sm text-red-900">
            <li>
              {t(
                cancelRefunds(order)
                  ? "staff.order.cancel.confirm-refund"
                  : "staff.order.cancel.confirm-release",
              )}
            </li>
            <li>{t("staff.order.cancel.confirm-stock")}</li>
          </ul>
          <p className="text-sm text-stone-700">
            <span className="font-medium">{t("staff.order.cancel.reason")}: </span>
            <bdi className="break-words">{confirming.reason}</bdi>
          </p>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="reason" value={confirming.reason} />
          <input type="hidden" name="confirmed" value="yes" />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={staffButton.danger} disabled={busy}>
              {t("staff.order.cancel.yes")}
            </button>
            <Link to={`/staff/orders/${order.id}`} className={staffButton.secondary}>
              {t("staff.order.cancel.keep")}
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" className="space-y-3" data-staff-cancel-form>
          <p className="text-sm text-stone-600">{t("staff.order.cancel.intro")}</p>
          <input type="hidden" name="intent" value="cancel" />
          <ReasonField
            id="cancel-reason"
            label={t("staff.order.cancel.reason")}
            hint={t("staff.order.cancel.reason-hint")}
            defaultValue={failure?.values?.reason ?? ""}
            fields={failure?.fields}
            required
          />
          <button type="submit" className={`${staffButton.danger} w-full sm:w-auto`} disabled={busy}>
            {t("staff.order.cancel.review")}
          </button>
        </Form>
      )}
    </StaffPanel>
  );
}

function RefundLineFields({
  order,
  values,
  fields,
}: {
  order: StaffOrder;
  values?: RefundFormValues;
  fields?: FieldErrors;
}) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
      {order.lines.map((line) => {
        const left = unitsLeft(line);
        const id = `refund-qty-${line.id}`;
        const name = `qty.${line.id}`;
        return (
          <li
            key={line.id}
            className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5"
            data-refund-line={line.id}
          >
            <div className="min-w-0 flex-1">
              <label htmlFor={id} className="block text-sm font-medium break-words text-stone-900">
                <bdi>{line.name}</bdi>
              </label>
              <p className="text-xs text-stone-500">
                {t("staff.order.refund.left", { left, total: line.quantity })}
              </p>
              <FieldError id={`${id}-error`} fields={fields} name={name} />
            </div>
            <div className="w-24 shrink-0">
              <input
                id={id}
                name={name}
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                step={1}
                disabled={left === 0}
                defaultValue={values?.quantities[String(line.id)] ?? ""}
                placeholder="0"
                className={staffInput}
                aria-invalid={fields?.[name] ? true : undefined}
                aria-describedby={fields?.[name] ? `${id}-error` : undefined}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function HiddenRefundValues({ values }: { values: RefundFormValues }) {
  return (
    <>
      <input type="hidden" name="scope" value={values.scope} />
      {values.scope === "lines"
        ? Object.entries(values.quantities).map(([lineId, quantity]) =>
            quantity ? <input key={lineId} type="hidden" name={`qty.${lineId}`} value={quantity} /> : null,
          )
        : null}
      {values.restock ? <input type="hidden" name="restock" value="on" /> : null}
      <input type="hidden" name="reason" value={values.reason} />
      <input type="hidden" name="refundTo" value={values.refundTo} />
    </>
  );
}

/** Refund the whole order or chosen units, then confirm the amount the API priced. */
export function RefundPanel({
  order,
  answer,
}: {
  order: StaffOrder;
  answer: CareAnswer | CareFailure | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = failureOf(answer, "refund");
  const done = answer?.ok && answer.intent === "refund" ? answer : null;
  if (!staffMayRefund(order) && !done) return null;
  const confirming = answer?.ok && answer.intent === "refund-confirm" ? answer : null;
  const values = confirming?.values ?? failure?.values?.refund;
  const fields = failure?.fields;
  // Money a card did not pay (cash, wallet credit) goes where the shop says.
  const askWhereTo =
    !(CARD_GATEWAYS as readonly string[]).includes(order.payment_gateway ?? "") || order.totals.wallet > 0;
  return (
    <StaffPanel title={t("staff.order.refund.title")} data-staff-refund>
      <FormNotice
        failure={generalFailure(failure)}
        done={
          done ? (
            done.status === "approved" ? (
              t("staff.order.refund.pending")
            ) : (
              <>
                {t("staff.order.refund.done")} <Money amount={done.amount} currency={done.currency} />
              </>
            )
          ) : null
        }
      />
      {!staffMayRefund(order) ? null : confirming ? (
        <Form
          method="post"
          className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
          data-staff-refund-confirm
        >
          <h3 className="text-base font-semibold text-amber-950">
            {t("staff.order.refund.confirm-title")}{" "}
            <Money amount={confirming.amount} currency={confirming.currency} />
          </h3>
          <ul className="list-disc space-y-1 ps-5 text-sm text-amber-950">
            <li>{t(`staff.order.refund.confirm-${confirming.refundedTo}`)}</li>
            <li>
              {confirming.values.scope === "whole"
                ? t("staff.order.refund.confirm-whole")
                : order.lines
                    .filter((line) => Number(confirming.values.quantities[String(line.id)] || 0) > 0)
                    .map((line) => `${confirming.values.quantities[String(line.id)]} × ${line.name}`)
                    .join(" · ")}
            </li>
            <li>
              {t(
                confirming.values.restock
                  ? "staff.order.refund.confirm-restock"
                  : "staff.order.refund.confirm-no-restock",
              )}
            </li>
          </ul>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="confirmed" value="yes" />
          <HiddenRefundValues values={confirming.values} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={staffButton.primary} disabled={busy}>
              {t("staff.order.refund.yes")}
            </button>
            <Link to={`/staff/orders/${order.id}`} className={staffButton.secondary}>
              {t("staff.order.refund.back")}
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" className="space-y-4" data-staff-refund-form>
          <p className="text-sm text-stone-600">{t("staff.order.refund.intro")}</p>
          <input type="hidden" name="intent" value="refund" />
          <fieldset className="space-y-2">
            <legend className={staffLabel}>{t("staff.order.refund.what")}</legend>
            <label className="flex items-center gap-2 text-sm text-stone-900">
              <input
                type="radio"
                name="scope"
                value="lines"
                defaultChecked={values?.scope !== "whole"}
                className="size-4 accent-stone-900"
              />
              {t("staff.order.refund.lines")}
            </label>
            <RefundLineFields order={order} values={values} fields={fields} />
            <label className="flex items-center gap-2 text-sm text-stone-900">
              <input
                type="radio"
                name="scope"
                value="whole"
                defaultChecked={values?.scope === "whole"}
                className="size-4 accent-stone-900"
              />
              {t("staff.order.refund.whole")}
            </label>
            <FieldError id="refund-lines-error" fields={fields} name="lines" />
          </fieldset>
          <label className="flex items-center gap-2 text-sm text-stone-900">
            <input
              type="checkbox"
              name="restock"
              defaultChecked={values?.restock ?? false}
              className="size-4 accent-stone-900"
            />
            {t("staff.order.refund.restock")}
          </label>
          {!askWhereTo ? null : (
            <div>
              <label htmlFor="refund-to" className={staffLabel}>
                {t("staff.order.refund.refund-to")}
              </label>
              <select
                id="refund-to"
                name="refundTo"
                defaultValue={values?.refundTo ?? ""}
                className={staffInput}
              >
                <option value="">{t("staff.order.refund.refund-to-default")}</option>
                {order.customerKind === "guest" ? null : (
                  <option value="wallet">{t("staff.order.refund.to-wallet")}</option>
                )}
                <option value="cash">{t("staff.order.refund.to-cash")}</option>
              </select>
              <FieldError id="refund-to-error" fields={fields} name="refundTo" />
            </div>
          )}
          <ReasonField
            id="refund-reason"
            label={t("staff.order.refund.reason")}
            hint={t("staff.order.refund.reason-hint")}
            defaultValue={values?.reason ?? ""}
            fields={fields}
            required={false}
          />
          <button type="submit" className={`${staffButton.primary} w-full sm:w-auto`} disabled={busy}>
            {t("staff.order.refund.review")}
          </button>
        </Form>
      )}
    </StaffPanel>
  );
}

function NoteItem({ note, timeZone }: { note: StaffOrderNote; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-lg bg-amber-50 px-3 py-2" data-staff-order-note={note.id}>
      <p className="text-xs text-stone-600">
        <span className="font-semibold text-stone-800">
          <bdi>{note.staffName ?? t("staff.order.notes.someone")}</bdi>
        </span>
        <span aria-hidden="true"> · </span>
        <OrderTime at={note.at} withTime timeZone={timeZone} />
      </p>
      <p className="mt-1 text-sm whitespace-pre-line break-words text-stone-900">
        <bdi>{note.text}</bdi>
      </p>
    </li>
  );
}

/** Staff's notes under the order's timeline, oldest first, and the form that adds one. */
export function OrderNotes({
  order,
  answer,
}: {
  order: StaffOrder;
  answer: CareAnswer | CareFailure | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failure = failureOf(answer, "note");
  const added = answer?.ok && answer.intent === "note";
  return (
    <div className="mt-5 border-t border-stone-200 pt-4" data-staff-order-notes>
      <h3 className="text-sm font-semibold text-stone-900">{t("staff.order.notes.title")}</h3>
      <p className="mb-3 text-xs text-stone-500">{t("staff.order.notes.hint")}</p>
      {order.notes.length === 0 ? (
        <p className="mb-3 text-sm text-stone-600">{t("staff.order.notes.empty")}</p>
      ) : (
        <ol className="mb-3 space-y-2">
          {order.notes.map((note) => (
            <NoteItem key={note.id} note={note} timeZone={order.timezone} />
          ))}
        </ol>
      )}
      <Form
        method="post"
        className="space-y-2"
        data-staff-note-form
        key={added ? order.notes.length : "note"}
      >
        <FormNotice failure={generalFailure(failure)} done={added ? t("staff.order.notes.added") : null} />
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="order-note" className={staffLabel}>
          {t("staff.order.notes.label")}
        </label>
        <textarea
          id="order-note"
          name="text"
          rows={3}
          required
          maxLength={ORDER_NOTE_MAX}
          defaultValue={failure?.values?.text ?? ""}
          className={staffInput}
          aria-invalid={failure?.fields.text ? true : undefined}
          aria-describedby={failure?.fields.text ? "order-note-error" : undefined}
        />
        <FieldError id="order-note-error" fields={failure?.fields} name="text" />
        <button type="submit" className={staffButton.secondary} disabled={busy}>
          {t("staff.order.notes.add")}
        </button>
      </Form>
    </div>
  );
}
