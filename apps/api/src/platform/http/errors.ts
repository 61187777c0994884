import { ERRORS, type ErrorName, type Locale, messageText } from "@stoa/contract";

export type FieldErrors = Record<string, string>;

/** A failure the caller caused or may see: it becomes an envelope with the catalogue's code and status. */
export class ApiError extends Error {
  constructor(
    readonly kind: ErrorName,
    readonly fieldErrors?: FieldErrors,
    /** Seconds until a throttled caller may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    /**
     * What the caller needs to recover, beside field errors: e.g. the new calculation of a cart
     * that changed. Sent in the envelope's `data` next to `errors`.
     */
    readonly data?: Record<string, unknown>,
    /** What fills the placeholders of the message (`{{opens}}`), already in the caller's language. */
    readonly messageValues?: Record<string, string>,
  ) {
    super(ERRORS[kind].key);
    this.name = "ApiError";
  }
}

export function errorBody(
  kind: ErrorName,
  locale: Locale,
  extra: {
    fieldErrors?: FieldErrors;
    requestId?: string;
    data?: Record<string, unknown>;
    messageValues?: Record<string, string>;
  },
) {
  const { code, key } = ERRORS[kind];
  const data =
    extra.fieldErrors || extra.requestId || extra.data
      ? {
          ...extra.data,
          ...(extra.fieldErrors ? { errors: extra.fieldErrors } : {}),
          ...(extra.requestId ? { requestId: extra.requestId } : {}),
        }
      : null;
  return { code, msg: messageText(key, locale, extra.messageValues), data };
}
