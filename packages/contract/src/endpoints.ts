import type { z } from "zod";
import {
  categorySearchBodySchema,
  categoryTreeSchema,
  productIdParamSchema,
  productInfoSchema,
  productSearchBodySchema,
  productSearchQuerySchema,
  productSearchResultSchema,
} from "./catalogue.ts";
import { storeByDomainSchema } from "./store.ts";

/**
 * Every call of the store API this contract knows: method, exact path of spec §7, and the schemas of
 * its params, query, body and response `data`. The API validates with these, the client is typed by
 * them and the OpenAPI document is generated from them.
 */
export type EndpointDefinition = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  tag: string;
  /** true when the call needs a signed-in caller. */
  auth?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
};

export const endpoints = {
  storeGetByDomain: {
    method: "get",
    path: "/api/store/getByDomain",
    summary: "The store of the store-domain header with its settings, shop settings and global settings",
    tag: "Store",
    data: storeByDomainSchema,
  },
  categorySearch: {
    method: "post",
    path: "/api/storeProductCategory/search",
    summary: "Categories of the store as a tree; only categories with isShow",
    tag: "Catalogue",
    body: categorySearchBodySchema,
    data: categoryTreeSchema,
  },
  productSearch: {
    method: "post",
    path: "/api/storeProduct/search",
    summary: "Products matching the filter, paginated (limit default 30)",
    tag: "Catalogue",
    query: productSearchQuerySchema,
    body: productSearchBodySchema,
    data: productSearchResultSchema,
  },
  productInfo: {
    method: "get",
    path: "/api/storeProduct/productInfo/{id}",
    summary: "One product with its description, images and categories",
    tag: "Catalogue",
    params: productIdParamSchema,
    data: productInfoSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type InferIn<T> = T extends z.ZodType ? z.input<T> : never;
type Part<E, K extends string> =
  E extends Record<K, z.ZodType> ? { [P in K]: InferIn<E[K]> } : { [P in K]?: never };

/** What a caller passes to an endpoint: only the parts it declares. */
export type EndpointInput<N extends EndpointName> = Part<Endpoints[N], "params"> &
  Part<Endpoints[N], "query"> &
  Part<Endpoints[N], "body">;

export type EndpointData<N extends EndpointName> = z.output<Endpoints[N]["data"]>;

/** `/api/storeProduct/productInfo/{id}` → `/api/storeProduct/productInfo/:id` for routers. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}
