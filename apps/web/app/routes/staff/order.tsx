import {
  PARCEL_CARRIER_KEYS,
  PARCEL_CARRIERS,
  STAFF_ORDER_ACTIONS,
  type StaffOrder,
  type StaffOrderAction,
  staffActionsFor,
  staffAddOrderNoteBodySchema,
  staffCancelOrderBodySchema,
  staffMoveOrderBodySchema,
  staffOrderTrackingBodySchema,
  staffRefundOrderBodySchema,
} from "@stoa/contract";
import { data, Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { Money, OrderLines, OrderStatusBadge, OrderTime, OrderTotals } from "../../orders/OrderParts.tsx";
import { OrderTimeline } from "../../orders/OrderTimeline.tsx";
import {
  type ActionFailure,
  type FieldErrors,
  failed,
  invalid,
  invalidFields,
} from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { ArrowStartIcon, NoteIcon } from "../../platform/ui/icons.tsx";
import {
  CancelPanel,
  type CareFailure,
  careAnswerIn,
  OrderNotes,
  RefundPanel,
} from "../../staff/orders/OrderCare.tsx";
import { CustomerPanel, DeliveryPanel, PaymentPanel } from "../../staff/orders/OrderFacts.tsx";
import { refundBodyOf, refundFieldsOnForm, refundFormValues } from "../../staff/orders/order-care-form.ts";
import { staffOrderIdOf } from "../../staff/orders/order-id.server.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  formWideFailure,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/order";
import type { loader as layoutLoader } from "./layout.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const orderId = staffOrderIdOf(params.id);
  return { order: await context.storeApi.page("staffOrderDetail", { body: { orderId } }) };
}

/** The parcel fields as the form has them: no carrier chosen is no parcel. */
function parcelOf(form: FormData): { carrier: string; number: string } | undefined {
  const carrier = form.get("carrier");
  if (typeof carrier !== "string" || carrier === "") return undefined;
  const number = form.get("number");
  return { carrier, number: typeof number === "string" ? number : "" };
}

/** The parcel's field errors on the form's own names (`tracking.number` → `number`). */
function parcelFields(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, key] of Object.entries(fields)) out[name.replace(/^tracking\./, "")] = key;
  return out;
}

/** Moves the order on (`intent=move`, the action named), or names a shipped order's parcel (`intent=parcel`). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const orderId = staffOrderIdOf(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "move") {
    const action = form.get("action");
    const parcel = action === "ship" ? parcelOf(form) : undefined;
    const check = validateWith(staffMoveOrderBodySchema, { orderId, action, tracking: parcel });
    if (!check.ok) return invalid(parcelFields(check.fields));
    const outcome = await storeApi.form("staffMoveOrder", { body: check.data }, { fieldPrefix: "tracking" });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, intent: "move" as const, status: outcome.data.status };
  }
  if (intent === "parcel") {
    const check = validateWith(staffOrderTrackingBodySchema, { orderId, ...parcelOf(form) });
    if (!check.ok) return invalid(check.fields);
    const outcome = await storeApi.form("staffOrderTracking", { body: check.data });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, intent: "parcel" as const, status: outcome.data.status };
  }
  if (intent === "cancel" || intent === "refund" || intent === "note")
    return careAction(intent, orderId, form, storeApi);
  return invalid({ intent: "error-field-invalid" });
}

type StoreApi = Route.ActionArgs["context"]["storeApi"];

/** A refused cancel, refund or note, with what was typed, so the form comes back as it was. */
function careFailed(
  intent: CareFailure["intent"],
  failure: ActionFailure,
  status: number,
  values: CareFailure["values"],
) {
  return data({ ...failure, intent, values } satisfies CareFailure, { status });
}

/**
 * Cancel and refund go in two posts: the first checks the form (a refund is priced by the API with
 * `preview`) and asks to confirm; the second, `confirmed=yes`, does it. A note is added at once.
 */
