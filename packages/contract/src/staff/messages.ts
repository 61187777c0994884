import { z } from "zod";
import { emailSchema } from "../account/schemas.ts";
import { LOCALES } from "../platform/locale.ts";
import { paginatedSchema } from "../platform/pagination-schemas.ts";

/** Messages and subscribers per page of the console's lists. */
export const MESSAGES_PAGE_SIZE = 30;
/** The most subscribers one export answers; a list longer than this is exported page by page. */
export const NEWSLETTER_EXPORT_LIMIT = 10_000;

/** A message a shopper sent from the contact page, as the shop's staff read it. */
export const staffContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  locale: z.enum(LOCALES),
  customerId: z.number().int().nullable(),
  receivedAt: z.string(),
  readAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type StaffContactMessage = z.infer<typeof staffContactMessageSchema>;
/**
 * Where a message stands: nobody has opened it yet, someone read it, or staff marked it answered
 * (an answered message was read too; one opened again is read but not answered).
 */
export const CONTACT_MESSAGE_STATES = ["unread", "read", "answered"] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];
export const staffContactListBodySchema = z.object({
  /** Only messages not yet answered. */
  open: z.boolean().default(false),
  /** Only messages in this state (with `open`, both must hold). */
  state: z.enum(CONTACT_MESSAGE_STATES).optional(),
});
export const staffContactListSchema = paginatedSchema(staffContactMessageSchema).extend({
  /** Messages nobody has opened yet, for the console's badge. */
  unread: z.number().int(),
});
/** How many messages nobody has opened yet: the console's badge, asked on every page. */
export const staffContactUnreadSchema = z.object({ unread: z.number().int() });
/** Marks a message read (opening it) or answered (after replying by email). */
export const staffContactMarkBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  mark: z.enum(["read", "answered", "open"]),
});

export const newsletterSubscriberSchema = z.object({
  email: z.string(),
  locale: z.enum(LOCALES),
  customerId: z.number().int().nullable(),
  subscribedAt: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;
export const staffNewsletterListSchema = paginatedSchema(newsletterSubscriberSchema);
/** The longest search of the subscribers' addresses. */
export const NEWSLETTER_SEARCH_MAX = 100;
export const staffNewsletterListBodySchema = z.object({
  /** Part of an address, in any case: only the subscribers whose address holds it. */
  q: z.string().trim().toLowerCase().max(NEWSLETTER_SEARCH_MAX).default(""),
});
export const staffNewsletterRemoveBodySchema = z.object({ email: emailSchema });
