import {
  type BookAddress,
  type ERROR_MESSAGES,
  ERRORS,
  FIELD_ERROR_KEYS,
  isMessageKey as isCatalogueKey,
  type User,
} from "@stoa/contract";
import { data } from "react-router";

/** Every key of the contract's message table: errors, field errors and success messages. */
export type MessageKey = keyof (typeof ERROR_MESSAGES)["en"];
/** Field name (dotted for nested fields, e.g. `address.city`) → translation key. */
export type FieldErrors = Record<string, MessageKey>;

/** What an account action answers when it did not work; the form shows it. */
export type ActionFailure = {
  ok: false;
  /** The catalogue code ("1001", "429", …). */
  code: string;
  /** Translation key of the failure, when the catalogue knows the code. */
  key: MessageKey | null;
  /** The API's own text, in the request's language; shown when there is no key. */
  message: string;
  fields: FieldErrors;
};

export type ActionSuccess = {
  ok: true;
  intent: string;
  /** The API's message (e.g. "We sent you a code"), already in the shopper's language. */
  message?: string;
  /** Set after a registration, whose session is not yet allowed to read the user. */
  user?: User;
  /** Where a code went, as the API understood it (trimmed, lower-cased, digits only). */
  email?: string;
  phone?: string;
  countryCode?: string;
  /** A checked forgot-password token, carried to the next step. */
  token?: string;
  /** The address of the book a form saved (its id, and whether it is now the default). */
  address?: BookAddress;
  /** No new code went out: one of the same flow went to the same address moments ago, and is the one to use. */
  sentEarlier?: true;
};

export type ActionResult = ActionSuccess | ActionFailure;

/**
 * A failure in the shopper's words: the translation of its key, unless that message names values
 * only the API knows (the shop-closed message's opening time), whose filled text the API sent.
 */
export function failureText(failure: ActionFailure, t: (key: MessageKey) => string): string {
  const translated = failure.key ? t(failure.key) : "";
  if (translated && !(translated.includes("{{") && failure.message)) return translated;
  return failure.message || t("error-something-wrong");
}

export const ERROR_CODE_INVALID_INPUT = ERRORS.INVALID_INPUT.code;

const KEY_BY_CODE = new Map<string, MessageKey>(
  Object.values(ERRORS).map((error) => [error.code, error.key]),
);

export function isMessageKey(value: unknown): value is MessageKey {
  return isCatalogueKey(value);
}

/** The translation key of a catalogue code, e.g. "1001" → "error-invalid-credentials". */
export function errorKeyOfCode(code: string | null | undefined): MessageKey | null {
  return (code && KEY_BY_CODE.get(code)) || null;
}

type ErrorEnvelope = { code: string; msg: string; data: unknown };

/**
 * An error envelope as a form failure. Field errors (`data.errors`) become translation keys on the
 * form's own field names: `prefix` is dropped, so `shipping.address.city` lands on `address.city`.
 */
export function failureOf(envelope: ErrorEnvelope, prefix = ""): ActionFailure {
  const raw = (envelope.data as { errors?: unknown } | null)?.errors;
  const fields: FieldErrors = {};
  if (raw && typeof raw === "object") {
    for (const [path, key] of Object.entries(raw as Record<string, unknown>)) {
      const field = prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path;
      fields[field] = isMessageKey(key) ? key : FIELD_ERROR_KEYS.invalid;
    }
  }
  return {
    ok: false,
    code: envelope.code,
    key: errorKeyOfCode(envelope.code),
    message: envelope.msg,
    fields,
  };
}

/** A failure found before the API was asked: only field errors. */
export function invalidFields(fields: FieldErrors): ActionFailure {
  return { ok: false, code: ERRORS.INVALID_INPUT.code, key: ERRORS.INVALID_INPUT.key, message: "", fields };
}

/** The store API could not be reached. */
export function unavailableFailure(): ActionFailure {
  return { ok: false, code: ERRORS.INTERNAL.code, key: ERRORS.INTERNAL.key, message: "", fields: {} };
}

/**
 * Whether the failure needs the alert above the form: field errors already sit on their fields,
 * anything else (wrong password, throttled, expired code) is said once at the top.
 */
export function needsAlert(failure: ActionFailure): boolean {
  return Object.keys(failure.fields).length === 0;
}

/**
 * A failed form call: what the form shows, with the API's status. `sessionEnded` is set only when
 * the caller asked for an ended session as an answer rather than a redirect home.
 */
export type FormFailure = { ok: false; failure: ActionFailure; status: number; sessionEnded?: true };

/** What one form call answers: the endpoint's data, or the failure the form shows. */
export type FormAnswer<D> = { ok: true; data: D } | FormFailure;

/** The failure answer of an action, with the API's status so React Router skips revalidating. */
export function failed(outcome: { failure: ActionFailure; status: number }) {
  return data(outcome.failure, { status: outcome.status });
}

/**
 * An action's answer to "send me a code". Asked again within the wait between codes, the API
 * refuses with the cooldown; but the code sent moments ago to the same address for the same flow
 * is still live and is the one to use, so that is a success that sent nothing new: the form goes on
 * to the code step and says the earlier code stands, rather than holding the shopper on step one.
 */
export function codeSendAnswer<const I extends string, T extends object>(
  intent: I,
  outcome: FormAnswer<{ message: string }>,
  sentTo: T,
) {
  if (outcome.ok) return { ok: true as const, intent, message: outcome.data.message, ...sentTo };
  if (outcome.failure.code === ERRORS.CODE_COOLDOWN.code) {
    return { ok: true as const, intent, sentEarlier: true as const, ...sentTo };
  }
  return failed(outcome);
}

/** An action's answer to a form whose fields did not pass the contract's schema. */
export function invalid(fields: FieldErrors) {
  return data(invalidFields(fields), { status: 400 });
}
