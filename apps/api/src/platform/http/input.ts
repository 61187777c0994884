import { FIELD_ERROR_KEYS } from "@stoa/contract";
import type { z } from "zod";
import { ApiError, type FieldErrors } from "./errors.ts";

/*
 * Untrusted input on its way to a handler: the JSON body read with a depth limit, text refused when
 * PostgreSQL could not store it, and every part parsed with the contract's schema into field errors.
 */

/**
 * The deepest nesting any body of the contract has is a handful of levels (a search filter's
 * lists); 32 leaves room to grow while keeping a hostile 3,000-level body from costing anything.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep a JSON text nests, read in one pass over its characters without parsing it, stopping as
 * soon as `limit` is passed.
 */
export function jsonDepthExceeds(raw: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return false;
}

/** A request body as JSON: empty is `{}`; too deep, malformed or not JSON is a field error. */
export async function readJson(raw: string): Promise<unknown> {
  if (raw.trim() === "") return {};
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH))
    throw new ApiError("INVALID_INPUT", { _: FIELD_ERROR_KEYS.tooDeep });
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError("INVALID_INPUT", { _: "error-field-invalid" });
  }
}

/**
 * A lone half of a UTF-16 surrogate pair ("\ud83d" sent without its other half): not Unicode, so
 * PostgreSQL refuses it in jsonb and it would be mangled in text.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store `text` as given: no NUL character, and well-formed Unicode. */
const storable = (text: string) => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

/**
 * The path of the first text (or field name) PostgreSQL cannot store in text or jsonb — a NUL
 * character, or a lone surrogate: such input is refused as a field error before it reaches a
 * query. The walk keeps its own stack (no recursion, so no overflow) and builds a path only for the
 * text it reports.
 */
export function unstorableTextPath(value: unknown): string | null {
  type Visit = { value: unknown; key: string; parent: Visit | null };
  const pathOf = (visit: Visit) => {
    const keys: string[] = [];
    for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.unshift(at.key);
    return keys.join(".") || "_";
  };
  const stack: Visit[] = [{ value, key: "", parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    if (typeof visit.value === "string") {
      if (!storable(visit.value)) return pathOf(visit);
    } else if (visit.value && typeof visit.value === "object") {
      const entries = Object.entries(visit.value);
      // Pushed last to first, so the first field is looked at first, as a reader would.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        // A field name is stored too when the object lands in a jsonb column.
        if (!storable(key)) return pathOf(visit);
        stack.push({ value: inner, key, parent: visit });
      }
    }
  }
  return null;
}

/** The value itself, unless some text in it cannot be stored (a field error on its path). */
export function withStorableText<T>(value: T): T {
  const path = unstorableTextPath(value);
  if (path !== null) throw new ApiError("INVALID_INPUT", { [path]: "error-control-character" });
  return value;
}

/** Maps zod issues onto `{ field: translationKey }` so the storefront can put them on form fields. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_";
    if (out[field]) continue;
    out[field] = issue.message.startsWith("error-") ? issue.message : keyOf(issue);
  }
  return out;
}

function keyOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
    // A missing choice ("type" of one of a list) is missing, not wrong.
    case "invalid_value":
      return issue.input === undefined ? FIELD_ERROR_KEYS.required : FIELD_ERROR_KEYS.invalid;
    case "too_big":
      return issue.origin === "string" || issue.origin === "array"
        ? FIELD_ERROR_KEYS.tooLong
        : FIELD_ERROR_KEYS.tooLarge;
    case "too_small":
      return FIELD_ERROR_KEYS.tooSmall;
    default:
      return FIELD_ERROR_KEYS.invalid;
  }
}

/** Parses untrusted input with a contract schema; a mismatch is a 400 with field errors. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  // reportInput lets a missing field (required) be told apart from a wrong one (invalid).
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new ApiError("INVALID_INPUT", fieldErrorsOf(result.error));
  return result.data;
}
