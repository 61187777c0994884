import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  wishlistAddBodySchema,
  wishlistDeleteQuerySchema,
  wishlistDeleteResultSchema,
  wishlistPageSchema,
  wishlistQuerySchema,
  wishlistRecordSchema,
} from "./schemas.ts";

/** The signed-in customer's wishlist. */
export const wishlistEndpoints = {
  wishlistList: {
    method: "get",
    path: "/api/wishlist",
    summary: "The signed-in customer's wishlist, newest first (the storefront asks for 300)",
    tag: "Wishlist",
    auth: true,
    query: wishlistQuerySchema,
    data: wishlistPageSchema,
  },
  wishlistAdd: {
    method: "post",
    path: "/api/wishlist",
    summary: "Add a product; adding it again answers the existing record",
    tag: "Wishlist",
    auth: true,
    body: wishlistAddBodySchema,
    data: wishlistRecordSchema,
  },
  wishlistRemove: {
    method: "delete",
    path: "/api/wishlist",
    summary: "Remove records of the caller's wishlist by id",
    tag: "Wishlist",
    auth: true,
    query: wishlistDeleteQuerySchema,
    data: wishlistDeleteResultSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
