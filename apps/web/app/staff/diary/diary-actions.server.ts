import { DIARY_KINDS, DIARY_MARKS, type DiaryKind, FIELD_ERROR_KEYS } from "@stoa/contract";
import { data } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import type { StoreApi } from "../../platform/api/store-api.server.ts";

/*
 * What the diary's pages post. Each answers as a plain page would (the page comes back with a
 * notice), the same before scripts run.
 */

export const entryRefOf = (kind: unknown, id: unknown): { kind: DiaryKind; id: number } | null => {
  const n = Number(id);
  return (DIARY_KINDS as readonly unknown[]).includes(kind) && Number.isInteger(n) && n > 0
    ? { kind: kind as DiaryKind, id: n }
    : null;
};

type Outcome = Awaited<ReturnType<StoreApi["form"]>>;

export function answer(intent: string, outcome: Outcome) {
  if (outcome.ok) return { ok: true as const, intent };
  return data({ ...outcome.failure, intent }, { status: outcome.status });
}

export const missing = (intent: string, field: string) =>
  data({ ...invalidFields({ [field]: FIELD_ERROR_KEYS.required }), intent }, { status: 400 });

/** Arrived or no-show, from the diary or an entry's page. */
export async function markAction(storeApi: StoreApi, form: FormData) {
  const ref = entryRefOf(form.get("kind"), form.get("id"));
  const status = form.get("status");
  if (!ref) return missing("mark", "id");
  if (!(DIARY_MARKS as readonly unknown[]).includes(status)) return missing("mark", "status");
  return answer(
    "mark",
    await storeApi.form("staffDiaryMark", { body: { ...ref, status: status as "arrived" | "noShow" } }),
  );
}
