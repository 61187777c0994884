import type { ContactMessageBody } from "@stoa/contract";
import type { ActionFailure } from "../platform/api/form-answer.ts";
import type { Schema } from "../platform/form-values.ts";

/** The contact form's fields, named as the message body names them. */
export type ContactField = keyof ContactMessageBody;

/** What the shopper typed, as sent: a form posted without scripts comes back with it filled in. */
export type ContactTyped = Partial<Record<ContactField, string>>;

/** The contact action's answer: the message went (to the address the shop will answer), or why not. */
export type ContactAnswer =
  | { ok: true; intent: "contact"; email: string }
  | (ActionFailure & { typed: ContactTyped });

/**
 * The contact page is a first load, which must not carry zod (docs/decisions/026-first-load.md):
 * the browser sends the form as it stands and the action checks it with the contract's schema.
 * This stand-in lets the account forms' hook (useAccountForm) send it, so the store's answer lands
 * on the fields and focus goes to the first to fix; an edited field's error goes as it is edited.
 */
export const CHECKED_BY_THE_ACTION: Schema<unknown> = {
  safeParse: (value) => ({ success: true, data: value }),
};
