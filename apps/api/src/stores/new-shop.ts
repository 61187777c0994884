import { isTimeZone, LOCALES, type Locale, VERTICALS, type Vertical } from "@stoa/contract";
import { z } from "zod";
import { setOpeningHours } from "../delivery/service.ts";
import type { Database } from "../platform/db/database.ts";
import { inviteStaff } from "../staff/accounts.ts";
import { findStoreByDomain, storeById } from "./service.ts";
import { type StoreRow, stores } from "./tables.ts";

/**
 * What a new shop is made from: its domain, name and owner; the rest has a default the owner
 * changes in the console. A domain is a host name as browsers send it, without a port.
 */
export const newShopSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, {
      message: "a host name such as shop.example.com, without http:// or a port",
    }),
  name: z.string().trim().min(1).max(80),
  owner: z.email({ message: "the owner's email address" }).transform((email) => email.toLowerCase()),
  ownerName: z.string().trim().min(1).max(80).default("Owner"),
  vertical: z.enum(VERTICALS).default("grocery"),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: "an ISO 4217 code such as USD or EUR" })
    .default("USD"),
  timezone: z
    .string()
    .trim()
    .refine(isTimeZone, { message: "an IANA time zone such as Europe/Paris" })
    .default("UTC"),
  language: z.enum(LOCALES).default("en"),
  /** Where the shop's pages are, for the owner's invitation link; from the domain when not given. */
  origin: z.url({ message: "the storefront's address, such as https://shop.example.com" }).optional(),
});
export type NewShop = z.input<typeof newShopSchema>;

/** The storefront address of a domain: local development domains on the storefront's port, others over https. */
export function originOf(domain: string, webPort = 3000): string {
  return domain === "localhost" || domain.endsWith(".localhost")
    ? `http://${domain}:${webPort}`
    : `https://${domain}`;
}

export class ShopExistsError extends Error {
  constructor(domain: string) {
    super(`A shop already answers at ${domain}.`);
    this.name = "ShopExistsError";
  }
}

/**
 * Adds a shop: the store row with safe defaults (its currency, time zone and language; guest
 * checkout on; no card provider, so no test cards in production; open 9:00–17:00 Monday to Friday)
 * and an invitation for its owner, emailed through the outbox, that sets their password. Answers
 * the store and the invitation link, which the command prints too.
 */
export async function addShop(
  db: Database,
  input: NewShop,
): Promise<{ store: StoreRow; invitation: string }> {
  const shop = newShopSchema.parse(input);
  if (await findStoreByDomain(db, shop.domain)) throw new ShopExistsError(shop.domain);
  const origin = (shop.origin ?? originOf(shop.domain)).replace(/\/+$/, "");
  const languages: Locale[] = [shop.language, ...LOCALES.filter((locale) => locale !== shop.language)];
  const [inserted] = await db
    .insert(stores)
    .values({
      domain: shop.domain,
      vertical: shop.vertical as Vertical,
      nameLocalizations: { [shop.language]: shop.name },
      languages,
      currency: shop.currency,
      siteTitle: shop.name,
      seo: {
        metaDescription: shop.name,
        canonicalUrl: origin,
        ogTitle: shop.name,
        ogDescription: shop.name,
        ogImage: { original: "" },
        twitterHandle: "",
        twitterCardType: "summary",
      },
      activeLogoUrl: `/media/logo/${shop.vertical}-active.svg`,
      inactiveLogoUrl: `/media/logo/${shop.vertical}-inactive.svg`,
      paymentProviders: [],
    })
    .returning({ id: stores.id });
  // Read back as the API reads a store, with what other tables add to it.
  const store = inserted && (await storeById(db, inserted.id));
  if (!store) throw new Error("the store was not written");
  await setOpeningHours(db, store.id, {
    timezone: shop.timezone,
    opensAt: 9 * 60,
    closesAt: 17 * 60,
    openDays: [1, 2, 3, 4, 5],
  });
  const invitation = await inviteStaff(db, { store, storefrontOrigin: origin, locale: shop.language }, null, {
    email: shop.owner,
    name: shop.ownerName,
    role: "owner",
  });
  return { store, invitation };
}
