import { ERRORS, type Tab, type TableMenu } from "@stoa/contract";
import { pageProblem } from "../platform/api/page-answer.server.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";

/** Codes of an in-store token that no longer works: the diner scans the table's code again. */
const ENDED = new Set<string>([ERRORS.UNAUTHORIZED.code, ERRORS.INVALID_SESSION.code, ERRORS.FORBIDDEN.code]);

export const tokenEnded = (code: string) => ENDED.has(code);

/** The diner's tab: the tab, none yet (`null`), or "scan again" when the in-store token ended. */
export async function tabOfDiner(storeApi: StoreApi): Promise<{ tab: Tab | null } | { ended: true }> {
  if (!storeApi.atTable) return { ended: true };
  const answer = await storeApi.form("tabDetail", { query: {} });
  if (answer.ok) return { tab: answer.data };
  if (tokenEnded(answer.failure.code)) return { ended: true };
  if (answer.failure.code === ERRORS.NOT_FOUND.code) return { tab: null };
  throw pageProblem("unavailable", 503);
}

/** The table's menu, or null when it cannot be read now (the page says so and still shows the tab). */
export async function menuOfTable(storeApi: StoreApi): Promise<TableMenu | null> {
  const answer = await storeApi.form("tableMenu", {});
  return answer.ok ? answer.data : null;
}
