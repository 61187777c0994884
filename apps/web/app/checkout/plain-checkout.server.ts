import {
  checkoutRequestSchema,
  DELIVERY_TYPES,
  type DeliveryType,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type SavedCartLine,
} from "@stoa/contract";
import { redirect } from "react-router";
import { guestOrderCookie } from "../orders/guest-order-link.server.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { validateWith } from "../platform/form-values.ts";
import { isHttps } from "../platform/session/auth-cookie.server.ts";
import {
  appliedReferralCode,
  clearedReferralCookie,
  referralCodeOfCookies,
} from "../referrals/referral-link.ts";
import { missingChoices } from "./checkout-checks.ts";
import { initialCheckout, newIdempotencyKey } from "./checkout-state.ts";
import { shippedTypesOf } from "./delivery-offer.ts";
import { deliveryOffering } from "./delivery-offering.server.ts";
import {
  PLAIN_CHECKOUT_FIELDS,
  type PlainCheckoutAnswer,
  type PlainCheckoutPage,
  type PlainCheckoutTyped,
  timeOf,
} from "./plain-checkout-values.ts";

/**
 * Guest checkout as plain forms (decision 047): the page a shopper without scripts fills in and
 * posts, paying cash at the door or the counter. The lines are the session's saved cart, which
 * the server prices; the order is placed by the same call as the scripted page's, once per
 * idempotency key carried in a hidden field.
 */

/** The ways of getting an order paid in cash that the plain page offers. */
const PLAIN_DELIVERY_TYPES = ["delivery", "pickup"] as const satisfies readonly DeliveryType[];
type PlainDeliveryType = (typeof PLAIN_DELIVERY_TYPES)[number];

/** The page's lines and offer, for a guest session; the shopper without one is asked to start it. */
export async function plainCheckoutPage(
  storeApi: StoreApi,
  cookieHeader: string | null = null,
): Promise<PlainCheckoutPage> {
  const [saved, offering] = await Promise.all([storeApi.page("savedCart", {}), deliveryOffering(storeApi)]);
  const deliveryTypes = shippedTypesOf(offering.options).filter((type): type is PlainDeliveryType =>
    (PLAIN_DELIVERY_TYPES as readonly DeliveryType[]).includes(type),
  );
  return {
    lines: saved.items,
    offering,
    deliveryTypes,
    key: newIdempotencyKey(),
    referCode: referralCodeOfCookies(cookieHeader),
  };
}

const buyable = (line: SavedCartLine) => line.isAvailable && line.stock > 0;

/**
 * Places the order a plain form posted, or answers what to fix with what was typed. A refusal the
 * API gave an answer to starts a new attempt (a new key); a lost answer keeps the key, so pressing
 * again gives the order that may have been placed, never a second.
 */
export async function placePlainOrder(
  storeApi: StoreApi,
  request: Request,
): Promise<Response | PlainCheckoutAnswer> {
  const form = await request.formData();
  const typed: PlainCheckoutTyped = {};
  for (const name of PLAIN_CHECKOUT_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") typed[name] = value;
  }
  const posted = form.get("idempotencyKey");
  const key =
    typeof posted === "string" && IDEMPOTENCY_KEY_PATTERN.test(posted) ? posted : newIdempotencyKey();
  const refuse = (
    answer: Partial<Pick<PlainCheckoutAnswer, "fields" | "missing" | "failure">>,
    keepKey = false,
  ): PlainCheckoutAnswer => ({
    typed,
    fields: answer.fields ?? {},
    missing: answer.missing ?? {},
    failure: answer.failure ?? null,
    key: keepKey ? key : newIdempotencyKey(),
  });

  const { lines, offering, deliveryTypes } = await plainCheckoutPage(storeApi);
  const products = lines.filter(buyable);
  if (products.length === 0) throw redirect("/cart");
  const deliveryType = deliveryTypes.find((type) => type === typed.delivery_type) ?? null;
  if (!deliveryType || !(DELIVERY_TYPES as readonly string[]).includes(deliveryType))
    return refuse({ fields: { delivery_type: "error-field-required" } });

  const name = (typed.customer_name ?? "").trim();
  const delivery = deliveryType === "delivery";
  const body = {
    products: products.map((line) => ({
      productId: line.productId,
      ...(line.variationId === undefined ? {} : { variationId: line.variationId }),
      ...(line.addOns === undefined ? {} : { addOns: line.addOns }),
      quantity: line.quantity,
    })),
    delivery_type: deliveryType,
    shipping_address: delivery
      ? {
          customerName: name,
          unit_number: typed["shipping_address.unit_number"] ?? "",
          address: {
            street_address: typed["shipping_address.address.street_address"] ?? "",
            city: typed["shipping_address.address.city"] ?? "",
            zip: typed["shipping_address.address.zip"] ?? "",
            country: typed["shipping_address.address.country"] ?? "",
          },
        }
      : null,
    delivery_time: timeOf(typed.delivery_time),
    pickupOption: !delivery && typed.pickupOption ? Number(typed.pickupOption) : null,
    customer_name: name,
    customer_contact: (typeof typed.customer_contact === "string" ? typed.customer_contact : "").trim(),
    note: typed.note ?? "",
    // As on the scripted page: the code typed (or kept from the link, the field's starting value).
    refer_code: appliedReferralCode(typed.refer_code, null),
    payment_gateway: "cash" as const,
  };

  // The scripted page's own checks, so both pages ask for the same things in the same words.
  const state = {
    ...initialCheckout(),
    delivery_type: deliveryType,
    shipping_address: body.shipping_address
      ? {
          title: "",
          type: "shipping" as const,
          buzz_code: "",
          ...body.shipping_address,
          address: { state: "", ...body.shipping_address.address },
        }
      : null,
    delivery_time: body.delivery_time,
    pickupOption: body.pickupOption,
    customer_name: body.customer_name,
    customer_contact: body.customer_contact,
    payment_gateway: "cash" as const,
  };
  const missing = missingChoices("guest", state, {
    scheduled: offering.schedule.scheduled,
    pickupPoints: offering.options.pickupPoints.length,
    postOptions: 0,
  });
  // An address typed but incomplete says which of its fields, rather than "add an address".
  delete missing.shipping_address;
  const check = validateWith(checkoutRequestSchema, body);
  const fields = check.ok ? {} : check.fields;
  if (Object.keys(missing).length > 0 || !check.ok) return refuse({ fields, missing });

  const outcome = await storeApi.form(
    "createOrder",
    { body: check.data },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
  );
  if (!outcome.ok)
    return refuse({ fields: outcome.failure.fields, failure: outcome.failure }, outcome.status === 503);
  const { order, guestAccessToken } = outcome.data;
  const headers = new Headers();
  if (guestAccessToken)
    headers.append("Set-Cookie", guestOrderCookie(order.id, guestAccessToken, { secure: isHttps(request) }));
  // The order has taken the link's code: the next order is no first one to bring it to.
  if (body.refer_code) headers.append("Set-Cookie", clearedReferralCookie());
  return redirect(`/order-received?order=${order.id}`, { headers });
}
