import { isMessageKey, type MessageKey } from "../../platform/api/form-answer.ts";

/** Where a product page's "Email me when it's back" form posts (a resource route of the product). */
export const stockAlertAction = (productId: number) => `/products/${productId}/stock-alert`;

/**
 * Set on the product page a plain (script-less) post comes back to: the address the alert goes to
 * (`sent:<email>`), or the translation key of what went wrong. The form shows it.
 */
export const STOCK_ALERT_PARAM = "stock-alert";
/** The form's id: a plain post comes back scrolled to it. */
export const STOCK_ALERT_ANCHOR = "stock-alert";
const SENT = "sent:";

export type StockAlertOutcome = { ok: true; email: string } | { ok: false; key: MessageKey };

export function stockAlertParamOf(outcome: StockAlertOutcome): string {
  return outcome.ok ? `${SENT}${outcome.email}` : outcome.key;
}

/** What a plain post led to, from the address it came back to; anything else is ignored. */
export function stockAlertOutcomeOf(search: URLSearchParams): StockAlertOutcome | null {
  const value = search.get(STOCK_ALERT_PARAM);
  if (value?.startsWith(SENT)) return { ok: true, email: value.slice(SENT.length) };
  return isMessageKey(value) ? { ok: false, key: value } : null;
}
