import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeActions } from "./route-actions.ts";

const route = (
  id: string,
  path: string | undefined,
  parentId: string | undefined,
  action?: () => null,
  index?: boolean,
) => ({
  id,
  path,
  index,
  parentId,
  module: { default: () => null, ...(action ? { action } : {}) },
});

describe("routeActions", () => {
  const routes = [
    route("root", "", undefined, () => null),
    route("routes/home", undefined, "root", undefined, true),
    route("routes/search", "search", "root"),
    route("routes/contact", "contact", "root", () => null),
    route("routes/product", "products/:id", "root"),
    route("routes/not-found", "*", "root"),
  ];
  // A build's manifest is keyed by route id.
  const takesForms = routeActions(
    Object.fromEntries(routes.map((r) => [r.id, r])) as unknown as ServerBuild["routes"],
  );

  it("says which pages take a form, by their own module, not the root's", () => {
    expect(takesForms("/")).toBe(false);
    expect(takesForms("/search")).toBe(false);
    expect(takesForms("/products/12")).toBe(false);
    expect(takesForms("/contact")).toBe(true);
  });

  it("knows no page at a path no route matches", () => {
    expect(takesForms("/no/such/page")).toBe("unknown");
  });
});
