import { describe, expect, it } from "vitest";
import { paginate } from "./pagination.ts";
import { paginationQuerySchema } from "./pagination-schemas.ts";

describe("pagination", () => {
  it("defaults and bounds limit and page", () => {
    expect(paginationQuerySchema(30).parse({})).toEqual({ limit: 30, page: 1 });
    expect(paginationQuerySchema(30).parse({ limit: "5", page: "2" })).toEqual({ limit: 5, page: 2 });
    expect(paginationQuerySchema(30).safeParse({ limit: "0" }).success).toBe(false);
    expect(paginationQuerySchema(30).safeParse({ page: "1.5" }).success).toBe(false);
  });

  it("computes the last page", () => {
    expect(paginate([], 61, { limit: 30, page: 1 })).toMatchObject({ last_page: 3, total: 61, per_page: 30 });
    expect(paginate([], 0, { limit: 30, page: 1 }).last_page).toBe(1);
  });
});
