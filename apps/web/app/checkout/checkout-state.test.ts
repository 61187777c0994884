import { CHECKOUT_STORAGE_KEY, STORAGE_KEYS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  attemptFor,
  type CheckoutState,
  cartSignature,
  checkoutReducer,
  chosenCardOf,
  fingerprintOf,
  initialCheckout,
  newIdempotencyKey,
  parseStoredCheckout,
  savedCardChoice,
  savedCardToChoose,
  serializeCheckout,
} from "./checkout-state.ts";

const shipping = {
  title: "Home",
  type: "shipping" as const,
  customerName: "Anna Berg",
  buzz_code: "",
  unit_number: "4B",
  address: {
    street_address: "12 Orchard Lane",
    city: "Springfield",
    state: "",
    zip: "K1A",
    country: "Canada",
  },
};

const card = { number: "4242 4242 4242 4242", expiryMonth: "12", expiryYear: "30", cvc: "123", name: "Anna" };

function calculated(state: CheckoutState, cart = "1::*2@500"): CheckoutState {
  return checkoutReducer(state, {
    type: "CALCULATED",
    cart,
    verified_response: "proof-1",
    payable_amount: 1234,
    coupon: null,
  });
}

describe("checkout state", () => {
  it("is kept under the spec's checkout key, which signing out clears", () => {
    expect(CHECKOUT_STORAGE_KEY).toBe(STORAGE_KEYS.checkout);
  });

  it("keeps the proof of the totals until the cart changes (spec §4)", () => {
    const state = calculated(initialCheckout(3));
    expect(state).toMatchObject({
      verified_response: "proof-1",
      payable_amount: 1234,
      verifiedCart: "1::*2@500",
    });
    expect(checkoutReducer(state, { type: "CART_CHANGED", cart: "1::*2@500" })).toBe(state);
    const changed = checkoutReducer(state, { type: "CART_CHANGED", cart: "1::*3@500" });
    expect(changed).toMatchObject({ verified_response: null, payable_amount: null, verifiedCart: null });
  });

  it("drops the proof when a choice a price depends on changes, keeping the choices", () => {
    const state = checkoutReducer(calculated(initialCheckout()), {
      type: "CHOOSE",
      changes: { delivery_type: "pickup", note: "Ring twice" },
    });
    expect(state).toMatchObject({ delivery_type: "pickup", note: "Ring twice", verified_response: null });
  });

  it("keeps the proof when a choice is set to what it already is, as a card entered after choosing to pay by card", () => {
    const byCard = calculated(
      checkoutReducer(initialCheckout(), { type: "CHOOSE", changes: { payment_gateway: "card" } }),
    );
    const withCard = checkoutReducer(byCard, {
      type: "CHOOSE",
      changes: { payment_gateway: "card", credit_card: card },
    });
    expect(withCard).toMatchObject({ verified_response: "proof-1", credit_card: card });
  });

  it("keeps the proof when only a name, the contact, the note or the out-of-stock wish changes", () => {
    const state = checkoutReducer(calculated(initialCheckout()), {
      type: "CHOOSE",
      changes: {
        customer_name: "Anna",
        customer_contact: "a@b.c",
        note: "x",
        outStockPreference: "substitute",
      },
    });
    expect(state).toMatchObject({
      customer_name: "Anna",
      verified_response: "proof-1",
      payable_amount: 1234,
    });
  });

  it("takes the coupon as the API priced it, and drops one it refused", () => {
    const typed = checkoutReducer(initialCheckout(), {
      type: "CHOOSE",
      changes: { coupon: { code: "SAVE10", amount: 0 } },
    });
    const applied = checkoutReducer(typed, {
      type: "CALCULATED",
      cart: "c",
      verified_response: "p",
      payable_amount: 900,
      coupon: { code: "SAVE10", amount: 100 },
    });
    expect(applied.coupon).toEqual({ code: "SAVE10", amount: 100 });
    const refused = checkoutReducer(typed, {
      type: "CALCULATED",
      cart: "c",
      verified_response: "p",
      payable_amount: 1000,
      coupon: null,
    });
    expect(refused.coupon).toBeNull();
  });

  it("resets for the next order, or for another shopper", () => {
    const filled = checkoutReducer(calculated(initialCheckout(3)), {
      type: "CHOOSE",
      changes: { shipping_address: shipping, note: "x" },
    });
    expect(checkoutReducer(filled, { type: "RESET", owner: 3 })).toEqual(initialCheckout(3));
    expect(checkoutReducer(filled, { type: "RESET", owner: null }).owner).toBeNull();
  });

  it("signs a cart by its lines, quantities and the prices the shopper saw", () => {
    const line = { id: "7::", quantity: 2, price: 500 };
    expect(cartSignature([line])).toBe(cartSignature([{ ...line }]));
    expect(cartSignature([line])).not.toBe(cartSignature([{ ...line, quantity: 3 }]));
    expect(cartSignature([line])).not.toBe(cartSignature([{ ...line, price: 450 }]));
    expect(cartSignature([])).toBe("");
  });

  it("takes another tab's checkout but keeps its own card", () => {
    const mine = checkoutReducer(initialCheckout(), { type: "CHOOSE", changes: { credit_card: card } });
    const theirs = { ...initialCheckout(), note: "from the other tab" };
    const adopted = checkoutReducer(mine, { type: "ADOPT", state: theirs });
    expect(adopted.note).toBe("from the other tab");
    expect(adopted.credit_card).toEqual(card);
  });
});

