import { describe, expect, it } from "vitest";
import {
  ADDRESS_FIELDS,
  addressesOfType,
  addressLines,
  addressName,
  defaultAddressOf,
  isAddressType,
  plainAddress,
  type SavedAddress,
  sameAddress,
} from "./address.ts";

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

describe("the address book's addresses", () => {
  const home = {
    id: 7,
    isDefault: true,
    type: "shipping" as const,
    title: "Home",
    customerName: "Anna Berg",
    unit_number: "",
    buzz_code: "",
    address: place,
  };
  const work = {
    ...home,
    id: 8,
    isDefault: false,
    title: "Work",
    address: { ...place, street_address: "1 Main St" },
  };
  const book = { addresses: [home, work], limit: 20 };

  it("are the same address as an order's or the checkout's, whatever the key order", () => {
    const plain = plainAddress(home);
    expect(plain).not.toHaveProperty("id");
    expect(plain).not.toHaveProperty("isDefault");
    const reordered = {
      address: { ...place },
      buzz_code: "",
      unit_number: "",
      customerName: "Anna Berg",
      title: "Home",
      type: "shipping",
    } as const;
    expect(sameAddress(reordered, plain)).toBe(true);
    expect(sameAddress(plainAddress(work), plain)).toBe(false);
    expect(sameAddress(null, plain)).toBe(false);
    expect(sameAddress(null, null)).toBe(true);
  });

  it("give the default and the addresses of each type", () => {
    expect(defaultAddressOf(book, "shipping")?.id).toBe(7);
    expect(defaultAddressOf(book, "billing")).toBeNull();
    expect(addressesOfType(book, "shipping").map((a) => a.id)).toEqual([7, 8]);
    expect(addressesOfType(book, "billing")).toEqual([]);
  });
});
