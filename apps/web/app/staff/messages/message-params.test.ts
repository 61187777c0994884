import { describe, expect, it } from "vitest";
import {
  contactListHref,
  contactListParams,
  contactStateOf,
  isolated,
  newsletterListHref,
  newsletterListParams,
  replyHref,
} from "./message-params.ts";

describe("contactListParams", () => {
  it("reads a known state and a page, and ignores anything else", () => {
    expect(contactListParams(new URLSearchParams("state=unread&page=3"))).toEqual({
      state: "unread",
      page: 3,
    });
    expect(contactListParams(new URLSearchParams("state=deleted&page=-1"))).toEqual({ state: null, page: 1 });
    expect(contactListParams(new URLSearchParams("page=1.5"))).toEqual({ state: null, page: 1 });
  });

  it("writes back only what is not the default", () => {
    expect(contactListHref("/staff/messages", { state: null, page: 1 })).toBe("/staff/messages");
    expect(contactListHref("/staff/messages", { state: "answered", page: 2 })).toBe(
      "/staff/messages?state=answered&page=2",
    );
  });
});

describe("contactStateOf", () => {
  it("is answered over read over unread", () => {
    expect(contactStateOf({ readAt: null, answeredAt: null })).toBe("unread");
    expect(contactStateOf({ readAt: "x", answeredAt: null })).toBe("read");
    expect(contactStateOf({ readAt: "x", answeredAt: "y" })).toBe("answered");
  });
});

describe("newsletterListParams", () => {
  it("trims and bounds the search", () => {
    expect(newsletterListParams(new URLSearchParams("q=%20ana%20&page=2"))).toEqual({ q: "ana", page: 2 });
    expect(newsletterListParams(new URLSearchParams(`q=${"a".repeat(150)}`)).q).toHaveLength(100);
    expect(newsletterListHref("/staff/newsletter", { q: "a b", page: 1 })).toBe("/staff/newsletter?q=a+b");
  });
});

describe("replyHref", () => {
  it("encodes the subject with %20 and keeps the address readable", () => {
    expect(replyHref("dana@example.com", "Re: Saturday & Sunday?")).toBe(
      "mailto:dana@example.com?subject=Re%3A%20Saturday%20%26%20Sunday%3F",
    );
    expect(replyHref("a+b@example.com", "שלום")).toBe(
      "mailto:a%2Bb@example.com?subject=%D7%A9%D7%9C%D7%95%D7%9D",
    );
  });
});

describe("isolated", () => {
  it("wraps text in first-strong isolate marks", () => {
    expect(isolated("a-b@example.com")).toBe("\u2068a-b@example.com\u2069");
  });
});
