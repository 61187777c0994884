import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  contactMessageBodySchema,
  contactMessageResultSchema,
  infoPageParamsSchema,
  infoPageSchema,
  newsletterBodySchema,
  newsletterResultSchema,
} from "./schemas.ts";

/** What a shop tells its shoppers (information pages) and what shoppers tell it (contact, newsletter). */
export const contentEndpoints = {
  infoPage: {
    method: "get",
    path: "/api/storePage/{slug}",
    summary:
      "One of the shop's information pages (about, contact, FAQ, help, privacy, terms, returns, resellers); 404 when the shop has not published it",
    tag: "Content",
    params: infoPageParamsSchema,
    data: infoPageSchema,
  },
  contactCreate: {
    method: "post",
    path: "/contact-us/create",
    summary: "Send the shop a message from its contact page (throttled per address)",
    tag: "Content",
    body: contactMessageBodySchema,
    data: contactMessageResultSchema,
  },
  newsletterSubscribe: {
    method: "post",
    path: "/api/storeSubscription/add",
    summary:
      "Put an email address on the shop's newsletter list; a repeat answers the same (throttled per address)",
    tag: "Content",
    body: newsletterBodySchema,
    data: newsletterResultSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