async function careAction(
  intent: "cancel" | "refund" | "note",
  orderId: number,
  form: FormData,
  storeApi: StoreApi,
) {
  const confirmed = form.get("confirmed") === "yes";
  if (intent === "note") {
    const text = String(form.get("text") ?? "");
    const check = validateWith(staffAddOrderNoteBodySchema, { orderId, text });
    if (!check.ok) return careFailed("note", invalidFields(check.fields), 400, { text });
    const outcome = await storeApi.form("staffAddOrderNote", { body: check.data });
    if (!outcome.ok) return careFailed("note", outcome.failure, outcome.status, { text });
    return { ok: true as const, intent: "note" as const };
  }
  if (intent === "cancel") {
    const reason = String(form.get("reason") ?? "");
    const check = validateWith(staffCancelOrderBodySchema, { orderId, reason });
    if (!check.ok) return careFailed("cancel", invalidFields(check.fields), 400, { reason });
    if (!confirmed)
      return { ok: true as const, intent: "cancel-confirm" as const, reason: check.data.reason };
    const outcome = await storeApi.form("staffCancelOrder", { body: check.data });
    if (!outcome.ok) return careFailed("cancel", outcome.failure, outcome.status, { reason });
    return { ok: true as const, intent: "cancel" as const, status: outcome.data.status };
  }
  const order = await storeApi.page("staffOrderDetail", { body: { orderId } });
  const values = refundFormValues(form, order);
  const body = refundBodyOf(orderId, values, !confirmed);
  const check = validateWith(staffRefundOrderBodySchema, body);
  if (!check.ok)
    return careFailed(
      "refund",
      invalidFields(refundFieldsOnForm(check.fields, body.lines) as FieldErrors),
      400,
      {
        refund: values,
      },
    );
  const outcome = await storeApi.form("staffRefundOrder", { body: check.data });
  if (!outcome.ok) {
    const failure = {
      ...outcome.failure,
      fields: refundFieldsOnForm(outcome.failure.fields, body.lines) as FieldErrors,
    };
    return careFailed("refund", failure, outcome.status, { refund: values });
  }
  const { amount, currency, refundedTo, status } = outcome.data;
  if (!confirmed)
    return { ok: true as const, intent: "refund-confirm" as const, amount, currency, refundedTo, values };
  return { ok: true as const, intent: "refund" as const, amount, currency, status };
}

export const meta: Route.MetaFunction = ({ matches, params, data }) =>
  accountPageMeta(matches, `/staff/orders/${params.id}`, (t) =>
    data?.order ? t("staff.order.title", { number: data.order.orderNumber }) : t("staff.orders.title"),
  );

/** The carrier and tracking number of a parcel, for shipping and for correcting it later. */
function ParcelFields({
  order,
  fields,
  required,
}: {
  order: StaffOrder;
  fields?: FieldErrors;
  required: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor="parcel-carrier" className={staffLabel}>
          {t("staff.order.carrier")}
        </label>
        <select
          id="parcel-carrier"
          name="carrier"
          defaultValue={order.tracking?.carrier ?? ""}
          required={required}
          className={staffInput}
          aria-invalid={fields?.carrier ? true : undefined}
          aria-describedby={fields?.carrier ? "parcel-carrier-error" : undefined}
        >
          {required ? null : <option value="">{t("staff.order.carrier-none")}</option>}
          {PARCEL_CARRIER_KEYS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {PARCEL_CARRIERS[carrier].name || t("staff.order.carrier-other")}
            </option>
          ))}
        </select>
        <FieldError id="parcel-carrier-error" fields={fields} name="carrier" />
      </div>
      <div>
        <label htmlFor="parcel-number" className={staffLabel}>
          {t("staff.order.tracking-number")}
        </label>
        <input
          id="parcel-number"
          name="number"
          dir="ltr"
          autoComplete="off"
          defaultValue={order.tracking?.number ?? ""}
          className={staffInput}
          aria-invalid={fields?.number ? true : undefined}
          aria-describedby={fields?.number ? "parcel-number-error" : "parcel-number-hint"}
        />
        <FieldError id="parcel-number-error" fields={fields} name="number" />
        <p id="parcel-number-hint" className="mt-1 text-xs text-stone-500">
          {t("staff.order.tracking-hint")}
        </p>
      </div>
    </div>
  );
}

/** The next step as a form: one button, and for shipping the parcel's carrier and number. */
function MoveForm({
  order,
  action,
  fields,
}: {
  order: StaffOrder;
  action: StaffOrderAction;
  fields?: FieldErrors;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-3" data-staff-move={action}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="action" value={action} />
      {action === "ship" && order.delivery_type !== "digital" ? (
        <ParcelFields order={order} fields={fields} required={false} />
      ) : null}
      <button type="submit" className={`${staffButton.primary} w-full sm:w-auto`} disabled={busy}>
        {t(`staff.order.action.${action}`)}
      </button>
    </Form>
  );
}

