import { createHash } from "node:crypto";
import {
  type AddOnChoice,
  addOnProblems,
  basisPointsOf,
  type Calculation,
  CHECKOUT_ERROR_KEYS,
  type CheckoutRequest,
  type CheckoutTotals,
  cardSummary,
  cartLineId,
  cartLinePrice,
  effectivePrice,
  emailSchema,
  FIELD_ERROR_KEYS,
  finalTotal,
  includedTax,
  type LineProblem,
  type Locale,
  lineTotal,
  localized,
  maxTip,
  type PricedLine,
  REFERRAL_ERROR_KEYS,
  tipAmount,
} from "@stoa/contract";
import type { Account, SigningIn } from "../auth/sessions.ts";
import type { CartProduct } from "../catalogue/products.ts";
import {
  asSoonAsPossible,
  booksDeliveryWindows,
  type DeliverySettings,
  isOfferedTime,
  isOfferedWindow,
  isWindowFull,
} from "../delivery/service.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { type CouponGuesser, checkCoupon, type OrderHistory, redeemedBefore } from "../promotions/service.ts";
import type { AppliedReferral, ReferralFriend, ReferralVerdict } from "../referrals/checkout.ts";
import type { StoreRow } from "../stores/tables.ts";
import { readCheckout } from "./checkout-reads.ts";
import {
  type CheckoutSettings,
  type CheckoutSettingsSource,
  loadCheckoutSettings,
  type PricingSettings,
} from "./checkout-settings.ts";
import type { DeliveryZone } from "./tables.ts";

export { bookDeliveryWindow, releaseDeliveryWindow } from "../delivery/service.ts";
export { type OrderHistory, redeemCoupon, returnCoupon } from "../promotions/service.ts";
export { creditWallet, debitWallet } from "./wallet.ts";

export type PricedCheckout = {
  /** The caller, when pricing signed one in (a `SigningIn` caller). */
  account: Account | null;
  /** The wire answer of calculate. */
  calculation: Calculation;
  /** The coupon that applied. */
  couponId: number | null;
  /**
   * The referral code that applies (its reward is in the discount), and the goods after every
   * discount without tax, shipping or tip that its commission is taken of: create records it.
   */
  referral: { applied: AppliedReferral; goodsAmount: number } | null;
  /** The gift card that pays part or all of the order, and how much it takes. */
  giftCard: { card: PayingGiftCard; amount: number } | null;
  /** The window to book, when the shop schedules delivery and the shopper picked a bookable one. */
  deliveryWindow: { start: Date; end: Date } | null;
  /**
   * The time the shopper chose for an order the shop prepares without booking a window (a pickup,
   * or a delivery of a shop that does not book them): kept on the order, taking no window's room.
   */
  orderTime: { start: Date; end: Date } | null;
  /**
   * The order is for as soon as possible and the shop is closed now: when it opens next, in its
   * time zone. Create refuses it (SHOP_CLOSED); `calculation.shopClosed` says the same.
   */
  shopClosed: { opensAt: Date; timezone: string } | null;
  /** Postal option or pickup point name, in the caller's language. */
  deliveryOptionName: string | null;
  /**
   * Where a pickup order is collected: the point the shopper chose (or the shop's only one), its
   * address in the caller's language, to be frozen on the order beside its name.
   */
  pickupPoint: { id: number; address: string } | null;
  /** The store's delivery settings the window was checked against. */
  deliverySettings: DeliverySettings;
  /** The file of each digital product of the cart, by product id, as the catalogue names it now. */
  digitalFiles: Map<number, string>;
  /**
   * What create must refuse (field → translation key): missing shipping address for delivery/post,
   * missing or unbookable window where the store schedules delivery, a time it does not offer, no
   * time while the shop is closed for a pickup or a delivery it does not book (or, where it has no
   * opening hours at all, the delivery type), missing pickup point where the shop has several,
   * delivery_type digital with non-digital lines (or a digital-only cart asked for delivery), no
   * payment_gateway while payable_amount > 0, cash for digital or post, an email customer_contact
   * missing on a digital order, a coupon that does not apply. Calculate stays lenient and answers
   * totals anyway (and says when the shop is closed, `shopClosed`).
   */
  fieldErrors: Record<string, string>;
};

