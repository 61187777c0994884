import { authenticate } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { AnswerCache } from "../platform/http/answer-cache.ts";
import type { RequestContext } from "../platform/http/context.ts";
import type { Route } from "../platform/http/route.ts";
import { receiveContactMessage, type Sender } from "./contact.ts";
import { infoPage } from "./info-pages.ts";
import { subscribeToNewsletter } from "./newsletter.ts";

/**
 * What the shop tells its shoppers and what they tell it. A page is the same for every shopper of a
 * store in a language, so its answer is kept in `cache` until the store's catalogue version moves,
 * which every write to a page makes it do (migration 0023).
 */
export function contentRoutes(route: Route, db: Database, cache: AnswerCache): void {
  route("infoPage", async ({ ctx, params }) => infoPage(db, ctx.store, params.slug, ctx.locale), { cache });
  route("contactCreate", async ({ ctx, body }) =>
    receiveContactMessage(db, ctx.store, body, await senderOf(db, ctx)),
  );
  route("newsletterSubscribe", async ({ ctx, body }) =>
    subscribeToNewsletter(db, ctx.store, body.email, await senderOf(db, ctx)),
  );
}

/**
 * Anyone may write to the shop or subscribe. A verified customer's valid token notes who did; a
 * guest, a stale token or none counts as nobody in particular rather than refusing the call.
 */
async function senderOf(db: Database, ctx: RequestContext): Promise<Sender> {
  const customerId = ctx.caller.bearerToken
    ? await authenticate(db, ctx).then(
        ({ customer }) => (customer.kind === "customer" ? customer.id : null),
        () => null,
      )
    : null;
  return { customerId, locale: ctx.locale, ip: ctx.caller.ip };
}