describe("the Idempotency-Key of placing an order", () => {
  let counter = 0;
  const nextKey = () => `key-${++counter}`;

  it("is made once per attempt and reused for a retry of the same request", () => {
    const first = attemptFor(initialCheckout(), "request-a", nextKey);
    const placing = checkoutReducer(initialCheckout(), { type: "PLACING", attempt: first });
    expect(placing.isPayment).toBe(true);
    // No answer came (network down): the retry carries the same key.
    const unanswered = checkoutReducer(placing, { type: "UNANSWERED" });
    expect(unanswered.isPayment).toBe(false);
    expect(attemptFor(unanswered, "request-a", nextKey)).toEqual(first);
  });

  it("is new for a changed request", () => {
    const first = attemptFor(initialCheckout(), "request-a", nextKey);
    const state = checkoutReducer(initialCheckout(), { type: "PLACING", attempt: first });
    expect(attemptFor(state, "request-b", nextKey).key).not.toBe(first.key);
  });

  it("ends when the API refuses (a declined card: nothing was placed)", () => {
    const first = attemptFor(initialCheckout(), "request-a", nextKey);
    const refused = checkoutReducer(checkoutReducer(initialCheckout(), { type: "PLACING", attempt: first }), {
      type: "REFUSED",
    });
    expect(refused.attempt).toBeNull();
    expect(attemptFor(refused, "request-a", nextKey).key).not.toBe(first.key);
  });

  it("ends when the cart changes, and with the order (reset)", () => {
    const first = attemptFor(initialCheckout(), "request-a", nextKey);
    const placing = checkoutReducer(calculated(initialCheckout(), "cart-1"), {
      type: "PLACING",
      attempt: first,
    });
    expect(checkoutReducer(placing, { type: "CART_CHANGED", cart: "cart-1" }).attempt).toEqual(first);
    expect(checkoutReducer(placing, { type: "CART_CHANGED", cart: "cart-2" }).attempt).toBeNull();
    expect(checkoutReducer(placing, { type: "RESET", owner: null }).attempt).toBeNull();
  });

  it("is 128 random bits in hex", () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(newIdempotencyKey((bytes) => bytes.fill(255))).toBe("f".repeat(32));
  });

  it("tells requests apart by a stable fingerprint", () => {
    expect(fingerprintOf({ a: 1, b: [2] })).toBe(fingerprintOf({ a: 1, b: [2] }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });
});

describe("stored checkout", () => {
  it("comes back as it was stored", () => {
    const attempt = { key: "0123456789abcdef0123456789abcdef", fingerprint: "f" };
    const state: CheckoutState = {
      ...calculated(initialCheckout(3)),
      shipping_address: shipping,
      delivery_type: "post",
      delivery_post: 2,
      tip_option: { type: "percent", value: 10 },
      coupon: { code: "SAVE10", amount: 100 },
      use_wallet: true,
      note: "Leave at the door",
      outStockPreference: "remove_item",
      attempt,
    };
    expect(parseStoredCheckout(serializeCheckout(state))).toEqual(state);
  });

  it("never holds the card number or the security code", () => {
    const state = checkoutReducer(initialCheckout(), {
      type: "CHOOSE",
      changes: { credit_card: card, payment_gateway: "card" },
    });
    const stored = serializeCheckout(state);
    expect(stored).not.toContain("4242");
    expect(stored).not.toContain('"123"');
    expect(parseStoredCheckout(stored)).toMatchObject({ credit_card: null, payment_gateway: "card" });
  });

  it("is never stored as on its way: a reload ends the wait", () => {
    const placing = checkoutReducer(initialCheckout(), {
      type: "PLACING",
      attempt: { key: "0123456789abcdef0123456789abcdef", fingerprint: "f" },
    });
    expect(parseStoredCheckout(serializeCheckout(placing))?.isPayment).toBe(false);
  });

  it("falls back field by field on what it does not understand", () => {
    const stored = JSON.stringify({
      delivery_type: "teleport",
      shipping_address: { customerName: "" },
      note: 42,
      delivery_post: -1,
      payment_gateway: "bitcoin",
      tip_option: { type: "percent", value: 500 },
      attempt: { key: "not-hex", fingerprint: "f" },
      customer_name: "Anna",
    });
    expect(parseStoredCheckout(stored)).toEqual({ ...initialCheckout(), customer_name: "Anna" });
    expect(parseStoredCheckout("not json")).toBeNull();
    expect(parseStoredCheckout("[1,2]")).toBeNull();
    expect(parseStoredCheckout(null)).toBeNull();
  });

  it("reads back addresses, the delivery window, the coupon and a saved Stripe card as their schemas read them", () => {
    const stored = JSON.stringify({
      billing_address: {
        billingName: " Anna Berg ",
        address: { street_address: "12 Orchard Lane", city: "Springfield", country: "Canada" },
      },
      shipping_address: { ...shipping, unit_number: " 4B " },
      delivery_time: { start: "2026-03-02T10:00:00.000Z", end: "2026-03-02T11:00:00.000Z", extra: 1 },
      coupon: { code: "SAVE10", amount: 100, note: "x" },
      tip_option: { type: "amount", value: 300 },
      stripePaymentMethodId: " pm_123abc ",
    });
    expect(parseStoredCheckout(stored)).toEqual({
      ...initialCheckout(),
      billing_address: {
        title: "",
        type: "billing",
        billingName: "Anna Berg",
        address: {
          street_address: "12 Orchard Lane",
          city: "Springfield",
          country: "Canada",
          state: "",
          zip: "",
        },
      },
      shipping_address: shipping,
      delivery_time: { start: "2026-03-02T10:00:00.000Z", end: "2026-03-02T11:00:00.000Z" },
      coupon: { code: "SAVE10", amount: 100 },
      tip_option: { type: "amount", value: 300 },
      stripePaymentMethodId: "pm_123abc",
    });
  });

  it("drops malformed addresses, windows, coupons, tips and Stripe cards, keeping the rest", () => {
    const stored = JSON.stringify({
      billing_address: { ...shipping, type: "shipping" },
      shipping_address: { ...shipping, address: { ...shipping.address, street_address: "   " } },
      delivery_time: { start: "2026-02-30T10:00:00Z", end: "2026-03-02T11:00:00Z" },
      coupon: { code: "SAVE10", amount: 1.5 },
      tip_option: { type: "amount", value: -1 },
      stripePaymentMethodId: "card_123",
      note: "Leave at the door",
    });
    expect(parseStoredCheckout(stored)).toEqual({ ...initialCheckout(), note: "Leave at the door" });
    const wrongTypes = JSON.stringify({
      billing_address: "Home",
      shipping_address: [shipping],
      delivery_time: "tomorrow",
      coupon: "SAVE10",
      tip_option: 10,
      stripePaymentMethodId: 123,
    });
    expect(parseStoredCheckout(wrongTypes)).toEqual(initialCheckout());
  });
});

describe("stored card choices", () => {
  it("keep a saved Bambora card by its id, never a new card's token or Stripe's payment method", () => {
    const saved = {
      ...initialCheckout(7),
      payment_gateway: "card" as const,
      payment_sub_gateway: "saved_card" as const,
      bamboraCard: { kind: "saved" as const, cardId: "3" },
    };
    expect(parseStoredCheckout(serializeCheckout(saved))).toMatchObject({
      payment_sub_gateway: "saved_card",
      bamboraCard: { kind: "saved", cardId: "3" },
    });
    const typed = {
      ...initialCheckout(7),
      bamboraCard: {
        kind: "new" as const,
        token: "tok-secret",
        name: "A",
        brand: "visa" as const,
        last4: "1234",
      },
      stripeCard: { paymentMethodId: "pm_secret", brand: "visa" as const, last4: "4242" },
      stripePaymentMethodId: "pm_secret",
    };
    const stored = serializeCheckout(typed);
    expect(stored).not.toContain("tok-secret");
    expect(stored).not.toContain("pm_secret");
    expect(parseStoredCheckout(stored)).toMatchObject({ bamboraCard: null, stripeCard: null });
  });

  it("keep a saved Stripe card by its payment method id, and nothing else of Stripe's", () => {
    const saved = {
      ...initialCheckout(7),
      payment_gateway: "card" as const,
      payment_sub_gateway: "saved_card" as const,
      stripePaymentMethodId: "pm_saved1",
    };
    expect(parseStoredCheckout(serializeCheckout(saved))).toMatchObject({
      stripePaymentMethodId: "pm_saved1",
    });
    expect(
      parseStoredCheckout(JSON.stringify({ ...saved, stripePaymentMethodId: "not a card" }))
        ?.stripePaymentMethodId,
    ).toBeNull();
  });

  it("stay with the tab they were given in when another tab's checkout is taken", () => {
    const mine = {
      ...initialCheckout(7),
      bamboraCard: { kind: "new" as const, token: "tok", name: "A", brand: "visa" as const, last4: "1234" },
    };
    const adopted = checkoutReducer(mine, { type: "ADOPT", state: initialCheckout(7) });
    expect(adopted.bamboraCard).toEqual(mine.bamboraCard);
  });
});

describe("the card chosen", () => {
  const typed = { paymentMethodId: "pm_typed", brand: "visa" as const, last4: "4242" };
  const base = { ...initialCheckout(), payment_gateway: "card" as const };

  it("is a saved card of any provider by its id, whichever provider takes new cards", () => {
    const stripe = { ...base, ...savedCardChoice("stripe", "pm_saved") };
    expect(chosenCardOf({ ...stripe, stripeCard: typed }, "bambora")).toEqual({
      kind: "saved",
      gateway: "stripe",
      id: "pm_saved",
    });
    const bambora = { ...stripe, ...savedCardChoice("bambora", "3") };
    expect(bambora.stripePaymentMethodId).toBeNull();
    expect(chosenCardOf(bambora, "stripe")).toEqual({ kind: "saved", gateway: "bambora", id: "3" });
  });

  it("is otherwise the card given to the shop's provider's form for this order", () => {
    const given = { ...base, payment_sub_gateway: "new_card" as const, stripeCard: typed };
    expect(chosenCardOf(given, "stripe")).toMatchObject({ kind: "new", gateway: "stripe", last4: "4242" });
    // A card given to another provider's form is not one the shop's provider can take.
    expect(chosenCardOf(given, "bambora")).toBeNull();
    expect(chosenCardOf({ ...base, credit_card: card }, "test-card")).toMatchObject({
      kind: "new",
      gateway: "test-card",
      last4: "4242",
    });
    expect(chosenCardOf(base, "test-card")).toBeNull();
    expect(chosenCardOf({ ...base, payment_sub_gateway: "saved_card" as const }, "stripe")).toBeNull();
  });

  it("fills an empty choice with the first card listed, and keeps one made", () => {
    const cards = [{ id: "pm_a" }, { id: "pm_b" }];
    expect(savedCardToChoose({ kind: "saved", gateway: "stripe", id: "pm_b" }, cards)).toBeNull();
    expect(savedCardToChoose(null, cards)).toEqual({ id: "pm_a" });
    expect(savedCardToChoose(null, [])).toBeNull();
    expect(savedCardToChoose(null, null)).toBeNull();
  });

  it("reads a checkout stored when a provider was picked as paying by 'Card'", () => {
    for (const gateway of ["stripe", "bambora", "test-card"])
      expect(parseStoredCheckout(JSON.stringify({ payment_gateway: gateway }))?.payment_gateway).toBe("card");
    expect(parseStoredCheckout(JSON.stringify({ payment_gateway: "cash" }))?.payment_gateway).toBe("cash");
    expect(parseStoredCheckout(JSON.stringify({ payment_gateway: "paypal" }))?.payment_gateway).toBeNull();
  });
});
