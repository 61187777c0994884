import { describe, expect, it } from "vitest";
import { registerVerified } from "../../test/accounts.ts";
import { call } from "../../test/harness.ts";

/** Ordinary bad input that used to fail inside a query: each is now a field error the caller can read. */
describe("bad input answered as field errors", () => {
  it("refuses a lone surrogate in text bound for a JSON column", async () => {
    const { token } = await registerVerified();
    const address = {
      street_address: "1 Herzl St",
      country: "Israel",
      city: "Tel Aviv",
      state: "",
      zip: "61000",
    };
    const shipping = await call("POST", "/user/update/shippingInfo", {
      token,
      body: { shipping: { title: "Home", customerName: "Dana \ud83d", address } },
    });
    expect(shipping.status).toBe(400);
    expect(shipping.json.data.errors).toEqual({ "shipping.customerName": "error-control-character" });
    const order = await call("POST", "/api/storeOrder/create", { token, body: { customer_name: "\ud83d" } });
    expect(order.status).toBe(400);
    expect(order.json.data.errors.customer_name).toBe("error-control-character");
    const fieldName = await call("POST", "/api/storeOrder/calculate", { token, rawBody: '{"\\udc00": 1}' });
    expect(fieldName.status).toBe(400);
  });

  it("refuses tag ids that are no ids, instead of answering every tag", async () => {
    for (const ids of [[-1], [0], [1e21], [2_147_483_648], [1.5]]) {
      const { status, json } = await call("POST", "/api/storeProductTag/search", { body: { ids } });
      expect(status, JSON.stringify(ids)).toBe(400);
      expect(json.data.errors["ids.0"]).toMatch(/^error-field-too-(small|large)$|^error-field-invalid$/);
    }
    const all = await call("POST", "/api/storeProductTag/search", { body: {} });
    const one = all.json.data[0];
    const asked = await call("POST", "/api/storeProductTag/search", { body: { ids: [one.id] } });
    expect(asked.json.data).toEqual([one]);
  });

  it("drops a listing filter's ids beyond any id (spec §5), without failing", async () => {
    const hot = await call("POST", "/api/storeProduct/hot", { body: { categoryIds: [2_147_483_648] } });
    expect(hot.status).toBe(200);
    const search = await call("POST", "/api/storeProduct/search", {
      body: { categoryIds: [2_147_483_648, 1e21], tagIds: [2_147_483_648] },
    });
    expect(search.status).toBe(200);
  });

  it("says a quantity below one is too small, not missing", async () => {
    const { token } = await registerVerified();
    const { status, json } = await call("POST", "/api/storeOrder/calculate", {
      token,
      body: { products: [{ productId: 1, quantity: -1 }], delivery_type: "pickup" },
    });
    expect(status).toBe(400);
    expect(json.data.errors["products.0.quantity"]).toBe("error-field-too-small");
  });
});
