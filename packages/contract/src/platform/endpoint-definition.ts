import type { z } from "zod";
import type { StaffPermission } from "../staff/roles.ts";

/**
 * One call of the store API: method, exact path of spec §7, and the schemas of its params, query,
 * body and response `data`. Each domain folder lists its calls with this shape; `endpoints.ts` at the
 * package root merges them.
 */
export type EndpointDefinition = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  tag: string;
  /** true when the call needs a signed-in caller. */
  auth?: boolean;
  /**
   * A customer whose email is not verified yet may make this call. Every other `auth` call answers
   * them 409 (spec §6: such a customer sees only the email-not-verified page, which offers a resend
   * and a logout).
   */
  unverifiedMayCall?: boolean;
  /**
   * The caller is a member of the shop's staff, signed in with a staff token. Staff tokens work only
   * on these calls, and shoppers' tokens never do.
   */
  staff?: boolean;
  /**
   * The caller is a diner at a table, with the in-store token `api/storeTable/scan` answered (spec §6):
   * such a token works only on these calls, and no other token does.
   */
  inStore?: boolean;
  /** What a staff member's role must allow for this call (staff/roles.ts); any signed-in member when absent. */
  permission?: StaffPermission;
  /** The call honours an `Idempotency-Key` header: repeats with one key are one request. */
  idempotent?: boolean;
  /**
   * The largest body this call takes, when it is more than the store calls' usual limit (a
   * picture): the caller is signed in before such a body is read.
   */
  maxBodyBytes?: number;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
};

/** `/api/storeProduct/productInfo/{id}` → `/api/storeProduct/productInfo/:id` for routers. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}
