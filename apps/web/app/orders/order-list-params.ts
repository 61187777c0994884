import { MAX_PAGE, ORDER_LIST_TAB_NAMES, type OrderListTab } from "@stoa/contract";

/** Which tab and page of `/orders` a URL asks for (`?tab=&page=`). */
export type OrderListParams = { tab: OrderListTab; page: number };

export function isOrderListTab(value: unknown): value is OrderListTab {
  return typeof value === "string" && (ORDER_LIST_TAB_NAMES as readonly string[]).includes(value);
}

/**
 * The `page` of a paged account list: a whole number from 1 up to the deepest page the API serves;
 * anything else (missing, 0, "abc", 2.5) is the first page rather than an error page.
 */
export function pageParam(params: URLSearchParams): number {
  const raw = params.get("page");
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return 1;
  const page = Number(raw);
  return page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** An unknown tab is the "all" tab, so an old or mistyped link still lists the orders. */
export function orderListParams(params: URLSearchParams): OrderListParams {
  const tab = params.get("tab");
  return { tab: isOrderListTab(tab) ? tab : "all", page: pageParam(params) };
}

/** The one URL of a tab and page: defaults are left out, so `/orders` is the first page of "all". */
export function orderListHref({ tab, page }: OrderListParams): string {
  const parts: string[] = [];
  if (tab !== "all") parts.push(`tab=${tab}`);
  if (page > 1) parts.push(`page=${page}`);
  return parts.length > 0 ? `/orders?${parts.join("&")}` : "/orders";
}

/** A page of a list that has no tabs (`/refunds`). */
export function pagedHref(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}
