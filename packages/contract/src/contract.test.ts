import { describe, expect, it } from "vitest";
import { keepCategoryIds, productSearchBodySchema } from "./catalogue.ts";
import { createStoreClient, StoreApiUnavailable } from "./client.ts";
import { LOCALES } from "./constants.ts";
import { endpoints, fillPath, routerPath } from "./endpoints.ts";
import { ERROR_MESSAGES, ERRORS, FIELD_ERROR_KEYS } from "./errors.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { paginate, paginationQuerySchema } from "./pagination.ts";
import { drawerSide } from "./views.ts";

describe("error catalogue", () => {
  it("has unique codes and a text for every key in every locale", () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    const keys = [...Object.values(ERRORS).map((e) => e.key), ...Object.values(FIELD_ERROR_KEYS)];
    for (const locale of LOCALES) {
      for (const key of keys)
        expect(
          ERROR_MESSAGES[locale][key as keyof (typeof ERROR_MESSAGES)["en"]],
          `${locale}:${key}`,
        ).toBeTruthy();
    }
  });
});

describe("catalogue rules", () => {
  it("keeps only numeric category ids of at least 0, once each (spec §5)", () => {
    expect(keepCategoryIds([3, "7", "-1", -2, "x", 1.5, " 9 ", 3, null])).toEqual([3, 7, 9]);
  });

  it("parses the product filter and refuses min above max", () => {
    expect(productSearchBodySchema.parse({ categoryIds: ["2", "a"], isOnSale: 1 })).toEqual({
      categoryIds: [2],
      isOnSale: true,
    });
    expect(productSearchBodySchema.safeParse({ minPrice: 10, maxPrice: 5 }).success).toBe(false);
  });
});

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

describe("drawers", () => {
  it("opens start-side drawers on the left in ltr and mirrors them in rtl", () => {
    expect(drawerSide("cart", false)).toBe("right");
    expect(drawerSide("FILTER_VIEW", false)).toBe("left");
    expect(drawerSide("FILTER_VIEW", true)).toBe("right");
    expect(drawerSide("cart", true)).toBe("left");
  });
});

describe("endpoints and OpenAPI", () => {
  it("turns spec paths into router paths and fills parameters safely", () => {
    expect(routerPath("/api/storeProduct/productInfo/{id}")).toBe("/api/storeProduct/productInfo/:id");
    expect(fillPath("/a/{id}", { id: "1/../x" })).toBe("/a/1%2F..%2Fx");
  });

  it("documents every endpoint with its request body and error responses", () => {
    const doc = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    for (const def of Object.values(endpoints)) {
      const op = doc.paths[def.path]?.[def.method];
      expect(op, def.path).toBeDefined();
      expect(op?.responses["200"]).toBeDefined();
      expect(op?.responses["404"]).toBeDefined();
      if ("body" in def) expect(op?.requestBody).toBeDefined();
    }
  });
});

describe("store client", () => {
  it("sends the store, locale and bearer headers and the parts of the call", async () => {
    let seen: Request | undefined;
    const client = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "localhost",
      locale: "ar",
      token: "t0k",
      fetch: async (request) => {
        seen = request;
        return Response.json({ code: "0", msg: "success", data: { records: [] } });
      },
    });
    const result = await client.call("productSearch", { query: { limit: 8 }, body: { keyword: "milk" } });
    expect(result.code).toBe("0");
    expect(result.status).toBe(200);
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe("http://api.test/api/storeProduct/search?limit=8");
    expect(seen?.headers.get("store-domain")).toBe("localhost");
    expect(seen?.headers.get("locale")).toBe("ar");
    expect(seen?.headers.get("authorization")).toBe("Bearer t0k");
    expect(await seen?.json()).toEqual({ keyword: "milk" });
  });

  it("raises StoreApiUnavailable when the API is down or answers no envelope", async () => {
    const down = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "x",
      fetch: () => Promise.reject(new Error("ECONNREFUSED")),
    });
    await expect(down.call("storeGetByDomain", {})).rejects.toBeInstanceOf(StoreApiUnavailable);
    const html = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "x",
      fetch: async () => new Response("<html>", { status: 502 }),
    });
    await expect(html.call("storeGetByDomain", {})).rejects.toMatchObject({ status: 502 });
  });
});
