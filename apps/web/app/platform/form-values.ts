import { FIELD_ERROR_KEYS } from "@stoa/contract";
import { type FieldErrors, isMessageKey } from "./api/form-answer.ts";

/**
 * Anything that parses like a contract (zod) schema. Forms validate with the contract's own
 * schemas, so the storefront checks exactly what the store API will check, with the same keys.
 */
export type Schema<T> = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

export type Validation<T> = { ok: true; data: T } | { ok: false; fields: FieldErrors };

/** Spec §5: a failing rule becomes a translation key on its field; the first rule per field wins. */
export function validateWith<T>(schema: Schema<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "_";
    if (fields[field]) continue;
    fields[field] = isMessageKey(issue.message) ? issue.message : FIELD_ERROR_KEYS.invalid;
  }
  return { ok: false, fields };
}

type Nested = { [key: string]: string | Nested };

/**
 * The named fields of a form as an object; dotted names nest (`address.city` → `{ address: { city } }`).
 * Only the names asked for are read, so stray fields (intent, redirectTo) never reach the API.
 */
export function formValues(form: FormData, names: readonly string[]): Nested {
  const out: Nested = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value !== "string") continue;
    const parts = name.split(".");
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (typeof next === "object") target = next;
      else target = target[part] = {};
    }
    target[parts[parts.length - 1] as string] = value;
  }
  return out;
}

/**
 * What a form still shows after the shopper edits the field `changed`, from what it showed and what
 * the form's own check finds now. Errors only go or change while typing, never appear: the edited
 * field's error goes once the field is right, or changes to what is wrong with it now; an error the
 * form's own check made (`shownByCheck`) goes once the check no longer finds it, wherever the edit
 * was (ticking a line answers "choose a line"); the store's errors on other fields stay, as only the
 * store can say they are answered.
 */
export function errorsAfterEdit(
  shown: FieldErrors,
  changed: string,
  now: FieldErrors,
  shownByCheck: boolean,
): FieldErrors {
  const after: FieldErrors = {};
  for (const [field, key] of Object.entries(shown)) {
    const still = now[field];
    if (field === changed) {
      if (still) after[field] = still;
    } else if (!shownByCheck || still) {
      after[field] = key;
    }
  }
  return after;
}
