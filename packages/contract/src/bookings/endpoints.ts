import type { EndpointDefinition } from "../platform/endpoint-definition.ts";

/** Spec §7 "Bookings": a service with a resource at `/appointment`. */
export const bookingEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
