import type { CouponOffer } from "@stoa/contract";

/**
 * What an advertised coupon takes off, as its card's headline says it: a percent of the goods or
 * an amount of the shop's currency (minor units).
 */
export type OfferSaving = { kind: "percent"; percent: number } | { kind: "fixed"; amount: number };

/**
 * One condition a shopper must meet to use a coupon, in the order a card lists them: what the
 * order needs first, then who may use it and how often, then until when.
 */
export type OfferCondition =
  | { kind: "minimum-order"; amount: number }
  | { kind: "first-order" }
  | { kind: "uses-per-customer"; count: number }
  | { kind: "sign-in" }
  | { kind: "ends"; at: string };

export function offerSaving(offer: Pick<CouponOffer, "kind" | "value">): OfferSaving {
  return offer.kind === "percent"
    ? { kind: "percent", percent: offer.value }
    : { kind: "fixed", amount: offer.value };
}

/** The conditions worth saying: a coupon without a minimum, a limit or an end says none of them. */
export function offerConditions(offer: CouponOffer): OfferCondition[] {
  const conditions: OfferCondition[] = [];
  if (offer.minimumOrder > 0) conditions.push({ kind: "minimum-order", amount: offer.minimumOrder });
  if (offer.firstOrderOnly) conditions.push({ kind: "first-order" });
  // A first order can only be used once: "once per customer" beside it would say it twice.
  if (offer.usesPerCustomer !== null && !(offer.firstOrderOnly && offer.usesPerCustomer === 1))
    conditions.push({ kind: "uses-per-customer", count: offer.usesPerCustomer });
  if (offer.signInRequired) conditions.push({ kind: "sign-in" });
  if (offer.endsAt !== null) conditions.push({ kind: "ends", at: offer.endsAt });
  return conditions;
}
