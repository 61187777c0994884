import { STAFF_SESSION_SECONDS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { AUTH_COOKIE } from "./auth-cookie.server.ts";
import { clearedStaffCookie, STAFF_COOKIE, staffCookie, staffSessionOf } from "./staff-cookie.server.ts";

const TOKEN = "c3RhZmYtdG9rZW4tb2YtdGhlLXNob3AtY29uc29sZQ";
const SESSION = {
  token: TOKEN,
  staff: { id: 7, email: "staff@stoa.test", name: "Dana Ödegård", role: "owner" as const },
};

/** The request a browser sends with the cookie a response set. */
function requestWith(setCookie: string, other = ""): Request {
  const pair = setCookie.split(";", 1)[0] ?? "";
  return new Request("http://localhost/staff/orders", { headers: { cookie: `${other}${pair}` } });
}

describe("staff session cookie", () => {
  it("has a name of its own, never the shopper's session cookie", () => {
    expect(STAFF_COOKIE).not.toBe(AUTH_COOKIE);
    expect(staffCookie(SESSION, { secure: false }).startsWith(`${STAFF_COOKIE}=${TOKEN}.`)).toBe(true);
  });

  it("is httpOnly, SameSite=Strict, only for the console's paths and no longer than the API's session", () => {
    expect(staffCookie(SESSION, { secure: false }).split("; ").slice(1)).toEqual([
      "Path=/staff",
      "HttpOnly",
      "SameSite=Strict",
      `Max-Age=${STAFF_SESSION_SECONDS}`,
    ]);
    expect(staffCookie(SESSION, { secure: true })).toMatch(/; Secure$/);
  });

  it("is dropped on the same path with the same attributes", () => {
    expect(clearedStaffCookie({ secure: true })).toBe(
      `${STAFF_COOKIE}=; Path=/staff; HttpOnly; SameSite=Strict; Max-Age=0; Secure`,
    );
  });

  it("gives back the token and who signed in, among the shop's other cookies", () => {
    const read = staffSessionOf(
      requestWith(staffCookie(SESSION, { secure: false }), `${AUTH_COOKIE}=shopper; lang=ar; `),
    );
    expect(read).toEqual({ token: TOKEN, member: SESSION.staff });
  });

  it("ignores a value that is not a token and a member", () => {
    const named = (value: string) =>
      staffSessionOf(
        new Request("http://localhost/staff", { headers: { cookie: `${STAFF_COOKIE}=${value}` } }),
      );
    expect(named(TOKEN)).toBeNull();
    expect(named(`${TOKEN}.bm90LWpzb24`)).toBeNull();
    expect(named(`short.${Buffer.from(JSON.stringify(SESSION.staff)).toString("base64url")}`)).toBeNull();
    expect(named(`${TOKEN}.${Buffer.from(JSON.stringify({ id: "x" })).toString("base64url")}`)).toBeNull();
    expect(staffSessionOf(new Request("http://localhost/staff"))).toBeNull();
    // The shopper's cookie alone is no staff session.
    expect(
      staffSessionOf(
        new Request("http://localhost/staff", { headers: { cookie: `${AUTH_COOKIE}=${TOKEN}` } }),
      ),
    ).toBeNull();
  });
});
