import { exchangeOverFetch } from "@stoa/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_COOKIE } from "../session/auth-cookie.server.ts";
import { STAFF_COOKIE, staffCookie } from "../session/staff-cookie.server.ts";
import { createStoreApi } from "./store-api.server.ts";

/** Calls go through the global fetch, which each test stubs with the API answer it needs. */
const overStubbedFetch = exchangeOverFetch((request) => fetch(request));

afterEach(() => vi.unstubAllGlobals());

describe("createStoreApi", () => {
  it("names the shopper's address to the API on catalogue calls, with this shop and language", async () => {
    const fetch = vi.fn(async (_request: Request) =>
      Response.json({ code: "0", msg: "", data: { records: [], total: 0 } }),
    );
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://catering.localhost:3100/products", {
      headers: { "x-request-id": "req-1" },
    });
    const storeApi = createStoreApi(request, {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "203.0.113.9",
      exchange: overStubbedFetch,
    });
    await storeApi.page("productSearch", { query: {}, body: {} }, { locale: "ar" });
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("x-forwarded-for")).toBe("203.0.113.9");
    expect(sent.headers.get("store-domain")).toBe("catering.localhost");
    expect(sent.headers.get("x-request-id")).toBe("req-1");
  });

  it("sends no X-Forwarded-For when the address is unknown, rather than an empty one", async () => {
    const fetch = vi.fn(async (_request: Request) => Response.json({ code: "0", msg: "", data: null }));
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://localhost:3100/");
    await createStoreApi(request, {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "",
      exchange: overStubbedFetch,
    }).pageAnswer("storeGetByDomain", {}, { locale: "en" });
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.has("x-forwarded-for")).toBe(false);
  });

  it("sends a form call's own headers, such as the Idempotency-Key of an order", async () => {
    const fetch = vi.fn(async (_request: Request) => Response.json({ code: "0", msg: "", data: null }));
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://localhost:3100/checkout/place", { method: "POST" });
    await createStoreApi(request, {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "",
      exchange: overStubbedFetch,
    }).form("storeGetByDomain", {}, { headers: { "Idempotency-Key": "attempt-1" } });
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("idempotency-key")).toBe("attempt-1");
  });

  it("passes a bought file on, and says why when the API refuses it", async () => {
    const fetch = vi.fn(async (request: Request) =>
      new URL(request.url).searchParams.get("signature") === "good"
        ? new Response("%PDF", { headers: { "content-type": "application/pdf" } })
        : Response.json({ code: "2017", msg: "expired", data: null }, { status: 410 }),
    );
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://localhost:3100/downloads/7", {
      headers: { cookie: "stoa-auth-token=abcdefghijklmnopqrstuvwxyz" },
    });
    const storeApi = createStoreApi(request, {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "",
      exchange: overStubbedFetch,
    });
    const file = await storeApi.file("/api/storeOrder/download/7", { expires: 1, signature: "good" });
    expect(file.ok && (await file.response.text())).toBe("%PDF");
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("authorization")).toBe("Bearer abcdefghijklmnopqrstuvwxyz");
    expect(await storeApi.file("/api/storeOrder/download/7", { expires: 1, signature: "old" })).toEqual({
      ok: false,
      code: "2017",
      status: 410,
    });
    vi.stubGlobal("fetch", async () => Promise.reject(new Error("ECONNREFUSED")));
    expect(await storeApi.file("/api/storeOrder/download/7", { expires: 1, signature: "good" })).toEqual({
      ok: false,
      code: "500",
      status: 503,
    });
  });
});

describe("createStoreApi with a staff session (decision 053)", () => {
  const SHOPPER = "c2hvcHBlci10b2tlbi1vZi10aGUtc2hvcA";
  const STAFF = "c3RhZmYtdG9rZW4tb2YtdGhlLWNvbnNvbGU";
  const staffPair = staffCookie(
    { token: STAFF, staff: { id: 1, email: "s@x.test", name: "S", role: "owner" } },
    { secure: false },
  ).split(";", 1)[0] as string;
  const both = `${AUTH_COOKIE}=${SHOPPER}; ${staffPair}`;

  function apiFor(path: string, cookie: string) {
    return createStoreApi(new Request(`http://localhost:3100${path}`, { headers: { cookie } }), {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "",
      exchange: overStubbedFetch,
    });
  }

  it("sends the staff token on staff calls and the shopper's on every other, never the other way", async () => {
    const fetch = vi.fn(async (_request: Request) =>
      Response.json({ code: "0", msg: "", data: { records: [], total: 0 } }),
    );
    vi.stubGlobal("fetch", fetch);
    const storeApi = apiFor("/staff/orders", both);
    expect(storeApi.staffMember).toEqual({ id: 1, email: "s@x.test", name: "S", role: "owner" });
    await storeApi.pageAnswer("staffOrderList", { query: {}, body: {} });
    await storeApi.pageAnswer("storeGetByDomain", {});
    const [staffCall, shopCall] = fetch.mock.calls.map((call) => call[0] as Request);
    expect(staffCall?.headers.get("authorization")).toBe(`Bearer ${STAFF}`);
    expect(shopCall?.headers.get("authorization")).toBe(`Bearer ${SHOPPER}`);
  });

  it("sends no token at all on a staff call without a staff session, whatever the shopper's", async () => {
    const fetch = vi.fn(async (_request: Request) =>
      Response.json({ code: "401", msg: "", data: null }, { status: 401 }),
    );
    vi.stubGlobal("fetch", fetch);
    const storeApi = apiFor("/staff/orders?status=placed", `${AUTH_COOKIE}=${SHOPPER}`);
    expect(storeApi.staffMember).toBeNull();
    const thrown = await storeApi
      .page("staffOrderList", { query: {}, body: {} })
      .catch((error: unknown) => error);
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.has("authorization")).toBe(false);
    // An ended or missing staff session leads to the console's sign-in, dropping the staff cookie only.
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get("location")).toBe("/staff/login?next=%2Fstaff%2Forders%3Fstatus%3Dplaced");
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${STAFF_COOKIE}=; Path=/staff;`));
  });

  it("sends a staff form's ended session to the sign-in, and a shopper's home as before", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: "104", msg: "", data: null }, { status: 401 })),
    );
    const storeApi = apiFor("/staff/orders/3", both);
    const staffEnded = await storeApi
      .form("staffMoveOrder", { body: { orderId: 3, action: "confirm" } })
      .catch((error: unknown) => error);
    expect((staffEnded as Response).headers.get("location")).toBe("/staff/login?next=%2Fstaff%2Forders%2F3");
    const shopperEnded = await storeApi.form("currentUser", {}).catch((error: unknown) => error);
    expect((shopperEnded as Response).headers.get("location")).toBe("/");
    expect((shopperEnded as Response).headers.get("set-cookie")).toMatch(new RegExp(`^${AUTH_COOKIE}=;`));
  });
});
