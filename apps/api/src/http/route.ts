import { type EndpointData, type EndpointName, endpoints, routerPath, SUCCESS_CODE } from "@stoa/contract";
import type { Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { type Account, authenticate } from "../auth/sessions.ts";
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

async function readJson(raw: string): Promise<unknown> {
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError("INVALID_INPUT", { _: "error-field-invalid" });
  }
}

/**
 * The path of the first text holding a NUL character, which PostgreSQL cannot store in text or
 * jsonb: such input is refused as a field error before it reaches a query.
 */
export function nulCharacterPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "_" : null;
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const found = nulCharacterPath(inner, [...path, key]);
      if (found !== null) return found;
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
    };
    if (cache && def.auth) throw new Error(`${name}: an answer for a signed-in caller is never cached`);
    app.on(def.method.toUpperCase(), routerPath(def.path), storeContext, async (c) => {
      const ctx = c.get("ctx");
      const input = {
        ctx,
        params: def.params ? parseInput(def.params, withoutNul(c.req.param())) : undefined,
        query: def.query ? parseInput(def.query, withoutNul(c.req.query())) : undefined,
        body: def.body ? parseInput(def.body, withoutNul(await readJson(await c.req.text()))) : undefined,
        account: def.auth ? await authenticate(db, ctx) : null,
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
