import { REFERRAL_COOKIE_MAX_AGE_SECONDS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  appliedReferralCode,
  cleanReferralCode,
  clearedReferralCookie,
  referralCodeOfCookies,
  referralCodeOfLink,
  referralCookie,
  shareLinkOf,
} from "./referral-link.ts";

const page = (path: string) => new URL(path, "https://bakery.example");

describe("referral codes of share links", () => {
  it("reads the code of `?ref=` on any page, upper-case and without spaces or dashes", () => {
    expect(referralCodeOfLink(page("/?ref=abcd2345"))).toBe("ABCD2345");
    expect(referralCodeOfLink(page("/products/9?ref=ABCD-2345"))).toBe("ABCD2345");
    expect(referralCodeOfLink(page("/?ref=%20abcd%202345%20"))).toBe("ABCD2345");
  });

  it("ignores an address without a code or with what cannot be one", () => {
    expect(referralCodeOfLink(page("/"))).toBeNull();
    expect(referralCodeOfLink(page("/?ref="))).toBeNull();
    expect(referralCodeOfLink(page("/?ref=abc"))).toBeNull();
    expect(referralCodeOfLink(page("/?ref=%3Cscript%3E"))).toBeNull();
    expect(referralCodeOfLink(page(`/?ref=${"A".repeat(17)}`))).toBeNull();
    expect(cleanReferralCode(undefined)).toBeNull();
  });

  it("keeps the code a day in a cookie every page of the shop gets, sent on links from other sites (Lax)", () => {
    const cookie = referralCookie("ABCD2345");
    expect(cookie).toContain("refcode=ABCD2345");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain(`Max-Age=${REFERRAL_COOKIE_MAX_AGE_SECONDS}`);
    expect(clearedReferralCookie()).toContain("Max-Age=0");
  });

  it("reads the code back from a Cookie header, refusing a tampered one", () => {
    expect(referralCodeOfCookies("lang=ar; refcode=ABCD2345")).toBe("ABCD2345");
    expect(referralCodeOfCookies("refcode=ab%20cd2345")).toBe("ABCD2345");
    expect(referralCodeOfCookies("refcode=%E0%A4%A")).toBeNull();
    expect(referralCodeOfCookies("refcode=<b>")).toBeNull();
    expect(referralCodeOfCookies(null)).toBeNull();
  });
});

describe("the code an order carries", () => {
  it("is the typed code over the link's (decision 067)", () => {
    expect(appliedReferralCode("friend22", "LINK2345")).toBe("FRIEND22");
  });

  it("is the link's when none was typed (spec §4)", () => {
    expect(appliedReferralCode(null, "LINK2345")).toBe("LINK2345");
    expect(appliedReferralCode("", "LINK2345")).toBe("LINK2345");
    expect(appliedReferralCode("  ", "LINK2345")).toBe("LINK2345");
  });

  it("is none without either", () => {
    expect(appliedReferralCode(null, null)).toBeNull();
  });
});

describe("the share link", () => {
  it("is the API's path on this shop's own address", () => {
    expect(shareLinkOf("https://bakery.example", "/?ref=ABCD2345", "ABCD2345")).toBe(
      "https://bakery.example/?ref=ABCD2345",
    );
  });

  it("adds the code when the API's link has none, and never leads to another site", () => {
    expect(shareLinkOf("http://bakery.localhost:3000", null, "ABCD2345")).toBe(
      "http://bakery.localhost:3000/?ref=ABCD2345",
    );
    expect(shareLinkOf("https://bakery.example", "https://evil.example/?ref=X", "ABCD2345")).toBeNull();
    expect(shareLinkOf("https://bakery.example", "/?ref=X", null)).toBeNull();
  });
});
