import { describe, expect, it } from "vitest";
import { gatewayToOffer, paymentChoicesOf } from "./gateway-choice.ts";

describe("paymentChoicesOf", () => {
  it("offers the only card gateway on its own, beside cash", () => {
    expect(paymentChoicesOf(["cash", "test-card"])).toEqual([
      { kind: "gateway", gateway: "cash" },
      { kind: "gateway", gateway: "test-card" },
    ]);
  });

  it("gathers two card gateways or more into one card choice, where the first stood", () => {
    expect(paymentChoicesOf(["cash", "stripe", "bambora", "test-card"])).toEqual([
      { kind: "gateway", gateway: "cash" },
      { kind: "card", gateways: ["stripe", "bambora", "test-card"] },
    ]);
    expect(paymentChoicesOf(["stripe", "bambora"])).toEqual([
      { kind: "card", gateways: ["stripe", "bambora"] },
    ]);
  });
});

describe("gatewayToOffer", () => {
  it("starts on the gateway chosen while the shop takes it, else on the first", () => {
    expect(gatewayToOffer("bambora", ["stripe", "bambora"])).toBe("bambora");
    expect(gatewayToOffer("cash", ["stripe", "bambora"])).toBe("stripe");
    expect(gatewayToOffer(null, [])).toBeNull();
  });
});
