import { ERRORS, type ErrorName, type Locale, messageText } from "@stoa/contract";

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
