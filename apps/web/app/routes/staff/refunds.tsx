import {
  type EndpointData,
  REFUND_STATUSES,
  type RefundStatus,
  STAFF_PAGE_SIZE,
  staffAnswerRefundBodySchema,
} from "@stoa/contract";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Money, OrderTime, RefundStatusBadge } from "../../orders/OrderParts.tsx";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPages,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/refunds";

type StaffRefund = EndpointData<"staffRefundList">["records"][number];
type Params = { status: RefundStatus | null; page: number };

function paramsOf(search: URLSearchParams): Params {
  const status = search.get("status");
  const page = Number(search.get("page") ?? "1");
  return {
    status: (REFUND_STATUSES as readonly string[]).includes(status ?? "") ? (status as RefundStatus) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

function hrefOf({ status, page }: Params): string {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `/staff/refunds${text ? `?${text}` : ""}`;
}

/** The store's refund requests, newest first, of one status or all. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = paramsOf(new URL(request.url).searchParams);
  const refunds = await context.storeApi.page("staffRefundList", {
    query: { limit: STAFF_PAGE_SIZE, page: params.page },
    body: { status: params.status },
  });
  return { params, refunds };
}

/** Approves or declines one request, with the shop's answer and, for cash, where the money goes. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const refundId = form.get("refundId");
  const refundTo = form.get("refundTo");
  const check = validateWith(staffAnswerRefundBodySchema, {
    refundId,
    decision: form.get("decision"),
    answer: form.get("answer") ?? "",
    refundTo: refundTo === "" || refundTo === null ? null : refundTo,
  });
  if (!check.ok) return invalid(check.fields);
  const outcome = await context.storeApi.form("staffAnswerRefund", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return {
    ok: true as const,
    refundId: outcome.data.id,
    orderNumber: outcome.data.orderNumber,
    status: outcome.data.status,
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `/staff/refunds${location.search}`, (t) => t("staff.refunds.title"));

function StatusFilter({ params }: { params: Params }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <Form method="get" className="flex items-end gap-2" data-staff-refund-filter>
      <label htmlFor="refund-status" className="sr-only">
        {t("staff.refunds.filter")}
      </label>
      <select
        id="refund-status"
        name="status"
        defaultValue={params.status ?? ""}
        className={`${staffInput} min-w-40 py-2`}
        onChange={(event) => submit(event.currentTarget.form)}
      >
        <option value="">{t("staff.refunds.all")}</option>
        {REFUND_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`refunds.status.${status}`)}
          </option>
        ))}
      </select>
      <button type="submit" className={`${staffButton.secondary} py-2`}>
        {t("staff.refunds.apply")}
      </button>
    </Form>
  );
}

function AnswerForm({ refund, actionData }: { refund: StaffRefund; actionData: unknown }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = navigation.formData?.get("refundId") === String(refund.id);
  const answered = (actionData as { refundId?: number } | undefined)?.refundId;
  const failure = failureIn(actionData);
  // A failure belongs to the form that was sent; the page shows only one at a time.
  const sentHere = failure && navigation.state === "idle" ? failure : null;
  const fields = sentHere?.fields;
  const id = (name: string) => `refund-${refund.id}-${name}`;
  return (
    <Form
      method="post"
      className="mt-4 space-y-3 border-t border-stone-200 pt-4"
      data-staff-refund-answer={refund.id}
    >
      {answered === undefined ? (
        <FormNotice failure={sentHere && Object.keys(sentHere.fields).length === 0 ? sentHere : null} />
      ) : null}
      <input type="hidden" name="refundId" value={refund.id} />
      <div>
        <label htmlFor={id("answer")} className={staffLabel}>
          {t("staff.refunds.answer")}
        </label>
        <textarea
          id={id("answer")}
          name="answer"
          rows={2}
          maxLength={1000}
          className={staffInput}
          aria-invalid={fields?.answer ? true : undefined}
          aria-describedby={fields?.answer ? id("answer-error") : id("answer-hint")}
        />
        <FieldError id={id("answer-error")} fields={fields} name="answer" />
        <p id={id("answer-hint")} className="mt-1 text-xs text-stone-500">
          {t("staff.refunds.answer-hint")}
        </p>
      </div>
      <div>
        <label htmlFor={id("to")} className={staffLabel}>
          {t("staff.refunds.refund-to")}
        </label>
        <select
          id={id("to")}
          name="refundTo"
          defaultValue=""
          className={staffInput}
          aria-invalid={fields?.refundTo ? true : undefined}
          aria-describedby={fields?.refundTo ? id("to-error") : id("to-hint")}
        >
          <option value="">{t("staff.refunds.refund-to-auto")}</option>
          <option value="wallet">{t("staff.refunds.refund-to-wallet")}</option>
          <option value="cash">{t("staff.refunds.refund-to-cash")}</option>
        </select>
        <FieldError id={id("to-error")} fields={fields} name="refundTo" />
        <p id={id("to-hint")} className="mt-1 text-xs text-stone-500">
          {t("staff.refunds.refund-to-hint")}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="decision"
          value="approve"
          className={staffButton.primary}
          disabled={mine}
          data-refund-decision="approve"
        >
          {t("staff.refunds.approve")}
        </button>
        <button
          type="submit"
          name="decision"
          value="decline"
          className={staffButton.danger}
          disabled={mine}
          data-refund-decision="decline"
        >
          {t("staff.refunds.decline")}
        </button>
      </div>
    </Form>
  );
}

function RefundCard({ refund, actionData }: { refund: StaffRefund; actionData: unknown }) {
  const { t } = useTranslation();
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      data-staff-refund={refund.id}
      data-refund-state={refund.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <p className="font-semibold text-stone-950">
            <Link to={`/staff/orders/${refund.orderId}`} className="rounded hover:underline">
              {t("staff.refunds.for-order", { number: refund.orderNumber })}
            </Link>
          </p>
          <p className="text-sm text-stone-600">
            {t("staff.refunds.asked-by", { name: refund.customer_name })}
            <span aria-hidden="true"> · </span>
            <OrderTime at={refund.createdAt} withTime timeZone={refund.timezone} />
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="font-semibold tabular-nums text-stone-950">
            <span className="sr-only">{t("staff.refunds.amount")}: </span>
            <Money amount={refund.amount} currency={refund.currency} />
          </span>
          <RefundStatusBadge status={refund.status} />
        </div>
      </div>
      {refund.lines.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5 text-sm">
          {refund.lines.map((line) => (
            <li key={line.orderLineId} className="rounded-md bg-stone-100 px-2 py-0.5 text-stone-800">
              <bdi>{line.name}</bdi> × {line.quantity}
            </li>
          ))}
        </ul>
      ) : null}
      {refund.reason ? (
        <p className="mt-3 text-sm text-stone-800">
          <span className="font-medium text-stone-500">{t("staff.refunds.reason")}: </span>
          <bdi>{refund.reason}</bdi>
        </p>
      ) : null}
      {refund.answer ? (
        <p className="mt-1 text-sm text-stone-800">
          <span className="font-medium text-stone-500">{t("staff.refunds.answered")}: </span>
          <bdi>{refund.answer}</bdi>
        </p>
      ) : null}
      {refund.status === "requested" ? <AnswerForm refund={refund} actionData={actionData} /> : null}
    </li>
  );
}

export default function StaffRefunds({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, refunds } = loaderData;
  // An answered request may leave the list it was on (the requests waiting): the page says what became of it.
  const done = actionData as { ok?: boolean; orderNumber?: number; status?: RefundStatus } | undefined;
  return (
    <div data-staff-refunds>
      <StaffPageHeader title={t("staff.refunds.title")}>
        <StatusFilter params={params} />
      </StaffPageHeader>
      {done?.ok && done.status ? (
        <FormNotice
          done={t("staff.refunds.done", {
            number: done.orderNumber,
            status: t(`refunds.status.${done.status}`),
          })}
        />
      ) : null}
      <p className="mb-3 text-sm text-stone-600">{t("staff.refunds.count", { count: refunds.total })}</p>
      {refunds.records.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white px-4 py-10 text-center text-sm text-stone-600">
          {t("staff.refunds.empty")}
        </p>
      ) : (
        <ul className="space-y-3">
          {refunds.records.map((refund) => (
            <RefundCard key={refund.id} refund={refund} actionData={actionData} />
          ))}
        </ul>
      )}
      <StaffPages
        current={refunds.current_page}
        last={refunds.last_page}
        hrefFor={(page) => hrefOf({ status: params.status, page })}
      />
    </div>
  );
}
