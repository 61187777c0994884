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