export type CheckoutCustomer = { id: number; kind: "customer" | "guest" };

/** A gift card that pays for an order: its line and unit, and the order and price that sold it. */
export type PayingGiftCard = { orderLineId: number; unit: number; orderId: number; price: number };

/**
 * Looks a gift card typed at checkout up (the gift-cards module knows): what is left on it, or the
 * translation key of why it cannot pay. It counts wrong codes against the guesser.
 */
export type GiftCardLookup = (
  storeId: number,
  code: string,
  guesser: { ip: string; customerId: number },
) => Promise<{ card: PayingGiftCard; balance: number } | { error: string }>;

/**
 * Checks a referral code typed at checkout (the referrals module knows): what its reward takes off
 * `goods` (the discountable goods after the coupon), or why it does not apply. Unknown codes count
 * against the guesser.
 */
export type ReferralLookup = (
  db: Database | Tx,
  storeId: number,
  code: string,
  friend: ReferralFriend,
  goods: number,
  options: { now: Date; timezone: string; guesser?: { ip: string } },
) => Promise<ReferralVerdict>;

export type PriceCheckoutOptions = {
  /** Where referral codes (`refer_code`) are checked; without it, no code applies. */
  referrals?: ReferralLookup;
  /** Where gift cards typed at checkout are looked up; without it, no card pays. */
  giftCards?: GiftCardLookup;
  /** Whether the customer has ordered before, for first-order coupons (the orders module knows). */
  hasOrdered?: OrderHistory;
  /** Where the store's settings come from: remembered for a moment by the app, read afresh otherwise. */
  settings?: CheckoutSettingsSource;
  now?: Date;
  /** Where the request came from, so guessing coupon codes is slowed down; none for the API's own pricing. */
  guesser?: CouponGuesser;
};

const same = (a: string | undefined, b: string) =>
  a === undefined || a.trim().toLocaleLowerCase("en") === b.trim().toLocaleLowerCase("en");
const zipKey = (zip: string) => zip.replace(/\s+/g, "").toUpperCase();

function zoneMatches(zone: DeliveryZone, address: { country: string; city: string; zip: string }): boolean {
  return (
    same(zone.country, address.country) &&
    same(zone.city, address.city) &&
    (zone.zipPrefix === undefined || zipKey(address.zip).startsWith(zipKey(zone.zipPrefix)))
  );
}

/** The delivery fee to an address: the first zone that matches it, else the store's fee. */
export function deliveryFeeFor(
  settings: Pick<PricingSettings, "deliveryFee" | "deliveryZones">,
  address: { country: string; city: string; zip: string } | null,
): number {
  const zone = address ? settings.deliveryZones.find((z) => zoneMatches(z, address)) : undefined;
  return zone?.fee ?? settings.deliveryFee;
}

/**
 * Splits `amount` over lines in proportion to their totals, in whole minor units that add up to it
 * exactly (largest remainder first, then the earlier line), so each line's tax can be taken on what
 * the shopper really pays for it.
 */
