import { ERASED_CUSTOMER_NAME, type StaffCustomerSummary } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";

/** A customer's name as the console shows it: "Erased customer" once erased, their number without a name. */
export function useCustomerName() {
  const { t } = useTranslation();
  return (customer: Pick<StaffCustomerSummary, "id" | "firstName" | "lastName" | "erasedAt">) => {
    if (customer.erasedAt) return t("staff.customers.erased-name");
    const name = `${customer.firstName} ${customer.lastName}`.trim();
    return name || t("staff.customers.no-name", { id: customer.id });
  };
}

/** The name an order carries, translated when its customer was erased (ERASED_CUSTOMER_NAME). */
export function useOrderCustomerName() {
  const { t } = useTranslation();
  return (name: string) => (name === ERASED_CUSTOMER_NAME ? t("staff.customers.erased-name") : name);
}

/** The customer's phone as one number: its country code, then the number. */
export function phoneOf(customer: Pick<StaffCustomerSummary, "countryCode" | "phone">): string | null {
  if (!customer.phone) return null;
  return customer.countryCode ? `+${customer.countryCode} ${customer.phone}` : customer.phone;
}

/** Where a customer stands: blocked, erased, a guest, or nothing to say. */
export function CustomerStateChip({ customer }: { customer: StaffCustomerSummary }) {
  const { t } = useTranslation();
  const state = customer.erasedAt
    ? "erased"
    : customer.blockedAt
      ? "blocked"
      : customer.kind === "guest"
        ? "guest"
        : null;
  if (!state) return null;
  const look = {
    erased: "bg-stone-200 text-stone-700",
    blocked: "bg-red-100 text-red-800",
    guest: "bg-sky-100 text-sky-800",
  }[state];
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${look}`}
      data-customer-state={state}
    >
      {t(`staff.customers.states.${state}`)}
    </span>
  );
}
