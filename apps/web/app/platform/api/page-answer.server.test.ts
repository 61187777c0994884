import { ERRORS, SUCCESS_CODE } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { pageAnswerOf } from "./page-answer.server.ts";

const answer = (code: string, status: number, data: unknown = null) => ({ code, status, data });

describe("pageAnswerOf", () => {
  it("gives the data of a successful call", () => {
    expect(pageAnswerOf(answer(SUCCESS_CODE, 200, { id: 1 }), "not-found")).toEqual({
      ok: true,
      data: { id: 1 },
    });
  });

  it("says which page problem a failed call is", () => {
    const { NOT_FOUND, STORE_NOT_FOUND, ORDER_LINK_EXPIRED, INTERNAL } = ERRORS;
    expect(pageAnswerOf(answer(NOT_FOUND.code, 404), "product-not-found")).toMatchObject({
      problem: "product-not-found",
      status: 404,
    });
    expect(pageAnswerOf(answer(STORE_NOT_FOUND.code, 404), "not-found")).toMatchObject({
      problem: "no-shop",
    });
    // A guest's link to an order that has expired is said so, not shown as the shop being down.
    expect(pageAnswerOf(answer(ORDER_LINK_EXPIRED.code, 410), "not-found")).toMatchObject({
      problem: "link-expired",
      status: 410,
    });
    expect(pageAnswerOf(answer(INTERNAL.code, 500), "not-found")).toMatchObject({
      problem: "unavailable",
      status: 503,
    });
    // A console page the member's role may not open is its own page, not an outage.
    expect(pageAnswerOf(answer(ERRORS.STAFF_ROLE_FORBIDDEN.code, 403), "not-found")).toMatchObject({
      problem: "staff-role",
      status: 403,
    });
    expect(pageAnswerOf(null, "not-found")).toMatchObject({ problem: "unavailable", status: 503 });
  });
});
