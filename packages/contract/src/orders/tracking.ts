import { z } from "zod";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";

/**
 * The carriers a shop can name when it ships a parcel, and where each one lets the shopper follow
 * it (`{number}` is the tracking number). `other` is a carrier without a page of its own here: the
 * number is shown without a link, as the shop's own words.
 */
export const PARCEL_CARRIERS = {
  dhl: {
    name: "DHL",
    url: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}",
  },
  ups: { name: "UPS", url: "https://www.ups.com/track?tracknum={number}" },
  fedex: { name: "FedEx", url: "https://www.fedex.com/fedextrack/?trknbr={number}" },
  usps: { name: "USPS", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}" },
  royalMail: {
    name: "Royal Mail",
    url: "https://www.royalmail.com/track-your-item#/tracking-results/{number}",
  },
  postNord: { name: "PostNord", url: "https://www.postnord.com/track-and-trace?shipmentId={number}" },
  israelPost: { name: "Israel Post", url: "https://israelpost.co.il/en/itemtrace?itemcode={number}" },
  aramex: { name: "Aramex", url: "https://www.aramex.com/track/results?ShipmentNumber={number}" },
  other: { name: "", url: null },
} as const satisfies Record<string, { name: string; url: string | null }>;
export type ParcelCarrier = keyof typeof PARCEL_CARRIERS;
export const PARCEL_CARRIER_KEYS = Object.keys(PARCEL_CARRIERS) as [ParcelCarrier, ...ParcelCarrier[]];

/** Tracking numbers are letters, digits and dashes; spaces a label prints in groups are dropped. */
const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,40}$/;

/** What the shop says of a parcel: its carrier and tracking number. */
export const parcelTrackingInputSchema = z.object({
  carrier: z.enum(PARCEL_CARRIER_KEYS, FIELD_ERROR_KEYS.invalid),
  number: z
    .string(FIELD_ERROR_KEYS.required)
    .transform((text) => text.replace(/\s+/g, ""))
    .pipe(z.string().min(1, FIELD_ERROR_KEYS.required).regex(TRACKING_NUMBER, FIELD_ERROR_KEYS.invalid)),
});
export type ParcelTrackingInput = z.input<typeof parcelTrackingInputSchema>;

/** A shipped order's parcel as the shopper reads it: `link` is the carrier's tracking page, if it has one. */
export const parcelTrackingSchema = z.object({
  carrier: z.enum(PARCEL_CARRIER_KEYS),
  carrierName: z.string(),
  number: z.string(),
  link: z.string().nullable(),
});
export type ParcelTracking = z.infer<typeof parcelTrackingSchema>;

/** The parcel as shown: the carrier's name and, where it has one, its page for this number. */
export function parcelTracking(carrier: ParcelCarrier, number: string): ParcelTracking {
  const { name, url } = PARCEL_CARRIERS[carrier];
  return {
    carrier,
    carrierName: name,
    number,
    link: url ? url.replace("{number}", encodeURIComponent(number)) : null,
  };
}
