import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { branchListSchema, branchQuerySchema } from "./branches.ts";
import { storeByDomainSchema, storeVersionQuerySchema, storeVersionSchema } from "./schemas.ts";

/** The store itself, found by its domain. */
export const storeEndpoints = {
  storeGetByDomain: {
    method: "get",
    path: "/api/store/getByDomain",
    summary: "The store of the store-domain header with its settings, shop settings and global settings",
    tag: "Store",
    data: storeByDomainSchema,
  },
  storeVersion: {
    method: "get",
    path: "/api/store/version",
    summary:
      "The version of the store's settings and catalogue structure, and the changes of single products after `changesAfter`",
    tag: "Store",
    query: storeVersionQuerySchema,
    data: storeVersionSchema,
  },
  storeBranches: {
    method: "get",
    path: "/api/store/branches",
    summary:
      "The branches of the shop's group (the shop among them), nearest first to the shopper's postcode or coordinates; empty for a shop without other branches",
    tag: "Store",
    query: branchQuerySchema,
    data: branchListSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
