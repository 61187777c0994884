import {
  STAFF_PAGE_SIZE,
  STAFF_WALLET_REASON_MAX,
  type StaffCustomerDetail,
  type StaffOrderSummary,
  type StaffWalletEntry,
  staffCustomerEraseBodySchema,
} from "@stoa/contract";
import { data, Form, Link } from "react-router";
import { Money, OrderStatusBadge, OrderTime } from "../../orders/OrderParts.tsx";
import { type ActionFailure, failed, invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { pageOf } from "../../staff/coupons/coupon-form.ts";
import { staffCouponIdOf as staffIdOf } from "../../staff/coupons/coupon-id.server.ts";
import {
  CustomerStateChip,
  phoneOf,
  useCustomerName,
  useOrderCustomerName,
} from "../../staff/customers/CustomerParts.tsx";
import { type WalletFormText, walletFormBody, walletFormText } from "../../staff/customers/customer-forms.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  formWideFailure,
  StaffPageHeader,
  StaffPages,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/customer";

/** One customer: contact, addresses, wallet with its entries, their orders (`?page=`), and what staff may do. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const customerId = staffIdOf(params.id);
  const url = new URL(request.url);
  const [detail, orders] = await Promise.all([
    context.storeApi.page("staffCustomerDetail", { body: { customerId } }),
    context.storeApi.page("staffOrderList", {
      query: { limit: STAFF_PAGE_SIZE, page: pageOf(url.searchParams) },
      body: { customerId },
    }),
  ]);
  return { detail, orders };
}

type Intent = "wallet" | "block" | "unblock" | "erase";
const INTENTS: readonly Intent[] = ["wallet", "block", "unblock", "erase"];

/**
 * The page's forms, each a plain post naming its `intent`: a wallet adjustment, blocking or
 * unblocking, and erasing (with the customer's number typed again). A refusal comes back with the
 * intent and what was typed, so the right form shows its errors and loses nothing.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const customerId = staffIdOf(params.id);
  const form = await request.formData();
  const intent = INTENTS.find((one) => one === form.get("intent"));
  if (!intent)
    return data({ ...invalidFields({ intent: "error-field-invalid" }), intent: null }, { status: 400 });
  if (intent === "wallet") {
    const text = walletFormText(form);
    const check = walletFormBody(customerId, text);
    if (!check.ok) return data({ ...invalidFields(check.fields), intent, text }, { status: 400 });
    const outcome = await storeApi.form("staffCustomerWallet", { body: check.data });
    if (!outcome.ok) return data({ ...outcome.failure, intent, text }, { status: outcome.status });
    return { ok: true as const, intent, amount: check.data.amount };
  }
  if (intent === "erase") {
    const confirm = String(form.get("confirm") ?? "");
    const check = validateWith(staffCustomerEraseBodySchema, { customerId, confirm });
    if (!check.ok) return data({ ...invalidFields(check.fields), intent }, { status: 400 });
    if (check.data.confirm !== String(customerId))
      return data({ ...invalidFields({ confirm: "error-erase-confirm" }), intent }, { status: 400 });
    const outcome = await storeApi.form("staffCustomerErase", { body: check.data });
    if (!outcome.ok) return data({ ...outcome.failure, intent }, { status: outcome.status });
    return { ok: true as const, intent };
  }
  const outcome = await storeApi.form("staffCustomerBlock", {
    body: { customerId, blocked: intent === "block" },
  });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent };
}

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  accountPageMeta(matches, `/staff/customers/${page?.detail.customer.id ?? ""}`, (t) =>
    t("staff.customers.customer-title", { id: page?.detail.customer.id ?? "" }),
  );

type Answer = { ok?: boolean; intent?: Intent | null; text?: WalletFormText; amount?: number };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-stone-900">{children}</dd>
    </div>
  );
}

function WalletEntries({ entries, currency }: { entries: StaffWalletEntry[]; currency: string }) {
  const { t } = useTranslation();
  if (entries.length === 0)
    return <p className="text-sm text-stone-600">{t("staff.customers.wallet-none")}</p>;
  return (
    <ul className="divide-y divide-stone-100" data-wallet-entries>
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="flex items-start justify-between gap-3 py-2 text-sm"
          data-wallet-entry={entry.amount}
        >
          <span className="min-w-0">
            <bdi className="block break-words text-stone-900">{entry.reason}</bdi>
            <span className="text-xs text-stone-500">
              <OrderTime at={entry.at} withTime />
              {entry.orderId ? (
                <>
                  {" · "}
                  <Link to={`/staff/orders/${entry.orderId}`} className="underline">
                    {t("staff.customers.wallet-order")}
                  </Link>
                </>
              ) : null}
            </span>
          </span>
          <span
            className={`shrink-0 font-semibold tabular-nums ${entry.amount < 0 ? "text-red-700" : "text-emerald-700"}`}
          >
            {entry.amount > 0 ? "+" : ""}
            <Money amount={entry.amount} currency={currency} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function WalletForm({
  failure,
  text,
  done,
}: {
  failure: ActionFailure | null;
  text?: WalletFormText;
  done: boolean;
}) {
  const { t } = useTranslation();
  const fields = failure?.fields;
  return (
    <Form method="post" className="mt-4 space-y-3 border-t border-stone-200 pt-4" data-wallet-form>
      <input type="hidden" name="intent" value="wallet" />
      <FormNotice failure={formWideFailure(failure)} done={done ? t("staff.customers.wallet-done") : null} />
      <fieldset>
        <legend className={staffLabel}>{t("staff.customers.wallet-direction")}</legend>
        <div className="flex flex-wrap gap-4">
          {(["add", "take"] as const).map((direction) => (
            <label key={direction} className="inline-flex min-h-10 items-center gap-2 text-sm text-stone-800">
              <input
                type="radio"
                name="direction"
                value={direction}
                defaultChecked={(text?.direction ?? "add") === direction}
                className="size-4"
              />
              {t(`staff.customers.wallet-${direction}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="wallet-amount" className={staffLabel}>
          {t("staff.customers.wallet-amount")}
        </label>
        <input
          id="wallet-amount"
          name="amount"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          defaultValue={text?.amount ?? ""}
          aria-invalid={fields?.amount ? true : undefined}
          aria-describedby={fields?.amount ? "wallet-amount-error" : undefined}
          className={`${staffInput} sm:max-w-48`}
        />
        <FieldError id="wallet-amount-error" fields={fields} name="amount" />
      </div>
      <div>
        <label htmlFor="wallet-reason" className={staffLabel}>
          {t("staff.customers.wallet-reason")}
        </label>
        <input
          id="wallet-reason"
          name="reason"
          maxLength={STAFF_WALLET_REASON_MAX}
          defaultValue={text?.reason ?? ""}
          aria-invalid={fields?.reason ? true : undefined}
          aria-describedby={fields?.reason ? "wallet-reason-error" : undefined}
          className={staffInput}
        />
        <FieldError id="wallet-reason-error" fields={fields} name="reason" />
      </div>
      <button type="submit" className={staffButton.primary}>
        {t("staff.customers.wallet-save")}
      </button>
    </Form>
  );
}

function CustomerOrders({ orders }: { orders: StaffOrderSummary[] }) {
  const { t } = useTranslation();
  const nameOf = useOrderCustomerName();
  if (orders.length === 0)
    return <p className="text-sm text-stone-600">{t("staff.customers.orders-none")}</p>;
  return (
    <ul className="-mx-4 divide-y divide-stone-100 sm:-mx-5" data-customer-orders>
      {orders.map((order) => (
        <li
          key={order.id}
          className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-4 py-2.5 hover:bg-stone-50 sm:px-5"
          data-customer-order={order.id}
        >
          <p className="font-semibold tabular-nums">
            <Link to={`/staff/orders/${order.id}`} className="after:absolute after:inset-0">
              #{order.orderNumber}
            </Link>
            <span className="ms-2 text-sm font-normal text-stone-600" data-customer-order-name>
              <bdi>{nameOf(order.customer_name)}</bdi>
            </span>
          </p>
          <p className="text-end font-semibold tabular-nums">
            <Money amount={order.payable_amount} currency={order.currency} />
          </p>
          <p className="text-sm text-stone-600">
            <OrderTime at={order.createdAt} withTime timeZone={order.timezone} />
          </p>
          <p className="text-end">
            <OrderStatusBadge status={order.status} />
          </p>
        </li>
      ))}
    </ul>
  );
}

function AccountActions({
  detail,
  answer,
  failure,
}: {
  detail: StaffCustomerDetail;
  answer?: Answer;
  failure: ActionFailure | null;
}) {
  const { t } = useTranslation();
  const { customer } = detail;
  const erased = customer.erasedAt !== null;
  const eraseFailure = answer?.intent === "erase" ? failure : null;
  const blockFailure = answer?.intent === "block" || answer?.intent === "unblock" ? failure : null;
  return (
    <StaffPanel title={t("staff.customers.account")} data-customer-actions>
      <div className="space-y-5">
        <FormNotice failure={blockFailure} />
        {erased ? (
          <p className="text-sm text-stone-700">{t("staff.customers.erased-note")}</p>
        ) : (
          <Form method="post" className="space-y-2" data-block-form>
            <p className="text-sm text-stone-700">
              {customer.blockedAt ? t("staff.customers.blocked-note") : t("staff.customers.block-note")}
            </p>
            <button
              type="submit"
              name="intent"
              value={customer.blockedAt ? "unblock" : "block"}
              className={customer.blockedAt ? staffButton.secondary : staffButton.danger}
            >
              {customer.blockedAt ? t("staff.customers.unblock") : t("staff.customers.block")}
            </button>
          </Form>
        )}
        <form
          method="post"
          action={`/staff/customers/${customer.id}/export`}
          className="space-y-2 border-t border-stone-200 pt-4"
          data-export-form
        >
          <p className="text-sm text-stone-700">{t("staff.customers.export-note")}</p>
          <button type="submit" className={staffButton.secondary}>
            {t("staff.customers.export")}
          </button>
        </form>
        {erased ? null : (
          <Form method="post" className="space-y-2 border-t border-stone-200 pt-4" data-erase-form>
            <input type="hidden" name="intent" value="erase" />
            <p className="text-sm text-stone-700">{t("staff.customers.erase-note")}</p>
            <FormNotice
              failure={eraseFailure && Object.keys(eraseFailure.fields).length === 0 ? eraseFailure : null}
            />
            <label htmlFor="erase-confirm" className={staffLabel}>
              {t("staff.customers.erase-confirm", { id: customer.id })}
            </label>
            <input
              id="erase-confirm"
              name="confirm"
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              aria-invalid={eraseFailure?.fields.confirm ? true : undefined}
              aria-describedby={eraseFailure?.fields.confirm ? "erase-confirm-error" : undefined}
              className={`${staffInput} sm:max-w-48`}
            />
            <FieldError id="erase-confirm-error" fields={eraseFailure?.fields} name="confirm" />
            <button type="submit" className={staffButton.danger}>
              {t("staff.customers.erase")}
            </button>
          </Form>
        )}
      </div>
    </StaffPanel>
  );
}

export default function StaffCustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const nameOf = useCustomerName();
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  const { detail, orders } = loaderData;
  const { customer, addresses, wallet } = detail;
  const phone = phoneOf(customer);
  const done =
    answer?.ok === true && answer.intent !== "wallet"
      ? t(`staff.customers.done.${answer.intent ?? "block"}`)
      : null;
  return (
    <div className="max-w-4xl" data-staff-customer-page={customer.id}>
      <p className="mb-2 text-sm">
        <Link
          to="/staff/customers"
          className="font-medium text-stone-600 hover:text-stone-950 hover:underline"
        >
          {t("staff.customers.back")}
        </Link>
      </p>
      <StaffPageHeader title={<bdi data-customer-name>{nameOf(customer)}</bdi>}>
        <CustomerStateChip customer={customer} />
      </StaffPageHeader>
      <FormNotice done={done} />
      <div className="grid gap-4 lg:grid-cols-2">
        <StaffPanel title={t("staff.customers.contact")} data-customer-contact>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={t("staff.customers.number")}>
              <span className="tabular-nums">{customer.id}</span>
            </Fact>
            <Fact label={t("staff.customers.since")}>
              <OrderTime at={customer.createdAt} />
            </Fact>
            <Fact label={t("staff.customers.email")}>
              {customer.email ? (
                <>
                  <bdi dir="ltr" className="break-all">
                    {customer.email}
                  </bdi>
                  {customer.emailVerified ? (
                    <span className="ms-1.5 text-xs text-emerald-700">{t("staff.customers.verified")}</span>
                  ) : null}
                </>
              ) : (
                "—"
              )}
            </Fact>
            <Fact label={t("staff.customers.phone")}>{phone ? <bdi dir="ltr">{phone}</bdi> : "—"}</Fact>
          </dl>
          <h3 className="mt-4 mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">
            {t("staff.customers.addresses")}
          </h3>
          {addresses.length === 0 ? (
            <p className="text-sm text-stone-600">{t("staff.customers.addresses-none")}</p>
          ) : (
            <ul className="space-y-2" data-customer-addresses>
              {addresses.map((address) => (
                <li key={address.id} className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800">
                  <span className="text-xs font-medium text-stone-500">
                    {t(`staff.customers.address-${address.type}`)}
                    {address.isDefault ? ` · ${t("staff.customers.address-default")}` : ""}
                  </span>
                  <bdi className="block">{address.lines.join(", ")}</bdi>
                </li>
              ))}
            </ul>
          )}
        </StaffPanel>
        <StaffPanel title={t("staff.customers.wallet")} data-customer-wallet={String(wallet.balance)}>
          <p className="text-2xl font-bold tabular-nums text-stone-950" data-wallet-balance>
            <Money amount={wallet.balance} currency={wallet.currency} />
          </p>
          {customer.kind === "customer" && !customer.erasedAt ? (
            <WalletForm
              key={wallet.entries[0]?.id ?? 0}
              failure={answer?.intent === "wallet" ? failure : null}
              text={answer?.intent === "wallet" && failure ? answer.text : undefined}
              done={answer?.intent === "wallet" && answer.ok === true}
            />
          ) : null}
          <h3 className="mt-4 mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
            {t("staff.customers.wallet-entries")}
          </h3>
          <WalletEntries entries={wallet.entries} currency={wallet.currency} />
        </StaffPanel>
        <StaffPanel
          title={t("staff.customers.orders")}
          className="lg:col-span-2"
          data-customer-orders-total={String(orders.total)}
        >
          <CustomerOrders orders={orders.records} />
          <StaffPages
            current={orders.current_page}
            last={orders.last_page}
            hrefFor={(page) => `/staff/customers/${customer.id}?page=${page}`}
          />
        </StaffPanel>
        <div className="lg:col-span-2">
          <AccountActions detail={detail} answer={answer} failure={failure} />
        </div>
      </div>
    </div>
  );
}
