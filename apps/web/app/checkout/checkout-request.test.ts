import { type CartItem, checkoutRequestSchema } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  attemptRequestOf,
  calculateRequestOf,
  createRequestOf,
  paymentGatewaysOf,
} from "./checkout-request.ts";
import { type CheckoutState, changesPrice, initialCheckout } from "./checkout-state.ts";

const shipping = {
  title: "",
  type: "shipping" as const,
  customerName: "Anna Berg",
  buzz_code: "",
  unit_number: "",
  address: { street_address: "12 Orchard Lane", city: "Springfield", state: "", zip: "", country: "Canada" },
};

const items: CartItem[] = [
  {
    id: "7:3:size=l",
    productId: 7,
    variationId: 3,
    addOns: { size: ["l"] },
    name: "Pizza",
    image: null,
    price: 1200,
    quantity: 2,
    stock: 5,
    itemTotal: 2400,
  },
  { id: "8::", productId: 8, name: "Cola", image: null, price: 250, quantity: 1, stock: 9, itemTotal: 250 },
];

const card = {
  number: "4242424242424242",
  expiryMonth: "12",
  expiryYear: "2030",
  cvc: "123",
  name: "Anna Berg",
};

const state: CheckoutState = {
  ...initialCheckout(3),
  shipping_address: shipping,
  delivery_time: { start: "2030-01-01T10:00:00.000Z", end: "2030-01-01T11:00:00.000Z" },
  delivery_post: 4,
  pickupOption: 2,
  coupon: { code: "SAVE10", amount: 240 },
  tip_option: { type: "percent", value: 10 },
  use_wallet: true,
  payment_gateway: "card",
  credit_card: card,
  customer_contact: "+1 555 0100",
  customer_name: "Anna Berg",
  verified_response: "proof",
};

describe("the calculate request", () => {
  it("sends what was picked, with the price seen, in the contract's shape", () => {
    const request = calculateRequestOf("customer", state, items);
    expect(checkoutRequestSchema.safeParse(request).success).toBe(true);
    expect(request.products).toEqual([
      { productId: 7, variationId: 3, addOns: { size: ["l"] }, quantity: 2, price: 1200 },
      { productId: 8, quantity: 1, price: 250 },
    ]);
    expect(request).toMatchObject({ coupon: "SAVE10", use_wallet: true, delivery_type: "delivery" });
    // Only create carries the card, the proof and what does not change a price.
    expect(request).not.toHaveProperty("credit_card");
    expect(request).not.toHaveProperty("verified_response");
    expect(request).not.toHaveProperty("customer_contact");
    expect(request).not.toHaveProperty("note");
  });

  it("carries the referral code the checkout applies, and prices again when it changes", () => {
    const referred = { ...state, refer_code: "FRIEND22" };
    const request = calculateRequestOf("guest", referred, items);
    expect(checkoutRequestSchema.safeParse(request).success).toBe(true);
    expect(request.refer_code).toBe("FRIEND22");
    expect(createRequestOf("guest", referred, items).refer_code).toBe("FRIEND22");
    expect(calculateRequestOf("guest", state, items).refer_code).toBeNull();
    expect(changesPrice(state, { refer_code: "FRIEND22" })).toBe(true);
  });

  it("prices a guest's referral with the contact that tells them apart, and only then", () => {
    const referred = { ...state, refer_code: "FRIEND22", customer_contact: "omar@example.com" };
    expect(calculateRequestOf("guest", referred, items).customer_contact).toBe("omar@example.com");
    expect(calculateRequestOf("guest", state, items)).not.toHaveProperty("customer_contact");
    expect(calculateRequestOf("customer", referred, items)).not.toHaveProperty("customer_contact");
    expect(changesPrice(referred, { customer_contact: "dana@example.com" })).toBe(true);
    expect(changesPrice(state, { customer_contact: "dana@example.com" })).toBe(false);
  });

  it("sends only the choices of the delivery type, a time for a delivery or a pickup", () => {
    const delivery = calculateRequestOf("customer", state, items);
    expect(delivery).toMatchObject({
      shipping_address: shipping,
      delivery_time: state.delivery_time,
      delivery_post: null,
      pickupOption: null,
    });
    const pickup = calculateRequestOf("customer", { ...state, delivery_type: "pickup" }, items);
    expect(pickup).toMatchObject({
      shipping_address: null,
      delivery_time: state.delivery_time,
      delivery_post: null,
      pickupOption: 2,
    });
    const post = calculateRequestOf("customer", { ...state, delivery_type: "post" }, items);
    expect(post).toMatchObject({
      shipping_address: shipping,
      delivery_time: null,
      delivery_post: 4,
      pickupOption: null,
    });
  });

  it("sends a digital order without shipping and never as cash", () => {
    const digital = calculateRequestOf("digital", { ...state, payment_gateway: "cash" }, items);
    expect(digital).toMatchObject({
      tip_option: null,
      delivery_type: "digital",
      shipping_address: null,
      delivery_time: null,
      payment_gateway: null,
    });
    expect(paymentGatewaysOf("digital")).toEqual(["card"]);
    expect(paymentGatewaysOf("post")).toEqual(["card"]);
    expect(paymentGatewaysOf("pickup")).toEqual(["cash", "card"]);
    // A digital checkout left in the state does not follow the shopper to the standard one.
    expect(calculateRequestOf("customer", { ...state, delivery_type: "digital" }, items).delivery_type).toBe(
      "delivery",
    );
  });

  it("never spends a guest's wallet", () => {
    expect(calculateRequestOf("guest", state, items).use_wallet).toBe(false);
  });
});

