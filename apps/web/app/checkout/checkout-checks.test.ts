import { describe, expect, it } from "vitest";
import { isEmail, isPhone, missingChoices } from "./checkout-checks.ts";
import { type CheckoutState, initialCheckout } from "./checkout-state.ts";

const shipping = {
  title: "",
  type: "shipping" as const,
  customerName: "Anna Berg",
  buzz_code: "",
  unit_number: "",
  address: { street_address: "12 Orchard Lane", city: "Springfield", state: "", zip: "", country: "Canada" },
};
const card = { number: "4242424242424242", expiryMonth: "12", expiryYear: "30", cvc: "123", name: "Anna" };
const offer = { scheduled: true, pickupPoints: 2, postOptions: 2 };

const complete: CheckoutState = {
  ...initialCheckout(3),
  shipping_address: shipping,
  delivery_time: { start: "2030-01-01T10:00:00.000Z", end: "2030-01-01T11:00:00.000Z" },
  customer_name: "Anna Berg",
  customer_contact: "+1 555 0100",
  payment_gateway: "cash",
  payable_amount: 2500,
};

describe("what is still to choose", () => {
  it("is nothing for a complete delivery paid in cash", () => {
    expect(missingChoices("customer", complete, offer)).toEqual({});
  });

  it("asks for an address and a delivery time where the shop books them", () => {
    const state = { ...complete, shipping_address: null, delivery_time: null };
    expect(missingChoices("customer", state, offer)).toEqual({
      shipping_address: "checkout.missing.shipping-address",
      delivery_time: "checkout.missing.delivery-time",
    });
    expect(missingChoices("customer", state, { ...offer, scheduled: false })).toEqual({
      shipping_address: "checkout.missing.shipping-address",
    });
  });

  it("asks for a time while the shop is closed, for a delivery it does not book and for a pickup", () => {
    const closed = { ...offer, scheduled: false, shopClosed: true };
    const delivery = { ...complete, delivery_time: null };
    expect(missingChoices("customer", delivery, closed)).toEqual({
      delivery_time: "checkout.missing.delivery-time",
    });
    const pickup = { ...delivery, delivery_type: "pickup" as const, pickupOption: 1 };
    expect(missingChoices("customer", pickup, closed)).toEqual({
      delivery_time: "checkout.missing.pickup-time",
    });
    expect(missingChoices("customer", { ...pickup, delivery_time: complete.delivery_time }, closed)).toEqual(
      {},
    );
    // A parcel does not wait for the shop to open.
    const post = {
      ...delivery,
      delivery_type: "post" as const,
      delivery_post: 1,
      payment_gateway: "card" as const,
      credit_card: card,
    };
    expect(missingChoices("customer", post, closed)).toEqual({});
  });

  it("asks a pickup for its point and a parcel for its postal option, not for a time while open", () => {
    const pickup = {
      ...complete,
      delivery_type: "pickup" as const,
      shipping_address: null,
      delivery_time: null,
    };
    expect(missingChoices("customer", pickup, offer)).toEqual({
      pickupOption: "checkout.missing.pickup-point",
    });
    expect(missingChoices("customer", { ...pickup, pickupOption: 1 }, offer)).toEqual({});
    const post = {
      ...complete,
      delivery_type: "post" as const,
      delivery_time: null,
      payment_gateway: "card" as const,
      credit_card: card,
    };
    expect(missingChoices("customer", post, offer)).toEqual({
      delivery_post: "checkout.missing.postal-option",
    });
    // A parcel is not paid at the door.
    expect(missingChoices("customer", { ...post, delivery_post: 1, payment_gateway: "cash" }, offer)).toEqual(
      {
        payment_gateway: "checkout.missing.payment",
      },
    );
  });

  it("asks a guest for a name and an email or a phone that looks like one", () => {
    const guest = { ...complete, customer_name: " ", customer_contact: "" };
    expect(missingChoices("guest", guest, offer)).toEqual({
      customer_name: "checkout.missing.name",
      customer_contact: "checkout.missing.contact",
    });
    expect(missingChoices("guest", { ...complete, customer_contact: "hello" }, offer)).toEqual({
      customer_contact: "checkout.missing.contact-format",
    });
    expect(missingChoices("guest", { ...complete, customer_contact: "anna@example.com" }, offer)).toEqual({});
  });

  it("asks a digital order for an email and nothing about shipping", () => {
    const digital = {
      ...complete,
      shipping_address: null,
      delivery_time: null,
      payment_gateway: "card" as const,
      credit_card: card,
    };
    expect(missingChoices("digital", digital, offer)).toEqual({ customer_contact: "checkout.missing.email" });
    expect(missingChoices("digital", { ...digital, customer_contact: "anna@example.com" }, offer)).toEqual(
      {},
    );
  });

  it("asks how to pay, and for the card when paying by card, unless nothing is left to pay", () => {
    expect(missingChoices("customer", { ...complete, payment_gateway: null }, offer)).toEqual({
      payment_gateway: "checkout.missing.payment",
    });
    expect(missingChoices("customer", { ...complete, payment_gateway: "card" }, offer)).toEqual({
      credit_card: "checkout.missing.card",
    });
    // A saved card of a provider other than the shop's is a card; one given to another's form is not.
    const stripeOffer = { ...offer, cardGateway: "stripe" as const };
    expect(
      missingChoices(
        "customer",
        {
          ...complete,
          payment_gateway: "card",
          payment_sub_gateway: "saved_card",
          bamboraCard: { kind: "saved", cardId: "2" },
        },
        stripeOffer,
      ),
    ).toEqual({});
    expect(
      missingChoices("customer", { ...complete, payment_gateway: "card", credit_card: card }, stripeOffer),
    ).toEqual({ credit_card: "checkout.missing.card" });
    // A shop that takes no card offers none.
    expect(
      missingChoices(
        "customer",
        { ...complete, payment_gateway: "card", credit_card: card },
        {
          ...offer,
          cardGateway: null,
        },
      ),
    ).toEqual({ payment_gateway: "checkout.missing.payment" });
    // Cash cannot pay for a download.
    expect(
      missingChoices(
        "digital",
        { ...complete, customer_contact: "a@example.com", payment_gateway: "cash" },
        offer,
      ),
    ).toEqual({ payment_gateway: "checkout.missing.payment" });
    expect(
      missingChoices("customer", { ...complete, payment_gateway: null, payable_amount: 0 }, offer),
    ).toEqual({});
  });
});

describe("contact formats", () => {
  it("tells an email from a phone number", () => {
    expect(isEmail("anna@example.com")).toBe(true);
    expect(isEmail("+1 555 0100")).toBe(false);
    expect(isPhone("+1 (555) 010-0100")).toBe(true);
    expect(isPhone("12")).toBe(false);
    expect(isPhone("call me")).toBe(false);
  });
});
