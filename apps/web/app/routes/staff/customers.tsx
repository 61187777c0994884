import { STAFF_CUSTOMERS_PAGE_SIZE, type StaffCustomerSummary } from "@stoa/contract";
import { Form, Link } from "react-router";
import { OrderTime } from "../../orders/OrderParts.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { CustomerStateChip, phoneOf, useCustomerName } from "../../staff/customers/CustomerParts.tsx";
import { customerListHref, customerListParams } from "../../staff/customers/customer-forms.ts";
import { StaffPageHeader, StaffPages, staffButton, staffInput } from "../../staff/ui.tsx";
import type { Route } from "./+types/customers";

/** The shop's customers, newest first, twenty a page: by part of a name, email or phone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = customerListParams(new URL(request.url).searchParams);
  const customers = await context.storeApi.page("staffCustomerList", {
    query: { limit: STAFF_CUSTOMERS_PAGE_SIZE, page: params.page },
    body: { q: params.q, guests: params.guests },
  });
  return { params, customers };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `/staff/customers${location.search}`, (t) => t("staff.customers.title"));

/** A customer as a card on a phone and a row of columns from the small breakpoint up. */
function CustomerRow({ customer }: { customer: StaffCustomerSummary }) {
  const { t } = useTranslation();
  const nameOf = useCustomerName();
  const phone = phoneOf(customer);
  return (
    <li
      className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 focus-within:bg-stone-50 hover:bg-stone-50 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_8rem_6rem] sm:items-center"
      data-staff-customer={customer.id}
    >
      <p className="min-w-0 truncate font-semibold text-stone-950">
        <Link
          to={`/staff/customers/${customer.id}`}
          className="rounded after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          <bdi>{nameOf(customer)}</bdi>
        </Link>
      </p>
      <p className="text-end sm:order-4">
        <CustomerStateChip customer={customer} />
      </p>
      <p className="col-span-2 min-w-0 text-sm text-stone-700 sm:order-2 sm:col-span-1">
        <span className="sr-only">{t("staff.customers.contact")}: </span>
        {customer.email ? (
          <bdi dir="ltr" className="block truncate">
            {customer.email}
          </bdi>
        ) : null}
        {phone ? (
          <bdi dir="ltr" className="block truncate text-stone-500">
            {phone}
          </bdi>
        ) : null}
      </p>
      <p className="col-span-2 text-sm text-stone-600 sm:order-3 sm:col-span-1">
        <span className="sr-only">{t("staff.customers.since")}: </span>
        <OrderTime at={customer.createdAt} />
      </p>
    </li>
  );
}

export default function StaffCustomers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, customers } = loaderData;
  const filtered = params.q !== "";
  return (
    <div data-staff-customers>
      <StaffPageHeader title={t("staff.customers.title")} intro={t("staff.customers.intro")} />
      <Form method="get" className="mb-4 flex flex-wrap items-center gap-2" data-staff-customer-filter>
        <div className="w-full min-w-0 sm:w-80">
          <label htmlFor="customer-q" className="sr-only">
            {t("staff.customers.search")}
          </label>
          <input
            id="customer-q"
            name="q"
            type="search"
            defaultValue={params.q}
            maxLength={100}
            placeholder={t("staff.customers.search")}
            className={`${staffInput} py-2`}
          />
        </div>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            name="guests"
            value="1"
            defaultChecked={params.guests}
            className="size-4 rounded border-stone-300"
          />
          {t("staff.customers.with-guests")}
        </label>
        <button type="submit" className={`${staffButton.secondary} py-2`}>
          {t("staff.customers.apply")}
        </button>
      </Form>
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="border-b border-stone-200 px-4 py-2.5 text-sm text-stone-600">
          <span data-staff-customers-total={customers.total}>
            {customers.total_is_lower_bound
              ? t("staff.customers.count-at-least", { count: customers.total })
              : t("staff.customers.count", { count: customers.total })}
          </span>
        </div>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[minmax(0,12rem)_minmax(0,1fr)_8rem_6rem] gap-x-4 border-b border-stone-200 bg-stone-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-stone-500 sm:grid"
        >
          <span>{t("staff.customers.name")}</span>
          <span>{t("staff.customers.contact")}</span>
          <span>{t("staff.customers.since")}</span>
          <span className="text-end">{t("staff.customers.state")}</span>
        </div>
        {customers.records.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-stone-600" data-staff-customers-empty>
            {filtered ? t("staff.customers.empty") : t("staff.customers.none-yet")}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {customers.records.map((customer) => (
              <CustomerRow key={customer.id} customer={customer} />
            ))}
          </ul>
        )}
      </div>
      <StaffPages
        current={customers.current_page}
        last={customers.last_page}
        hrefFor={(page) => customerListHref({ ...params, page })}
      />
    </div>
  );
}
