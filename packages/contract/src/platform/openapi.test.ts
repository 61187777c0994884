import { describe, expect, it } from "vitest";
import { endpoints } from "../endpoints.ts";
import { fillPath, routerPath } from "./endpoint-definition.ts";
import { buildOpenApiDocument } from "./openapi.ts";

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
