import { STORAGE_KEYS, type User } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  accountLabel,
  phoneText,
  SIGN_OUT_CLEARS,
  sessionCheckOf,
  signedInCustomer,
  signedInShopper,
  storageAfterRegistration,
  storageChangesFor,
} from "./auth-state.ts";

const user: User = {
  userId: 7,
  firstName: "Anna",
  lastName: "Berg",
  email: "anna@example.com",
  phone: null,
  countryCode: null,
  emailVerified: true,
  isGuest: false,
  shippingAddress: null,
};

describe("sessionCheckOf (spec §4, §8)", () => {
  it("is signed out without a session cookie", () => {
    expect(sessionCheckOf(null)).toEqual({ auth: { status: "signed-out" }, dropToken: false });
  });

  it("signs in on success", () => {
    expect(sessionCheckOf({ code: "0", data: user })).toEqual({
      auth: { status: "signed-in", user },
      dropToken: false,
    });
  });

  it("marks the email unverified on 409 and keeps the session", () => {
    expect(sessionCheckOf({ code: "409", data: null })).toEqual({
      auth: { status: "unverified" },
      dropToken: false,
    });
  });

  it.each(["104", "401", "403"])("drops the token on %s", (code) => {
    expect(sessionCheckOf({ code, data: null })).toEqual({ auth: { status: "signed-out" }, dropToken: true });
  });

  it("keeps the token when the API merely fails", () => {
    expect(sessionCheckOf({ code: "500", data: null })).toEqual({
      auth: { status: "signed-out" },
      dropToken: false,
    });
  });
});

describe("signedInCustomer", () => {
  it("is the user of a customer session only", () => {
    expect(signedInCustomer({ status: "signed-in", user })).toBe(user);
    expect(signedInCustomer({ status: "signed-in", user: { ...user, isGuest: true } })).toBeNull();
    expect(signedInCustomer({ status: "unverified" })).toBeNull();
    expect(signedInCustomer({ status: "signed-out" })).toBeNull();
  });
});

describe("signedInShopper", () => {
  it("is the user of any usable session, a guest's too", () => {
    const guest = { ...user, isGuest: true };
    expect(signedInShopper({ status: "signed-in", user })).toBe(user);
    expect(signedInShopper({ status: "signed-in", user: guest })).toBe(guest);
    expect(signedInShopper({ status: "unverified" })).toBeNull();
    expect(signedInShopper({ status: "signed-out" })).toBeNull();
  });
});

describe("storage mirror (spec §9)", () => {
  it("keeps user info and the verified flag while signed in, never a token", () => {
    const changes = storageChangesFor({ status: "signed-in", user }, null);
    expect(changes).toEqual({
      set: { [STORAGE_KEYS.userInfo]: JSON.stringify(user), [STORAGE_KEYS.emailVerified]: "true" },
      remove: [],
    });
    expect(JSON.stringify(changes)).not.toContain("token");
  });

  it("flags an unverified email", () => {
    expect(storageChangesFor({ status: "unverified" }, null)).toEqual({
      set: { [STORAGE_KEYS.emailVerified]: "false" },
      remove: [],
    });
  });

  it("forgets the user and their addresses when a session ends", () => {
    expect(storageChangesFor({ status: "signed-out" }, JSON.stringify(user)).remove).toEqual([
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.emailVerified,
      STORAGE_KEYS.checkout,
    ]);
    expect(storageChangesFor({ status: "signed-out" }, null).remove).toEqual([STORAGE_KEYS.emailVerified]);
  });

  it("clears user, addresses, cart and wishlist on sign-out (spec §4)", () => {
    expect([...SIGN_OUT_CLEARS].sort()).toEqual(
      [
        STORAGE_KEYS.userInfo,
        STORAGE_KEYS.emailVerified,
        STORAGE_KEYS.checkout,
        STORAGE_KEYS.cart,
        STORAGE_KEYS.wishlist,
      ].sort(),
    );
  });

  it("keeps the registered user although the session cannot read it yet", () => {
    expect(storageAfterRegistration({ ...user, emailVerified: false }).set).toEqual({
      [STORAGE_KEYS.userInfo]: JSON.stringify({ ...user, emailVerified: false }),
      [STORAGE_KEYS.emailVerified]: "false",
    });
  });
});

describe("accountLabel", () => {
  it("names the account, or, with no name, the number or address it signs in with", () => {
    expect(accountLabel(user)).toBe("Anna Berg");
    expect(accountLabel({ ...user, firstName: "", lastName: "" })).toBe("anna@example.com");
    const byPhone = { ...user, firstName: "", lastName: "", email: null, phone: "5550100", countryCode: "1" };
    expect(accountLabel(byPhone)).toBe("+1 5550100");
    expect(phoneText({ phone: "5550100", countryCode: null })).toBe("5550100");
    expect(phoneText({ phone: null, countryCode: "1" })).toBe("");
  });
});
