import { z } from "zod";
import { emailSchema } from "../account/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { LOCALES } from "../platform/locale.ts";
import { CONTACT_LIMITS, INFO_PAGES } from "./constants.ts";

export const infoPageSlugSchema = z.enum(INFO_PAGES);

/** `GET /api/storePage/{slug}` params. */
export const infoPageParamsSchema = z.object({ slug: infoPageSlugSchema });

/**
 * A part of an information page: a heading and its paragraphs, as plain text (never markup, so a
 * shop's text cannot carry script). On the FAQ and help pages a section is one question and its answer.
 */
export const infoPageSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
});
export type InfoPageSection = z.infer<typeof infoPageSectionSchema>;

/** `GET /api/storePage/{slug}` data: the page in the request's language, or English where the shop has not written it in that one. */
export const infoPageSchema = z.object({
  slug: infoPageSlugSchema,
  title: z.string(),
  /** A sentence or two under the title. */
  summary: z.string(),
  sections: z.array(infoPageSectionSchema),
  /** The language the text is written in. */
  locale: z.enum(LOCALES),
  /** When the shop last changed the page (ISO 8601), shown as "last updated" on policies. */
  updatedAt: z.string(),
});
export type InfoPage = z.infer<typeof infoPageSchema>;

/** A phone number as people write one: an optional "+", then 4 to 20 digits among spaces, dots, dashes and brackets. */
export const contactPhoneSchema = z
  .string(FIELD_ERROR_KEYS.phoneFormat)
  .trim()
  .max(CONTACT_LIMITS.phoneMax, FIELD_ERROR_KEYS.tooLong)
  .regex(/^\+?[\d\s().-]+$/, FIELD_ERROR_KEYS.phoneFormat)
  .refine((phone) => {
    const digits = phone.replace(/\D/g, "").length;
    return digits >= 4 && digits <= 20;
  }, FIELD_ERROR_KEYS.phoneFormat)
  .transform((phone) => phone.replace(/\s+/g, " "));

const requiredText = (max: number) =>
  z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(max, FIELD_ERROR_KEYS.tooLong);

/** `POST /contact-us/create` body: a message to the shop from its contact page. */
export const contactMessageBodySchema = z.object({
  name: requiredText(CONTACT_LIMITS.nameMax),
  email: emailSchema,
  /**
   * Optional: a shopper who would rather be called back. Kept as written, "+" and spaces included:
   * unlike a sign-in number it comes without a separate country code, and a person reads it.
   */
  phone: contactPhoneSchema.optional(),
  subject: z.string().trim().max(CONTACT_LIMITS.subjectMax, FIELD_ERROR_KEYS.tooLong).optional(),
  message: requiredText(CONTACT_LIMITS.messageMax).min(CONTACT_LIMITS.messageMin, FIELD_ERROR_KEYS.tooShort),
});
export type ContactMessageBody = z.input<typeof contactMessageBodySchema>;

/** `POST /contact-us/create` data: the message as the shop received it. */
export const contactMessageResultSchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
});

/** `POST /api/storeSubscription/add` body. */
export const newsletterBodySchema = z.object({ email: emailSchema });

/**
 * `POST /api/storeSubscription/add` data. Subscribing an address that is already on the list
 * answers the same, so the call tells nobody who else subscribed.
 */
export const newsletterResultSchema = z.object({ email: z.string(), subscribed: z.literal(true) });
