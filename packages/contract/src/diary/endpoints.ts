import type { EndpointDefinition } from "../platform/endpoint-definition.ts";

/** The staff console's diary of reservations and bookings, and their settings. */
export const staffDiaryEndpoints = {} as const satisfies Record<string, EndpointDefinition>;