function NextStep({ order, actionData }: { order: StaffOrder; actionData: unknown }) {
  const { t } = useTranslation();
  const actions = staffActionsFor(order);
  const failure = careAnswerIn(actionData) ? null : failureIn(actionData);
  const answered = actionData as { ok?: boolean; intent?: string; status?: StaffOrder["status"] } | undefined;
  const done =
    answered?.ok && answered.intent === "move" && answered.status
      ? t("staff.order.moved", { number: order.orderNumber, status: t(`orders.status.${answered.status}`) })
      : answered?.ok && answered.intent === "parcel"
        ? t("staff.order.parcel-saved")
        : null;
  const fields = failure?.fields;
  return (
    <StaffPanel title={t("staff.order.next")} data-staff-next-step>
      <FormNotice failure={formWideFailure(failure)} done={done} />
      {actions.length === 0 ? (
        <p className="text-sm text-stone-600">{t("staff.order.nothing-next")}</p>
      ) : (
        <div className="space-y-3">
          {actions
            .filter((action) => STAFF_ORDER_ACTIONS.includes(action))
            .map((action) => (
              <MoveForm key={action} order={order} action={action} fields={fields} />
            ))}
        </div>
      )}
      {order.status === "shipped" ? (
        <Form method="post" className="mt-5 space-y-3 border-t border-stone-200 pt-4" data-staff-parcel>
          <h3 className="text-sm font-semibold text-stone-900">{t("staff.order.parcel")}</h3>
          <input type="hidden" name="intent" value="parcel" />
          <ParcelFields order={order} fields={fields} required />
          <button type="submit" className={staffButton.secondary}>
            {t("staff.order.save-parcel")}
          </button>
        </Form>
      ) : null}
    </StaffPanel>
  );
}

export default function StaffOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order } = loaderData;
  const care = careAnswerIn(actionData);
  // Refunds need their own permission; the API refuses them anyway, the page only offers what works.
  const permissions = useRouteLoaderData<typeof layoutLoader>("routes/staff/layout")?.me.permissions ?? [];
  const mayRefund = permissions.includes("refunds");
  return (
    <div data-staff-order-detail={order.id} data-order-state={order.status}>
      <Link
        to="/staff/orders"
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-stone-600 hover:text-stone-950"
      >
        <ArrowStartIcon className="size-4" />
        {t("staff.order.back")}
      </Link>
      <div className="mt-3 mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1.5">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-stone-950">
              {t("staff.order.title", { number: order.orderNumber })}
            </h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="text-sm text-stone-600">
            <OrderTime at={order.createdAt} withTime timeZone={order.timezone} />
            <span aria-hidden="true"> · </span>
            {t(`orders.delivery.${order.delivery_type}`)}
            <span aria-hidden="true"> · </span>
            <span className="font-semibold text-stone-950">
              <Money amount={order.payable_amount} currency={order.currency} />
            </span>
          </p>
        </div>
        <Link to={`/staff/orders/${order.id}/slip`} className={staffButton.secondary} data-staff-slip-link>
          <NoteIcon className="size-4" />
          {t("staff.order.slip")}
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-4">
          <NextStep order={order} actionData={actionData} />
          <StaffPanel title={t("staff.order.items")}>
            <OrderLines order={order} />
          </StaffPanel>
          <StaffPanel title={t("staff.order.totals")}>
            <OrderTotals
              totals={order.totals}
              currency={order.currency}
              couponCode={order.coupon?.code ?? null}
              digital={order.delivery_type === "digital"}
            />
          </StaffPanel>
          {mayRefund ? <RefundPanel order={order} answer={care} /> : null}
          <CancelPanel order={order} answer={care} />
        </div>
        <div className="min-w-0 space-y-4">
          <CustomerPanel order={order} mayOpenCustomer={permissions.includes("catalogue")} />
          <DeliveryPanel order={order} />
          <PaymentPanel order={order} />
          <StaffPanel title={t("staff.order.timeline")}>
            <OrderTimeline order={order} />
            <OrderNotes order={order} answer={care} />
          </StaffPanel>
        </div>
      </div>
    </div>
  );
}
