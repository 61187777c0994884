import {
  DELIVERY_TYPES,
  type DeliveryType,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "@stoa/contract";

export type StaffOrderListParams = {
  status: OrderStatus | null;
  paymentStatus: PaymentStatus | null;
  deliveryType: DeliveryType | null;
  from: string | null;
  to: string | null;
  q: string;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return (list as readonly string[]).includes(value ?? "") ? (value as T) : null;
}

/** The list's filters and page from the address: anything unknown is no filter, the first page. */
export function staffOrderListParams(search: URLSearchParams): StaffOrderListParams {
  const page = Number(search.get("page") ?? "1");
  const day = (name: string) => {
    const value = search.get(name) ?? "";
    return DAY.test(value) ? value : null;
  };
  return {
    status: oneOf(ORDER_STATUSES, search.get("status")),
    paymentStatus: oneOf(PAYMENT_STATUSES, search.get("payment")),
    deliveryType: oneOf(DELIVERY_TYPES, search.get("delivery")),
    from: day("from"),
    to: day("to"),
    q: (search.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The list's call body for these filters. */
export function staffOrderListBody({ page: _page, ...filters }: StaffOrderListParams) {
  return filters;
}

/** Whether any filter beyond the status is set (the filter panel then opens by itself). */
export function hasMoreFilters(params: StaffOrderListParams): boolean {
  return Boolean(params.paymentStatus || params.deliveryType || params.from || params.to || params.q);
}

export function staffOrderListHref(params: Partial<StaffOrderListParams> & { page: number }): string {
  const query = new URLSearchParams();
  if (params.status) query.set("status", params.status);
  if (params.paymentStatus) query.set("payment", params.paymentStatus);
  if (params.deliveryType) query.set("delivery", params.deliveryType);
  if (params.from) query.set("from", params.from);
  if (params.to) query.set("to", params.to);
  if (params.q) query.set("q", params.q);
  if (params.page > 1) query.set("page", String(params.page));
  const text = query.toString();
  return `/staff/orders${text ? `?${text}` : ""}`;
}
