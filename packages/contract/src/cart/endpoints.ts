import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { savedCartBodySchema, savedCartSchema } from "./saved-cart.ts";

/** The cart a signed-in customer (or guest session) keeps on the server, across devices. */
export const cartEndpoints = {
  savedCart: {
    method: "get",
    path: "/api/cart",
    summary: "The caller's saved cart, priced from today's catalogue",
    tag: "Cart",
    auth: true,
    data: savedCartSchema,
  },
  saveCart: {
    method: "put",
    path: "/api/cart",
    summary: "Replace the saved cart with the device's lines",
    tag: "Cart",
    auth: true,
    body: savedCartBodySchema,
    data: savedCartSchema,
  },
  mergeCart: {
    method: "post",
    path: "/api/cart/merge",
    summary: "Merge the device's lines into the saved cart (the larger quantity wins) and answer the result",
    tag: "Cart",
    auth: true,
    body: savedCartBodySchema,
    data: savedCartSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
