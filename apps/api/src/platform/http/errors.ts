import { ERRORS, type ErrorName, FIELD_ERROR_KEYS, type Locale, messageText } from "@stoa/contract";
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** A failure the caller caused or may see: it becomes an envelope with the catalogue's code and status. */
export class ApiError extends Error {
  constructor(
    readonly kind: ErrorName,
    readonly fieldErrors?: FieldErrors,
    /** Seconds until a throttled caller may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(ERRORS[kind].key);
    this.name = "ApiError";
  }
}

export function errorBody(
  kind: ErrorName,
  locale: Locale,
  extra: { fieldErrors?: FieldErrors; requestId?: string },
) {
  const { code, key } = ERRORS[kind];
  const data =
    extra.fieldErrors || extra.requestId
      ? {
          ...(extra.fieldErrors ? { errors: extra.fieldErrors } : {}),
          ...(extra.requestId ? { requestId: extra.requestId } : {}),
        }
      : null;
  return { code, msg: messageText(key, locale), data };
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
