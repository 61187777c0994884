import { ORDER_STATUSES, type OrderStatus } from "@stoa/contract";

export type StaffOrderListParams = { status: OrderStatus | null; page: number };

/** The list's filter and page from the address: anything unknown is the first page of all orders. */
export function staffOrderListParams(search: URLSearchParams): StaffOrderListParams {
  const status = search.get("status");
  const page = Number(search.get("page") ?? "1");
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? "") ? (status as OrderStatus) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function staffOrderListHref({ status, page }: StaffOrderListParams): string {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `/staff/orders${text ? `?${text}` : ""}`;
}
