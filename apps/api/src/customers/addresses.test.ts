import { ADDRESS_BOOK_LIMIT, addressBookSchema, bookAddressSchema } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { client, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { customerAddresses } from "./tables.ts";

const place = (street: string) => ({
  street_address: street,
  country: "Canada",
  city: "Toronto",
  state: "ON",
  zip: "M5V 1A1",
});
const shipping = (street: string, extra: Record<string, unknown> = {}) => ({
  type: "shipping",
  title: street,
  customerName: "Dana Levi",
  unit_number: "4B",
  buzz_code: "",
  address: place(street),
  ...extra,
});
const billing = (street: string, extra: Record<string, unknown> = {}) => ({
  type: "billing",
  title: "",
  billingName: "Dana Levi",
  address: place(street),
  ...extra,
});

type Api = ReturnType<typeof client>;
async function add(api: Api, token: string, body: Record<string, unknown>) {
  const answer = await api("POST", "/user/addresses", { token, body });
  expect(answer.status).toBe(200);
  return bookAddressSchema.parse(answer.json.data);
}
async function book(api: Api, token: string) {
  return addressBookSchema.parse((await api("GET", "/user/addresses", { token })).json.data);
}
const defaults = (addresses: { title: string; type: string; isDefault: boolean }[]) =>
  addresses.filter((a) => a.isDefault).map((a) => `${a.type}:${a.title}`);

describe("the address book", () => {
  it("adds, lists, edits, switches the default and deletes; the first of each type is its default", async () => {
    const { token } = await registerVerified();
    const api = client();
    expect(await book(api, token)).toEqual({ addresses: [], limit: ADDRESS_BOOK_LIMIT });

    const home = await add(api, token, shipping("1 Home St"));
    expect(home).toMatchObject({ type: "shipping", isDefault: true, title: "1 Home St" });
    const office = await add(api, token, shipping("2 Office Rd"));
    expect(office.isDefault).toBe(false);
    const bill = await add(api, token, billing("3 Bill Ave"));
    expect(bill.isDefault).toBe(true);
    expect((await book(api, token)).addresses.map((a) => a.id)).toEqual([home.id, office.id, bill.id]);

    // Making the office the default switches the one default of shipping, and leaves billing's.
    const made = await api("POST", `/user/addresses/${office.id}/default`, { token });
    expect(made.json.data).toMatchObject({ id: office.id, isDefault: true });
    expect(defaults((await book(api, token)).addresses)).toEqual(["shipping:2 Office Rd", "billing:"]);
    // The spec's calls answer the defaults.
    const info = await api("GET", "/user/shippingInfo", { token });
    expect(info.json.data.shipping.address.street_address).toBe("2 Office Rd");
    expect(info.json.data.billing.address.street_address).toBe("3 Bill Ave");
    const me = await api("GET", "/api/auth/getUserInfoFromToken", { token });
    expect(JSON.parse(me.json.data.shippingAddress).address.street_address).toBe("2 Office Rd");

    // An edit keeps the id; one with isDefault makes it the default.
    const edited = await api("PUT", `/user/addresses/${home.id}`, {
      token,
      body: shipping("1 Home St", { title: "Home", isDefault: true }),
    });
    expect(edited.json.data).toMatchObject({ id: home.id, title: "Home", isDefault: true });
    expect(defaults((await book(api, token)).addresses)).toEqual(["shipping:Home", "billing:"]);

    // Deleting the default makes the newest other shipping address the default.
    const third = await add(api, token, shipping("4 Third Ln"));
    const deleted = await api("DELETE", `/user/addresses/${home.id}`, { token });
    expect(deleted.json.data).toEqual({ message: "successfully-address-deleted" });
    const after = await book(api, token);
    expect(after.addresses.map((a) => a.id)).toEqual([office.id, bill.id, third.id]);
    expect(defaults(after.addresses)).toEqual(["billing:", "shipping:4 Third Ln"]);
    // Deleting one that is not the default leaves the default alone.
    await api("DELETE", `/user/addresses/${office.id}`, { token });
    expect(defaults((await book(api, token)).addresses)).toEqual(["billing:", "shipping:4 Third Ln"]);
  });

  it("keeps the spec's one billing and one shipping address as the defaults of the book", async () => {
    const { token } = await registerVerified();
    const api = client();
    const { type: _type, ...first } = shipping("1 First St");
    const saved = await api("POST", "/user/update/shippingInfo", { token, body: { shipping: first } });
    expect(saved.json.data.shipping.address.street_address).toBe("1 First St");
    expect(saved.json.data.billing).toBeNull();
    const other = await add(api, token, shipping("2 Other St"));
    // Saving again changes the default in place.
    await api("POST", "/user/update/shippingInfo", {
      token,
      body: { shipping: { ...first, address: place("1 First St, rear") } },
    });
    const listed = await book(api, token);
    expect(listed.addresses.map((a) => [a.address.street_address, a.isDefault])).toEqual([
      ["1 First St, rear", true],
      ["2 Other St", false],
    ]);
    // null deletes the default; the other one takes its place.
    const cleared = await api("POST", "/user/update/shippingInfo", { token, body: { shipping: null } });
    expect(cleared.json.data.shipping.address.street_address).toBe("2 Other St");
    expect((await book(api, token)).addresses.map((a) => a.id)).toEqual([other.id]);
  });

  it("refuses a bad address, a changed type, an unknown id and a full book, each in words", async () => {
    const { token } = await registerVerified();
    const api = client();
    const bad = await api("POST", "/user/addresses", { token, body: { type: "shipping", customerName: "" } });
    expect(bad.status).toBe(400);
    expect(bad.json.data.errors.customerName).toBe("error-field-required");
    const noType = await api("POST", "/user/addresses", { token, body: billing("1 A St", { type: "home" }) });
    expect(noType.status).toBe(400);
    expect(noType.json.data.errors.type).toBe("error-field-invalid");

    const mine = await add(api, token, shipping("1 Mine St"));
    const retyped = await api("PUT", `/user/addresses/${mine.id}`, { token, body: billing("1 Mine St") });
    expect(retyped.status).toBe(400);
    expect(retyped.json.data.errors.type).toBe("error-field-invalid");
    for (const [method, path, body] of [
      ["PUT", "/user/addresses/999999", shipping("x")],
      ["DELETE", "/user/addresses/999999", undefined],
      ["POST", "/user/addresses/999999/default", undefined],
    ] as const) {
      const missing = await api(method, path, { token, body });
      expect([missing.status, missing.json.code]).toEqual([404, "404"]);
    }
    const notAnId = await api("DELETE", "/user/addresses/abc", { token });
    expect(notAnId.status).toBe(400);

    for (let i = 1; i < ADDRESS_BOOK_LIMIT; i += 1) await add(api, token, billing(`${i} Many St`));
    const full = await api("POST", "/user/addresses", { token, body: shipping("21 Full St") });
    expect(full.status).toBe(422);
    expect(full.json).toMatchObject({
      code: "1010",
      msg: "Your address book is full. Delete an address to add another.",
    });
    const fullAr = await api("POST", "/user/addresses", {
      token,
      body: shipping("21 Full St"),
      headers: { "accept-language": "ar" },
    });
    expect(fullAr.json.msg).toBe("دفتر عناوينك ممتلئ. احذف عنوانًا لإضافة عنوان آخر.");
    expect((await book(api, token)).addresses).toHaveLength(ADDRESS_BOOK_LIMIT);

    // The database holds one default per type whatever a caller does.
    const { handle } = await testHarness();
    const second = (await book(api, token)).addresses.find((a) => a.type === "billing" && !a.isDefault);
    await expect(
      handle.db
        .update(customerAddresses)
        .set({ isDefault: true })
        .where(and(eq(customerAddresses.storeId, 41), eq(customerAddresses.id, second?.id ?? 0))),
    ).rejects.toThrow();
  });

  it("touches only the caller's own addresses, of their own store", async () => {
    const alice = await registerVerified();
    const bob = await registerVerified();
    const api = client();
    const hers = await add(api, alice.token, shipping("1 Alice St"));
    const theirs = [
      await api("PUT", `/user/addresses/${hers.id}`, { token: bob.token, body: shipping("1 Bob St") }),
      await api("DELETE", `/user/addresses/${hers.id}`, { token: bob.token }),
      await api("POST", `/user/addresses/${hers.id}/default`, { token: bob.token }),
    ];
    expect(theirs.map((r) => r.status)).toEqual([404, 404, 404]);
    expect((await book(api, bob.token)).addresses).toEqual([]);
    expect((await book(api, alice.token)).addresses).toEqual([hers]);

    // A customer of another shop: their address ids mean nothing here, and their token is refused here.
    const catering = client("catering.localhost");
    const other = await registerVerified(catering);
    const elsewhere = await add(catering, other.token, shipping("9 Far St"));
    const crossed = await api("DELETE", `/user/addresses/${elsewhere.id}`, { token: alice.token });
    expect(crossed.status).toBe(404);
    expect((await api("GET", "/user/addresses", { token: other.token })).status).toBe(403);
    expect((await book(catering, other.token)).addresses).toHaveLength(1);
  });

  it("is for signed-in customers only: no token or a guest are refused", async () => {
    const api = client();
    for (const [method, path] of [
      ["GET", "/user/addresses"],
      ["POST", "/user/addresses"],
      ["PUT", "/user/addresses/1"],
      ["DELETE", "/user/addresses/1"],
      ["POST", "/user/addresses/1/default"],
    ] as const) {
      expect((await api(method, path, { body: method === "GET" ? undefined : shipping("x") })).status).toBe(
        401,
      );
    }
    const guest = await api("POST", "/api/auth/login/session", { body: {} });
    const token = guest.json.data.token;
    expect((await api("GET", "/user/addresses", { token })).status).toBe(403);
    expect((await api("POST", "/user/addresses", { token, body: shipping("x") })).status).toBe(403);
  });
});
