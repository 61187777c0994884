import {
  type EndpointData,
  type EndpointName,
  endpoints,
  FIELD_ERROR_KEYS,
  routerPath,
  SUCCESS_CODE,
} from "@stoa/contract";
import type { Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { type Account, authenticate } from "../../auth/sessions.ts";
import type { Database } from "../db/database.ts";
import { type AnswerCache, catalogueAnswerKey } from "./answer-cache.ts";
import type { AppEnv, RequestContext } from "./context.ts";
import { ApiError, parseInput } from "./errors.ts";

type Def<N extends EndpointName> = (typeof endpoints)[N];
type Parsed<E, K extends string> = E extends Record<K, z.ZodType> ? z.output<E[K]> : undefined;

export type RouteInput<N extends EndpointName> = {
  ctx: RequestContext;
  params: Parsed<Def<N>, "params">;
  query: Parsed<Def<N>, "query">;
  body: Parsed<Def<N>, "body">;
  /** The signed-in caller, present exactly when the endpoint declares `auth`. */
  account: Def<N> extends { auth: true } ? Account : null;
};

export type RouteHandler<N extends EndpointName> = (input: RouteInput<N>) => Promise<EndpointData<N>>;

export type RouteOptions = {
  /**
   * Keep finished answers here. Only for answers that depend on nothing but the store's catalogue,
   * the language and the input: never for a signed-in caller's own data.
   */
  cache?: AnswerCache;
};

/**
 * The deepest nesting any body of the contract has is a handful of levels (a search filter's
 * lists); 32 leaves room to grow while keeping a hostile 3,000-level body from costing anything.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep a JSON text nests, read in one pass over its characters without parsing it, stopping as
 * soon as `limit` is passed.
 */
export function jsonDepthExceeds(raw: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return false;
}

async function readJson(raw: string): Promise<unknown> {
  if (raw.trim() === "") return {};
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH))
    throw new ApiError("INVALID_INPUT", { _: FIELD_ERROR_KEYS.tooDeep });
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError("INVALID_INPUT", { _: "error-field-invalid" });
  }
}

/**
 * The path of the first text holding a NUL character, which PostgreSQL cannot store in text or
 * jsonb: such input is refused as a field error before it reaches a query. The walk keeps its own
 * stack (no recursion, so no overflow) and builds a path only for the text it reports.
 */
export function nulCharacterPath(value: unknown): string | null {
  type Visit = { value: unknown; key: string; parent: Visit | null };
  const pathOf = (visit: Visit) => {
    const keys: string[] = [];
    for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.unshift(at.key);
    return keys.join(".") || "_";
  };
  const stack: Visit[] = [{ value, key: "", parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    if (typeof visit.value === "string") {
      if (visit.value.includes("\u0000")) return pathOf(visit);
    } else if (visit.value && typeof visit.value === "object") {
      const entries = Object.entries(visit.value);
      // Pushed last to first, so the first field is looked at first, as a reader would.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        stack.push({ value: inner, key, parent: visit });
      }
    }
  }
  return null;
}

function withoutNul<T>(value: T): T {
  const path = nulCharacterPath(value);
  if (path !== null) throw new ApiError("INVALID_INPUT", { [path]: "error-control-character" });
  return value;
}

/**
 * Registers contract endpoints on a router: each with its method and exact path, the store context,
 * its params, query and body parsed with the contract's schemas, the caller authenticated when the
 * endpoint says so, and the handler's result wrapped in the success envelope.
 */
export function contractRouter(app: Hono<AppEnv>, db: Database, storeContext: MiddlewareHandler<AppEnv>) {
  return function route<N extends EndpointName>(
    name: N,
    handler: RouteHandler<N>,
    { cache }: RouteOptions = {},
  ): void {
    const def = endpoints[name] as Def<N> & {
      params?: z.ZodType;
      query?: z.ZodType;
      body?: z.ZodType;
      auth?: boolean;
      unverifiedMayCall?: boolean;
    };
    if (cache && def.auth) throw new Error(`${name}: an answer for a signed-in caller is never cached`);
    app.on(def.method.toUpperCase(), routerPath(def.path), storeContext, async (c) => {
      const ctx = c.get("ctx");
      const input = {
        ctx,
        params: def.params ? parseInput(def.params, withoutNul(c.req.param())) : undefined,
        query: def.query ? parseInput(def.query, withoutNul(c.req.query())) : undefined,
        body: def.body ? parseInput(def.body, withoutNul(await readJson(await c.req.text()))) : undefined,
        account: def.auth ? await authenticate(db, ctx, { unverifiedMayCall: def.unverifiedMayCall }) : null,
      } as RouteInput<N>;
      if (cache) {
        const key = catalogueAnswerKey(ctx.store, ctx.locale, name, [input.params, input.query, input.body]);
        const body = await cache.answer(key, async () =>
          JSON.stringify({ code: SUCCESS_CODE, msg: "success", data: await handler(input) }),
        );
        return c.body(body, 200, { "content-type": "application/json" });
      }
      const data = await handler(input);
      return c.json({ code: SUCCESS_CODE, msg: "success", data });
    });
  };
}
export type Route = ReturnType<typeof contractRouter>;
