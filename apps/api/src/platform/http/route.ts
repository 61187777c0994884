import {
  ANSWER_REACH_HEADER,
  CHANGES_SEEN_HEADER,
  type EndpointData,
  type EndpointName,
  endpoints,
  reachHeaderOf,
  routerPath,
  type StaffPermission,
  SUCCESS_CODE,
} from "@stoa/contract";
import type { Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import {
  type Answer,
  type AnswerCache,
  type AsOf,
  catalogueAnswerKey,
  noAnswerCache,
  type Reach,
} from "./answer-cache.ts";
import type { AppEnv, RequestContext } from "./context.ts";
import { parseInput, readJson, withStorableText } from "./input.ts";
import { requestText } from "./request-body.ts";

type Def<N extends EndpointName> = (typeof endpoints)[N];
type Parsed<E, K extends string> = E extends Record<K, z.ZodType> ? z.output<E[K]> : undefined;

export type RouteInput<N extends EndpointName, A> = {
  ctx: RequestContext;
  params: Parsed<Def<N>, "params">;
  query: Parsed<Def<N>, "query">;
  body: Parsed<Def<N>, "body">;
  /** The signed-in caller, present exactly when the endpoint declares `auth`. */
  account: Def<N> extends { auth: true } ? A : null;
};

export type RouteHandler<N extends EndpointName, A> = (input: RouteInput<N, A>) => Promise<EndpointData<N>>;

/**
 * Finds the signed-in caller of a request, or throws the envelope's error. The auth module provides
 * it and app.ts hands it to the router, so the platform does not depend on who the callers are.
 */
export type Authenticate<A> = (
  ctx: RequestContext,
  options: { unverifiedMayCall?: boolean; permission?: StaffPermission },
) => Promise<A>;

export type RouteOptions<D, I = unknown> = {
  /**
   * Keep finished answers here. Only for answers that depend on nothing but the store's catalogue,
   * the language and the input: never for a signed-in caller's own data.
   */
  cache?: AnswerCache;
  /** What of a kept answer changes without the catalogue version (stock levels). */
  live?: LivePart<D>;
  /**
   * What a kept answer reaches (the products it shows, the listings it is), so that a change the
   * answer does not reach keeps it (decision 069), and how to learn of changes before an answer is
   * looked up. Without it, only a new catalogue version replaces a kept answer: one that shows
   * products, or counts them, must say what it reaches.
   */
  changes?: AnswerChanges<D, I>;
  /**
   * The answer shows nothing of any product (the store's settings, its category tree): it says so
   * in the reach header, so a shared page built on it is not dropped by a product's change. Kept
   * answers without `changes` say so too.
   */
  reachesNoProduct?: boolean;
};

/** The reach header of an answer that shows no product. */
const NO_PRODUCT_REACH = reachHeaderOf({ shows: new Set(), lists: [] });

export type AnswerChanges<D, I = unknown> = {
  /** Drops the kept answers the changes announced by the request's store row reach; where it then stands. */
  catchUp(ctx: RequestContext): Promise<AsOf>;
  /** What the answer to `input` reaches, learnt where `asOf` stands. */
  reach(input: I, data: D, asOf: AsOf): Promise<Reach> | Reach;
};

/**
 * Who a router's endpoints are for: the shop's shoppers, its staff (`staff: true` in the contract),
 * or diners at its tables (`inStore: true`, signed in with an in-store token).
 */
export type Audience = "shoppers" | "staff" | "diners";

function audienceOf(def: { staff?: boolean; inStore?: boolean }): Audience {
  if (def.staff) return "staff";
  return def.inStore ? "diners" : "shoppers";
}

/**
 * Notes the values of an answer's data that change without the catalogue version, or undefined when
 * it shows none.
 */
export type LivePart<D> = (ctx: RequestContext, data: D) => LiveValues<D> | undefined;

/** Values an answer shows, able to read themselves again. */
export type LiveValues<D> = {
  /** When the values changed: how to write them into the answer's data, and the values it then shows. */
  reread(): Promise<{ write(data: D): void; values: LiveValues<D> } | undefined>;
};

/** The success envelope of `data` as kept in the answer cache, with its live values when it has some. */
function answerOf<D>(data: D, values: LiveValues<D> | undefined, reach?: Reach): Answer {
  const body = JSON.stringify({ code: SUCCESS_CODE, msg: "success", data });
  if (values === undefined) return { body, reach };
  return {
    body,
    reach,
    reread: async () => {
      const changed = await values.reread();
      if (changed === undefined) return undefined;
      // Only when something changed is the kept text parsed, written into and serialized again.
      const fresh = (JSON.parse(body) as { data: D }).data;
      changed.write(fresh);
      return answerOf(fresh, changed.values);
    },
  };
}

/**
 * Registers contract endpoints on a router: each with its method and exact path, the store context,
 * its params, query and body parsed with the contract's schemas, the caller authenticated when the
 * endpoint says so, and the handler's result wrapped in the success envelope. A router serves one
 * audience, whose tokens `authenticate` knows: a staff endpoint on the shoppers' router (or the
 * reverse) is refused at start-up, so no call can be reached with the other kind of token.
 */
export function contractRouter<A>(
  app: Hono<AppEnv>,
  storeContext: MiddlewareHandler<AppEnv>,
  authenticate: Authenticate<A>,
  audience: Audience = "shoppers",
) {
  function register<N extends EndpointName>(
    name: N,
    handler: RouteHandler<N, A>,
    { cache, live, changes, reachesNoProduct }: RouteOptions<EndpointData<N>, RouteInput<N, A>>,
    signsInItself: boolean,
  ): void {
    const def = endpoints[name] as Def<N> & {
      params?: z.ZodType;
      query?: z.ZodType;
      body?: z.ZodType;
      auth?: boolean;
      unverifiedMayCall?: boolean;
      staff?: boolean;
      inStore?: boolean;
      permission?: StaffPermission;
      maxBodyBytes?: number;
    };
    if (audienceOf(def) !== audience)
      throw new Error(`${name}: an endpoint for ${audienceOf(def)} on the ${audience}' router`);
    if (def.permission && !(def.auth && def.staff))
      throw new Error(`${name}: a permission is for signed-in staff calls`);
    if (cache && def.auth) throw new Error(`${name}: an answer for a signed-in caller is never cached`);
    if (signsInItself && (!def.auth || def.unverifiedMayCall))
      throw new Error(
        `${name}: only an endpoint for verified signed-in callers signs in alongside its reads`,
      );
    app.on(def.method.toUpperCase(), routerPath(def.path), storeContext, async (c) => {
      const ctx = c.get("ctx");
      const signIn = () =>
        def.auth && !signsInItself
          ? authenticate(ctx, { unverifiedMayCall: def.unverifiedMayCall, permission: def.permission })
          : Promise.resolve(null);
      // A call that takes a large body (a picture) reads it only for a caller who may make the call.
      const early = def.maxBodyBytes ? await signIn() : undefined;
      const input = {
        ctx,
        params: def.params ? parseInput(def.params, withStorableText(c.req.param())) : undefined,
        query: def.query ? parseInput(def.query, withStorableText(c.req.query())) : undefined,
        body: def.body
          ? parseInput(def.body, withStorableText(await readJson(await requestText(c, def.maxBodyBytes))))
          : undefined,
        account: early === undefined ? await signIn() : early,
      } as RouteInput<N, A>;
      if (cache) {
        // With the cache off (API_CACHE_MB=0) nothing is looked up: no key is made.
        const key =
          cache === noAnswerCache
            ? ""
            : catalogueAnswerKey(ctx.store, ctx.locale, name, [input.params, input.query, input.body]);
        const asOf = changes ? await changes.catchUp(ctx) : undefined;
        const answer = await cache.answer(
          key,
          async () => {
            const data = await handler(input);
            const reach = changes && asOf !== undefined ? await changes.reach(input, data, asOf) : undefined;
            return answerOf(data, live?.(ctx, data), reach);
          },
          asOf,
        );
        const named = answer.reach?.header ?? (changes ? undefined : [ANSWER_REACH_HEADER, NO_PRODUCT_REACH]);
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (named) headers[named[0]] = named[1];
        if (asOf !== undefined) headers[CHANGES_SEEN_HEADER] = String(asOf);
        return c.body(answer.body, 200, headers);
      }
      const data = await handler(input);
      if (reachesNoProduct) c.header(ANSWER_REACH_HEADER, NO_PRODUCT_REACH);
      return c.json({ code: SUCCESS_CODE, msg: "success", data });
    });
  }

  /** Registers an endpoint whose caller, when it declares `auth`, is signed in before the handler runs. */
  function route<N extends EndpointName>(
    name: N,
    handler: RouteHandler<N, A>,
    options: RouteOptions<EndpointData<N>, RouteInput<N, A>> = {},
  ): void {
    register(name, handler, options, false);
  }
  /**
   * Registers a signed-in endpoint whose handler signs its caller in itself, in the same round trip
   * as its first read (the checkout's: auth/sessions.ts `signingIn`). The handler gets no account.
   */
  route.signingInAlong = <N extends EndpointName>(
    name: N,
    handler: (input: Omit<RouteInput<N, A>, "account">) => Promise<EndpointData<N>>,
  ): void => register(name, handler as RouteHandler<N, A>, {}, true);
  return route;
}
/**
 * Registers one endpoint. `A` is what a route module needs to know of the signed-in caller (the
 * auth module's Account, or only its customer); a module whose endpoints take no caller asks nothing.
 */
export type Route<A = unknown> = ReturnType<typeof contractRouter<A>>;
