import type { EndpointDefinition } from "../platform/endpoint-definition.ts";

/** Spec §7 "Reservations": a table for a party at `/reserve`. */
export const reservationEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