export function shareOut(amount: number, totals: readonly number[]): number[] {
  const sum = totals.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return totals.map(() => 0);
  const big = BigInt(amount);
  const whole = BigInt(sum);
  const shares = totals.map((total) => (big * BigInt(total)) / whole);
  const remainders = totals.map((total, i) => ({ i, rest: (big * BigInt(total)) % whole }));
  let left = amount - shares.reduce((a, b) => a + Number(b), 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const result = shares.map(Number);
  for (const { i } of remainders) {
    if (left <= 0) break;
    result[i] = (result[i] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

/** Picks without empty groups or repeated items. */
function cleanAddOns(addOns: AddOnChoice | undefined): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(addOns ?? {})
      .map(([group, items]): [string, string[]] => [group, [...new Set(items)]])
      .filter(([, items]) => items.length > 0),
  );
}

/** The add-on names picked, in the shop's order of groups and items, or null when a pick is unknown or breaks a group's rule. */
function addOnNames(product: CartProduct, addOns: AddOnChoice): string[] | null {
  for (const [groupKey, items] of Object.entries(addOns)) {
    const group = product.addOnGroups.find((g) => g.key === groupKey);
    if (!group || !items.every((key) => group.items.some((item) => item.key === key))) return null;
  }
  if (addOnProblems(product.addOnGroups, addOns).length > 0) return null;
  return product.addOnGroups.flatMap((group) =>
    group.items.filter((item) => addOns[group.key]?.includes(item.key)).map((item) => item.name),
  );
}

type Line = CheckoutRequest["products"][number];
/** A priced line, with the product's own tax rate (null: the shop's) for the tax taken on it. */
export type Priced = {
  line: PricedLine;
  stockKey: string | null;
  sellable: boolean;
  taxRateBp: number | null;
};

const unavailable: LineProblem = { kind: "unavailable" };

/**
 * One line priced from the catalogue, with the problems it has on its own (stock is checked across
 * lines after). A table's round prices its lines with it too (dine-in/rounds.ts).
 */
export function priceLine(line: Line, catalogue: Map<number, CartProduct>): Priced {
  const base: PricedLine = {
    id: cartLineId(line),
    productId: line.productId,
    variationId: line.variationId ?? null,
    addOns: line.addOns ?? {},
    quantity: line.quantity,
    name: "",
    sku: "",
    options: [],
    image: null,
    isDigital: false,
    isGiftCard: false,
    unitPrice: 0,
    lineTotal: 0,
    tax: 0,
    stock: 0,
    problems: [unavailable],
  };
  const product = catalogue.get(line.productId);
  if (!product) return { line: base, stockKey: null, sellable: false, taxRateBp: null };
  const variation =
    line.variationId === undefined ? undefined : (product.variations.get(line.variationId) ?? null);
  const variationFits = product.variations.size === 0 ? variation === undefined : !!variation;
  const addOns = cleanAddOns(line.addOns);
  const names = addOnNames(product, addOns);
  const price = variation
    ? effectivePrice(variation.price, variation.salePrice)
    : effectivePrice(product.price, product.salePrice);
  const unitPrice = cartLinePrice(price, product.addOnGroups, addOns);
  const stock = variation?.stock ?? product.stock;
  const known: PricedLine = {
    ...base,
    name: product.name,
    sku: variation?.sku ?? product.sku,
    options: [...(variation?.options ?? []), ...(names ?? [])],
    image: product.image,
    isDigital: product.isDigital,
    isGiftCard: product.isGiftCard,
    unitPrice,
    lineTotal: lineTotal(unitPrice, line.quantity),
    stock,
  };
  const sellable =
    variationFits && names !== null && product.isAvailable && (variation?.isAvailable ?? true) && stock > 0;
  const problems: LineProblem[] = sellable ? [] : [unavailable];
  if (sellable && line.price !== undefined && line.price !== unitPrice)
    problems.push({ kind: "price_changed", was: line.price, now: unitPrice });
  return {
    line: { ...known, problems },
    stockKey: variation ? `v${variation.id}` : `p${product.id}`,
    sellable,
    taxRateBp: product.taxRateBp,
  };
}

/** Lines that take from the same stock (a dish with different add-ons) are short together. */
function markShortStock(priced: Priced[]): void {
  const asked = new Map<string, number>();
  for (const { stockKey, sellable, line } of priced)
    if (sellable && stockKey) asked.set(stockKey, (asked.get(stockKey) ?? 0) + line.quantity);
  for (const { stockKey, sellable, line } of priced) {
    if (sellable && stockKey && (asked.get(stockKey) ?? 0) > line.stock)
      line.problems.unshift({ kind: "short_stock", available: line.stock });
  }
}

/**
 * A short proof of what the shopper was shown: every line's id, unit price, quantity and tax, and
 * every total. Create computes it again from its own pricing and refuses when the two differ.
 */
export function verifiedResponseOf(calculation: Omit<Calculation, "verified_response">): string {
  const t = calculation.totals;
  const facts = [
    calculation.currency,
    calculation.lines.map((l) => [l.id, l.unitPrice, l.quantity, l.tax]),
    [t.totalAmount, t.tax, t.taxIncluded, t.shipping_charge, t.discount, t.tip, t.wallet, t.payable_amount],
    calculation.coupon?.code ?? null,
    // A referral's code counts only when there is one, so proofs of orders without one stay as they were.
    ...(calculation.referral ? [calculation.referral.code] : []),
  ];
  return `v1.${createHash("sha256").update(JSON.stringify(facts)).digest("base64url")}`;
}

type Shipping = {
  charge: number;
  optionName: string | null;
  pickupPoint?: { id: number; address: string };
  errors: Record<string, string>;
};

const typeUnavailable = { delivery_type: CHECKOUT_ERROR_KEYS.deliveryTypeUnavailable };

/** What delivering this way costs, and what is missing to deliver this way. */
function shippingOf(
  request: CheckoutRequest,
  { pricing: settings, delivery, pickupPoints: points, postOptions: options }: CheckoutSettings,
  goodsAfterDiscount: number,
  locale: Locale,
): Shipping {
  const needsAddress = request.delivery_type === "delivery" || request.delivery_type === "post";
  const errors: Record<string, string> =
    needsAddress && !request.shipping_address ? { shipping_address: FIELD_ERROR_KEYS.required } : {};
  switch (request.delivery_type) {
    case "digital":
      return { charge: 0, optionName: null, errors };
    case "delivery": {
      if (!delivery.offersDelivery)
        return { charge: 0, optionName: null, errors: { ...errors, ...typeUnavailable } };
      const free = settings.freeDeliveryAbove !== null && goodsAfterDiscount >= settings.freeDeliveryAbove;
      const fee = deliveryFeeFor(settings, request.shipping_address?.address ?? null);
      return { charge: free ? 0 : fee, optionName: null, errors };
    }
    case "pickup": {
      if (points.length === 0)
        return { charge: 0, optionName: null, errors: { ...errors, ...typeUnavailable } };
      const point =
        request.pickupOption !== null
          ? points.find((p) => p.id === request.pickupOption)
          : points.length === 1
            ? points[0]
            : undefined;
      if (!point) {
        const key = request.pickupOption !== null ? FIELD_ERROR_KEYS.invalid : FIELD_ERROR_KEYS.required;
        return { charge: 0, optionName: null, errors: { ...errors, pickupOption: key } };
      }
      return {
        charge: 0,
        optionName: localized(point.nameLocalizations, locale),
        pickupPoint: { id: point.id, address: localized(point.addressLocalizations, locale) },
        errors,
      };
    }
    case "post": {
      if (options.length === 0)
        return { charge: 0, optionName: null, errors: { ...errors, ...typeUnavailable } };
      const option = options.find((o) => o.id === request.delivery_post);
      if (!option) {
        const key = request.delivery_post !== null ? FIELD_ERROR_KEYS.invalid : FIELD_ERROR_KEYS.required;
        return { charge: 0, optionName: null, errors: { ...errors, delivery_post: key } };
      }
      return { charge: option.price, optionName: localized(option.nameLocalizations, locale), errors };
    }
  }
}

type Span = { start: Date; end: Date };

/** When the order is for: a window to book, a time to prepare it for, or as soon as possible. */
type TimeAsked = {
  window: Span | null;
  time: Span | null;
  closed: { opensAt: Date } | null;
  errors: Record<string, string>;
};

const anyTime: TimeAsked = { window: null, time: null, closed: null, errors: {} };
const timeUnavailable = { delivery_time: CHECKOUT_ERROR_KEYS.deliveryWindowUnavailable };

/**
 * The window or time asked for, or none (as soon as possible), checked against the shop's schedule
 * and opening hours; a window's verdict on its load waits for the checkout's reads. A parcel goes
 * by post and a download at once: neither waits for the shop to open (decision 034).
 */
function timeAsked(request: CheckoutRequest, delivery: DeliverySettings, now: Date): TimeAsked {
  const type = request.delivery_type;
  if (type !== "delivery" && type !== "pickup") return anyTime;
  // A shop that does not deliver refuses the delivery type itself (shippingOf).
  if (type === "delivery" && !delivery.offersDelivery) return anyTime;
  const asked = request.delivery_time
    ? { start: new Date(request.delivery_time.start), end: new Date(request.delivery_time.end) }
    : null;
  if (booksDeliveryWindows(delivery, type)) {
    if (!asked) return { ...anyTime, errors: { delivery_time: FIELD_ERROR_KEYS.required } };
    return isOfferedWindow(delivery, asked, now)
      ? { ...anyTime, window: asked }
      : { ...anyTime, errors: timeUnavailable };
  }
  // A chosen time holds whether the shop is open now or not: it prepares the order for then.
  if (asked)
    return isOfferedTime(delivery, asked, now)
      ? { ...anyTime, time: asked }
      : { ...anyTime, errors: timeUnavailable };
  const soon = asSoonAsPossible(delivery, now);
  if (soon.open) return anyTime;
  // A shop with no opening hours at all takes no such orders, now or later.
  if (!soon.opensAt) return { ...anyTime, errors: typeUnavailable };
  return {
    ...anyTime,
    closed: { opensAt: soon.opensAt },
    errors: { delivery_time: CHECKOUT_ERROR_KEYS.shopClosed },
  };
}

/**
 * Prices a checkout from the database, never from the client's prices (docs/decisions/017-pricing.md):
 * lines, coupon, tax per line after the discount, shipping by delivery type, tip and wallet credit,
 * in integer minor units. Works on a transaction handle, so create prices again inside its own.
 */
export async function priceCheckout(
  db: Database | Tx,
  store: StoreRow,
  caller: CheckoutCustomer | SigningIn,
  request: CheckoutRequest,
  locale: Locale,
  {
    hasOrdered = redeemedBefore,
    settings: settingsOf = (storeId) => loadCheckoutSettings(db, storeId),
    now = new Date(),
    guesser,
    giftCards,
    referrals,
  }: PriceCheckoutOptions = {},
): Promise<PricedCheckout> {
  const storeSettings = await settingsOf(store.id);
  const { pricing: settings, delivery } = storeSettings;
  const asked = timeAsked(request, delivery, now);
  const { catalogue, balance, booked, account } = await readCheckout(
    db,
    store.id,
    {
      productIds: request.products.map((line) => line.productId),
      caller: "tokenHash" in caller ? caller : { customerId: caller.kind === "customer" ? caller.id : null },
      windowStart: asked.window?.start ?? null,
    },
    locale,
  );
  const customer: CheckoutCustomer = account
    ? { id: account.customer.id, kind: account.customer.kind }
    : (caller as CheckoutCustomer);
  const signedIn = customer.kind === "customer";
  const windowCheck =
    asked.window && isWindowFull(delivery, booked)
      ? { ...asked, window: null, errors: { delivery_time: CHECKOUT_ERROR_KEYS.deliveryWindowFull } }
      : asked;
  const shopClosed = asked.closed ? { ...asked.closed, timezone: delivery.timezone } : null;

  const priced = request.products.map((line) => priceLine(line, catalogue));
  markShortStock(priced);
  const sellable = priced.filter((p) => p.sellable);
  const goods = sellable.reduce((sum, p) => sum + p.line.lineTotal, 0);
  // A gift card is money kept for later: a coupon neither discounts it nor counts it towards its
  // minimum, and no tax is charged on it (tax is due on what it buys).
  const discountable = sellable.filter((p) => !p.line.isGiftCard);
  const discountableGoods = discountable.reduce((sum, p) => sum + p.line.lineTotal, 0);

  const code = request.coupon?.trim() ?? "";
  const verdict = code
    ? await checkCoupon(db, store.id, code, customer, discountableGoods, hasOrdered, now, guesser)
    : null;
  const coupon = verdict && "coupon" in verdict ? verdict : null;
  const couponError = verdict && "error" in verdict ? verdict.error : null;
  const couponOff = coupon?.discount ?? 0;

  // A referral code's reward applies after the coupon, to what is left of the discountable goods
  // (decision 067); both are one discount, so each line's tax is taken on what is left of it.
  const referCode = request.refer_code?.trim() ?? "";
  const friend: ReferralFriend = {
    customer: {
      id: customer.id,
      kind: customer.kind,
      email: account?.customer.email ?? null,
      countryCode: account?.customer.countryCode ?? null,
      phone: account?.customer.phone ?? null,
    },
    contact: request.customer_contact,
    address:
      request.delivery_type === "delivery" || request.delivery_type === "post"
        ? (request.shipping_address?.address ?? null)
        : null,
    card: request.credit_card ? cardSummary(request.credit_card.number) : null,
  };
  const referralVerdict: ReferralVerdict | null = referCode
    ? referrals
      ? await referrals(db, store.id, referCode, friend, discountableGoods - couponOff, {
          now,
          timezone: delivery.timezone,
          guesser,
        })
      : { refusal: "unknown" }
    : null;
  const applied = referralVerdict && "referral" in referralVerdict ? referralVerdict.referral : null;
  const referralError =
    referralVerdict && "refusal" in referralVerdict
      ? referralVerdict.retryAfter !== undefined
        ? CHECKOUT_ERROR_KEYS.couponTooManyTries
        : REFERRAL_ERROR_KEYS[referralVerdict.refusal]
      : null;
  const reward = applied?.reward ?? 0;
  const discount = couponOff + reward;

  // Tax is taken on what each line really costs once the coupon's share is off, rounded once per
  // line, at the product's own rate when it has one (decision 062), else the shop's.
  const shares = shareOut(
    discount,
    discountable.map((p) => p.line.lineTotal),
  );
  discountable.forEach((p, i) => {
    const net = p.line.lineTotal - (shares[i] ?? 0);
    const rate = p.taxRateBp ?? settings.taxRateBp;
    p.line.tax = settings.pricesIncludeTax ? includedTax(net, rate) : basisPointsOf(net, rate);
  });
  const tax = sellable.reduce((sum, p) => sum + p.line.tax, 0);
  // What a referrer's commission is taken of: the discountable goods after every discount, without
  // the tax inside them; shipping and tip are never in it.
  const discountableTax = discountable.reduce((sum, p) => sum + p.line.tax, 0);
  const referredGoods = discountableGoods - discount - (settings.pricesIncludeTax ? discountableTax : 0);

  const shipping = shippingOf(request, storeSettings, goods - discount, locale);
  const beforeTip = finalTotal({
    totalAmount: goods,
    tax,
    taxIncluded: settings.pricesIncludeTax,
    shipping_charge: shipping.charge,
    discount,
  });
  const tipOption = settings.tipAllowed ? request.tip_option : null;
  const tip = tipOption ? tipAmount(tipOption, goods) : 0;
  // A gift card pays first, as far as it holds and the order costs; the wallet pays what is left.
  const cardCode = request.gift_card?.trim() ?? "";
  const cardFound =
    cardCode && giftCards
      ? await giftCards(store.id, cardCode, { ip: guesser?.ip ?? "internal", customerId: customer.id })
      : cardCode
        ? { error: CHECKOUT_ERROR_KEYS.giftCardInvalid }
        : null;
  const payingCard = cardFound && "card" in cardFound ? cardFound : null;
  const giftCardError = cardFound && "error" in cardFound ? cardFound.error : null;
  const giftCard = payingCard ? Math.min(payingCard.balance, beforeTip + tip) : 0;
  const wallet = signedIn && request.use_wallet ? Math.min(balance, beforeTip + tip - giftCard) : 0;
  const totals: CheckoutTotals = {
    totalAmount: goods,
    tax,
    taxIncluded: settings.pricesIncludeTax,
    shipping_charge: shipping.charge,
    discount,
    tip,
    giftCard,
    wallet,
    payable_amount: beforeTip + tip - giftCard - wallet,
  };

  const lines = priced.map((p) => p.line);
  const answer: Omit<Calculation, "verified_response"> = {
    currency: store.currency,
    lines,
    totals,
    coupon: coupon ? { code: coupon.coupon.code, amount: couponOff } : null,
    couponError,
    referral: applied ? { code: applied.code, amount: reward } : null,
    referralError,
    walletBalance: balance,
    giftCard: payingCard ? { code: cardCode, balance: payingCard.balance, amount: giftCard } : null,
    giftCardError,
    hasProblems: lines.some((line) => line.problems.length > 0),
    shopClosed: shopClosed && { opensAt: shopClosed.opensAt.toISOString(), timezone: shopClosed.timezone },
  };

  return {
    account,
    calculation: { ...answer, verified_response: verifiedResponseOf(answer) },
    couponId: coupon?.coupon.id ?? null,
    referral: applied ? { applied, goodsAmount: Math.max(0, referredGoods) } : null,
    giftCard: payingCard && giftCard > 0 ? { card: payingCard.card, amount: giftCard } : null,
    deliveryWindow: windowCheck.window,
    orderTime: windowCheck.time,
    shopClosed,
    deliveryOptionName: shipping.optionName,
    pickupPoint: shipping.pickupPoint ?? null,
    deliverySettings: delivery,
    digitalFiles: new Map(
      [...catalogue.values()].flatMap((product) =>
        product.isDigital && product.digitalFile ? [[product.id, product.digitalFile] as const] : [],
      ),
    ),
    fieldErrors: {
      ...shipping.errors,
      ...windowCheck.errors,
      ...fulfilmentErrors(request, sellable),
      ...paymentErrors(request, totals.payable_amount),
      ...(couponError ? { coupon: couponError } : {}),
      ...(referralError ? { refer_code: referralError } : {}),
      ...(giftCardError ? { gift_card: giftCardError } : {}),
      ...recipientErrors(request, lines, delivery.timezone, now),
      ...(tip > maxTip(goods) ? { tip_option: CHECKOUT_ERROR_KEYS.tipTooLarge } : {}),
    },
  };
}

/** The day of `at` in a time zone, as YYYY-MM-DD. */
function dayIn(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/**
 * A recipient is only for a gift card, and its sending day is from today to a year ahead in the
 * shop's time zone: field errors named by the line (`products.0.giftRecipient.sendOn`).
 */
function recipientErrors(
  request: CheckoutRequest,
  lines: readonly PricedLine[],
  timezone: string,
  now: Date,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const today = dayIn(now, timezone);
  const [year, month, day] = today.split("-");
  const lastDay = `${Number(year) + 1}-${month}-${day}`;
  request.products.forEach((line, i) => {
    const recipient = line.giftRecipient;
    if (!recipient) return;
    if (!lines[i]?.isGiftCard) errors[`products.${i}.giftRecipient`] = FIELD_ERROR_KEYS.invalid;
    else if (recipient.sendOn && (recipient.sendOn < today || recipient.sendOn > lastDay))
      errors[`products.${i}.giftRecipient.sendOn`] = CHECKOUT_ERROR_KEYS.giftSendDate;
  });
  return errors;
}

/** Digital goods go by download only, and a download needs an email to go to. */
function fulfilmentErrors(request: CheckoutRequest, sellable: readonly Priced[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const physical = sellable.some((p) => !p.line.isDigital);
  if (request.delivery_type === "digital") {
    if (physical) errors.delivery_type = CHECKOUT_ERROR_KEYS.digitalOnly;
    const contact = emailSchema.safeParse(request.customer_contact);
    if (!contact.success)
      errors.customer_contact = contact.error.issues[0]?.message ?? FIELD_ERROR_KEYS.emailFormat;
  } else if (sellable.length > 0 && !physical) {
    errors.delivery_type = CHECKOUT_ERROR_KEYS.digitalNeedsNoShipping;
  }
  return errors;
}

/** An order with something to pay needs a way to pay; cash is handed over only at the door or the counter. */
function paymentErrors(request: CheckoutRequest, payable: number): Record<string, string> {
  if (payable > 0 && !request.payment_gateway)
    return { payment_gateway: CHECKOUT_ERROR_KEYS.paymentRequired };
  if (
    request.payment_gateway === "cash" &&
    (request.delivery_type === "digital" || request.delivery_type === "post")
  )
    return { payment_gateway: CHECKOUT_ERROR_KEYS.cashNotAccepted };
  return {};
}
