import { describe, expect, it } from "vitest";
import { ADDRESS_FIELDS, addressLines, addressName, isAddressType, type SavedAddress } from "./address.ts";

const place = {
  street_address: "12 Orchard Lane",
  city: "Springfield",
  state: "ON",
  zip: "K1A 0B1",
  country: "Canada",
};

describe("address display", () => {
  it("shows a shipping address with its unit, and who it is for", () => {
    const shipping: SavedAddress = {
      type: "shipping",
      title: "Home",
      customerName: "Anna Berg",
      unit_number: "4B",
      buzz_code: "123",
      address: place,
    };
    expect(addressName(shipping)).toBe("Anna Berg");
    expect(addressLines(shipping)).toEqual(["4B – 12 Orchard Lane", "Springfield, ON K1A 0B1", "Canada"]);
  });

  it("leaves out empty parts of a billing address", () => {
    const billing: SavedAddress = {
      type: "billing",
      title: "",
      billingName: "Berg AB",
      address: { ...place, state: "", zip: "" },
    };
    expect(addressName(billing)).toBe("Berg AB");
    expect(addressLines(billing)).toEqual(["12 Orchard Lane", "Springfield", "Canada"]);
  });
});

describe("address fields (spec §3)", () => {
  it("give shipping a recipient, unit and buzz code, and billing a name", () => {
    expect(ADDRESS_FIELDS.shipping).toEqual(
      expect.arrayContaining(["customerName", "unit_number", "buzz_code"]),
    );
    expect(ADDRESS_FIELDS.billing).toContain("billingName");
    expect(ADDRESS_FIELDS.billing).not.toContain("buzz_code");
    expect(isAddressType("billing")).toBe(true);
    expect(isAddressType("home")).toBe(false);
  });
});
