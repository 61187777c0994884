import { guestOrderBodySchema, type Order, type OrderGiftCards } from "@stoa/contract";
import { pageProblem } from "../platform/api/page-answer.server.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { signedInShopper } from "../platform/session/auth-state.ts";

/**
 * An order as its page shows it, whether it was opened by the link of a guest's email, and the codes
 * of the gift cards it bought (for its own session only, once paid; the email carries them too).
 */
export type OrderForPage = { order: Order; byLink: boolean; giftCards: OrderGiftCards["cards"] };

/**
 * The order a page asks for: the session's own (a customer's, or the guest's who placed it), else,
 * with the `token` of a guest's confirmation email, the order that link opens, even without a
 * session (decision 018). Null when a visitor without a link must sign in; a 404 page for someone
 * else's order, an unknown one, or a wrong token.
 */
export async function orderForPage(
  storeApi: StoreApi,
  orderId: number,
  token: string | null,
): Promise<OrderForPage | null> {
  if (signedInShopper((await storeApi.session()).auth)) {
    const own = await storeApi.pageAnswer("orderDetail", { body: { orderId } });
    if (own.ok) {
      const cards = own.data.lines.some((line) => line.isGiftCard)
        ? await storeApi.pageAnswer("orderGiftCards", { body: { orderId } })
        : null;
      return { order: own.data, byLink: false, giftCards: cards?.ok ? cards.data.cards : [] };
    }
    if (token === null || own.status !== 404) throw pageProblem(own.problem, own.status);
  }
  if (token === null) return null;
  const link = guestOrderBodySchema.safeParse({ orderId, token });
  if (!link.success) throw pageProblem("not-found", 404);
  return { order: await storeApi.page("guestOrderDetail", { body: link.data }), byLink: true, giftCards: [] };
}
