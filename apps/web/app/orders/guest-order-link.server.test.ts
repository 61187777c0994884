import { describe, expect, it } from "vitest";
import {
  clearedGuestOrderCookie,
  GUEST_ORDER_COOKIE,
  guestOrderCookie,
  guestOrderTokenFor,
  orderHref,
} from "./guest-order-link.server.ts";

const TOKEN = "Zm9yLXRoZS1ndWVzdC1vcmRlci1saW5r_-";

/** The Cookie header a browser sends back for a Set-Cookie. */
const sentBack = (setCookie: string) => setCookie.split("; ")[0] ?? "";

describe("the guest's order link kept in the browser", () => {
  it("is httpOnly, SameSite=Lax, site-wide, a day long, and Secure over https", () => {
    const cookie = guestOrderCookie(1042, TOKEN, { secure: false });
    expect(cookie.split("; ")).toEqual([
      `${GUEST_ORDER_COOKIE}=1042.${TOKEN}`,
      "Path=/",
      "HttpOnly",
      "SameSite=Lax",
      "Max-Age=86400",
    ]);
    expect(guestOrderCookie(1042, TOKEN, { secure: true })).toContain("; Secure");
    expect(clearedGuestOrderCookie({ secure: false })).toContain("Max-Age=0");
  });

  it("gives the token for its own order only", () => {
    const header = `lang=ar; ${sentBack(guestOrderCookie(1042, TOKEN, { secure: false }))}; other=1`;
    expect(guestOrderTokenFor(header, 1042)).toBe(TOKEN);
    expect(guestOrderTokenFor(header, 104)).toBeNull();
    expect(guestOrderTokenFor(header, 10420)).toBeNull();
    expect(guestOrderTokenFor(null, 1042)).toBeNull();
  });

  it("ignores a cookie that does not hold a token", () => {
    expect(guestOrderTokenFor(`${GUEST_ORDER_COOKIE}=1042`, 1042)).toBeNull();
    expect(guestOrderTokenFor(`${GUEST_ORDER_COOKIE}=1042.short`, 1042)).toBeNull();
    expect(guestOrderTokenFor(`${GUEST_ORDER_COOKIE}=1042.${TOKEN}%3Cscript%3E`, 1042)).toBeNull();
  });

  it("links to the order, with the token for a guest's", () => {
    expect(orderHref(1042, null)).toBe("/orders/1042");
    expect(orderHref(1042, TOKEN)).toBe(`/orders/1042?token=${TOKEN}`);
  });
});
