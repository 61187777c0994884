import { describe, expect, it } from "vitest";
import { expectAgreement, FOREIGN_VALUES, variantsOf } from "../platform/plain-checks.testing.ts";
import { asBillingAddress, asShippingAddress } from "./checks.ts";
import { billingAddressSchema, shippingAddressSchema } from "./schemas.ts";

const place = {
  street_address: " 1 Main St ",
  country: "Canada",
  city: "Toronto",
  state: "ON",
  zip: "M5V 1A1",
};
const billing = { title: "Home", type: "billing", billingName: "Ada Lovelace", address: place };
const shipping = {
  title: "Office",
  type: "shipping",
  customerName: "Ada Lovelace",
  buzz_code: "12",
  unit_number: "4B",
  address: place,
};
const long = (length: number) => "x".repeat(length);

describe("the addresses' plain checks agree with their schemas", () => {
  it("on billing addresses", () => {
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf(billing),
      { ...billing, type: "shipping" },
      { ...billing, billingName: long(120) },
      { ...billing, billingName: ` ${long(120)} ` },
      { ...billing, billingName: long(121) },
      { ...billing, address: { ...place, street_address: long(200) } },
      { ...billing, address: { ...place, street_address: long(201) } },
      { ...billing, address: { ...place, zip: long(21) } },
    ];
    const { accepted, refused } = expectAgreement(asBillingAddress, billingAddressSchema, values);
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(50);
  });

  it("on shipping addresses", () => {
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf(shipping),
      { ...shipping, type: "billing" },
      { ...shipping, buzz_code: long(20) },
      { ...shipping, buzz_code: long(21) },
      { ...shipping, title: long(81) },
      { ...shipping, address: { ...place, country: "   " } },
    ];
    const { accepted, refused } = expectAgreement(asShippingAddress, shippingAddressSchema, values);
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(50);
  });
});
