import { FIELD_ERROR_KEYS, staffVoidLineBodySchema } from "@stoa/contract";
import { data, redirect } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import type { StoreApi } from "../../platform/api/store-api.server.ts";
import { validateWith } from "../../platform/form-values.ts";

/*
 * What the console's table board, tab page and kitchen screen post. Each answers the form as a
 * plain page would (the page comes back with a notice) and works the same before scripts run.
 */

const id = (form: FormData, name: string) => {
  const value = Number(form.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
};

type Outcome = Awaited<ReturnType<StoreApi["form"]>>;

function answer(intent: string, outcome: Outcome) {
  if (outcome.ok) return { ok: true as const, intent };
  return data({ ...outcome.failure, intent }, { status: outcome.status });
}

const missing = (intent: string, field: string) =>
  data({ ...invalidFields({ [field]: FIELD_ERROR_KEYS.required }), intent }, { status: 400 });

/** Seat a party at a table, or confirm the tab diners opened there. */
export async function boardAction(storeApi: StoreApi, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "seat") {
    const tableId = id(form, "tableId");
    if (!tableId) return missing(intent, "tableId");
    return answer(intent, await storeApi.form("staffSeatTable", { body: { tableId } }));
  }
  const tabId = id(form, "tabId");
  if (!tabId) return missing(intent, "tabId");
  return answer("confirm", await storeApi.form("staffConfirmTab", { body: { tabId } }));
}

/** Void a line with its reason, move the tab to another table, or merge it into another tab. */
export async function tabAction(storeApi: StoreApi, tabId: number, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "void") {
    const check = validateWith(staffVoidLineBodySchema, {
      tabId,
      lineId: id(form, "lineId"),
      reason: String(form.get("reason") ?? ""),
    });
    if (!check.ok)
      return data({ ...invalidFields(check.fields), intent, lineId: id(form, "lineId") }, { status: 400 });
    const outcome = await storeApi.form("staffVoidLine", { body: check.data });
    return outcome.ok
      ? { ok: true as const, intent }
      : data({ ...outcome.failure, intent, lineId: check.data.lineId }, { status: outcome.status });
  }
  if (intent === "move") {
    const tableId = id(form, "tableId");
    if (!tableId) return missing(intent, "tableId");
    return answer(intent, await storeApi.form("staffMoveTab", { body: { tabId, tableId } }));
  }
  if (intent === "merge") {
    const intoTabId = id(form, "intoTabId");
    if (!intoTabId) return missing(intent, "intoTabId");
    const outcome = await storeApi.form("staffMergeTabs", { body: { tabId, intoTabId } });
    // This tab ended in the other: the page to be on is that one's.
    return outcome.ok ? redirect(`/staff/tabs/${intoTabId}`) : answer(intent, outcome);
  }
  return answer("confirm", await storeApi.form("staffConfirmTab", { body: { tabId } }));
}

/** A ticket moved a step on the kitchen screen (or back, as an undo). */
export async function kitchenAction(storeApi: StoreApi, form: FormData) {
  const roundId = id(form, "roundId");
  const to = String(form.get("to") ?? "");
  if (!roundId || (to !== "preparing" && to !== "served" && to !== "sent")) return missing("move", "roundId");
  return answer("move", await storeApi.form("staffKitchenMove", { body: { roundId, to } }));
}