describe("the create request", () => {
  it("adds the proof of the totals and, for a card payment, the card", () => {
    const request = createRequestOf("customer", state, items);
    expect(request).toMatchObject({
      verified_response: "proof",
      credit_card: card,
      payment_gateway: "card",
    });
    expect(checkoutRequestSchema.safeParse(request).success).toBe(true);
    const cash = createRequestOf("customer", { ...state, payment_gateway: "cash" }, items);
    expect(cash).not.toHaveProperty("credit_card");
  });

  it("tells attempts apart by the card's brand and last four digits, never its number", () => {
    const request = createRequestOf("customer", state, items);
    const attempt = attemptRequestOf(request);
    expect(attempt).not.toHaveProperty("credit_card");
    expect(attempt).toMatchObject({
      verified_response: "proof",
      coupon: "SAVE10",
      card: { brand: "visa", last4: "4242" },
    });
    expect(JSON.stringify(attempt)).not.toContain("4242424242424242");
    expect(JSON.stringify(attempt)).not.toContain('"123"');
    const otherCard = createRequestOf(
      "customer",
      { ...state, credit_card: { ...card, number: "4000000000000002" } },
      items,
    );
    expect(attemptRequestOf(otherCard)).not.toEqual(attempt);
    expect(
      attemptRequestOf(createRequestOf("customer", { ...state, payment_gateway: "cash" }, items)).card,
    ).toBeNull();
  });
});

describe("card payments in the order", () => {
  const delivery: CheckoutState = {
    ...initialCheckout(),
    shipping_address: shipping,
    customer_name: "Anna Berg",
    customer_contact: "anna@example.com",
    payment_gateway: "card",
  };

  it("offers one 'Card' wherever the shop takes cards, cash only at the door or the counter", () => {
    expect(paymentGatewaysOf("delivery", "stripe")).toEqual(["cash", "card"]);
    expect(paymentGatewaysOf("post", "bambora")).toEqual(["card"]);
    expect(paymentGatewaysOf("pickup")).toEqual(["cash", "card"]);
    expect(paymentGatewaysOf("delivery", null)).toEqual(["cash"]);
    expect(paymentGatewaysOf("digital", null)).toEqual([]);
  });

  it("sends a new card in the form of the shop's provider, naming no provider and no number", () => {
    const state: CheckoutState = {
      ...delivery,
      payment_sub_gateway: "new_card",
      bamboraCard: { kind: "new", token: "tok-1", name: "Anna Berg", brand: "visa", last4: "1234" },
      stripeCard: { paymentMethodId: "pm_123", brand: "visa", last4: "4242" },
    };
    const bambora = createRequestOf("customer", state, items, "bambora");
    expect(bambora).toMatchObject({
      payment_gateway: "card",
      payment_sub_gateway: "new_card",
      bamboraCard: { token: "tok-1", name: "Anna Berg" },
    });
    expect(bambora).not.toHaveProperty("stripePaymentMethodId");
    expect(JSON.stringify(bambora)).not.toContain("1234");
    expect(checkoutRequestSchema.safeParse(bambora).success).toBe(true);
    const stripe = createRequestOf("customer", state, items, "stripe");
    expect(stripe).toMatchObject({ payment_sub_gateway: "new_card", stripePaymentMethodId: "pm_123" });
    expect(stripe).not.toHaveProperty("bamboraCard");
    // The shop's provider has no card of this order yet: none is sent (and one is asked for).
    expect(createRequestOf("customer", state, items, "test-card")).not.toHaveProperty("credit_card");
  });

  it("sends a saved card by its id in its own provider's field, whichever provider takes new cards", () => {
    const stripeSaved: CheckoutState = {
      ...delivery,
      payment_sub_gateway: "saved_card",
      stripePaymentMethodId: "pm_saved",
      stripeCard: { paymentMethodId: "pm_typed", brand: "visa", last4: "4242" },
    };
    const request = createRequestOf("customer", stripeSaved, items, "bambora");
    expect(request).toMatchObject({
      payment_gateway: "card",
      payment_sub_gateway: "saved_card",
      stripePaymentMethodId: "pm_saved",
    });
    expect(checkoutRequestSchema.safeParse(request).success).toBe(true);
    const bamboraSaved: CheckoutState = {
      ...delivery,
      payment_sub_gateway: "saved_card",
      bamboraCard: { kind: "saved", cardId: "2" },
    };
    expect(createRequestOf("customer", bamboraSaved, items, "stripe")).toMatchObject({
      payment_sub_gateway: "saved_card",
      bamboraCard: { cardId: "2" },
    });
  });

  it("drops 'Card' where the shop takes no card", () => {
    expect(calculateRequestOf("customer", delivery, items, null).payment_gateway).toBeNull();
    expect(calculateRequestOf("customer", delivery, items, "stripe").payment_gateway).toBe("card");
  });
});
