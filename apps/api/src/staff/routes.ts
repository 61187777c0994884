import { FIELD_ERROR_KEYS, messageText, SUCCESS_KEYS } from "@stoa/contract";
import { openingHoursOf, setOpeningHours } from "../delivery/service.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import { moveOrderOn, setParcel } from "../flows/move-order.ts";
import { cardGatewaysOf, newCardGatewayOf } from "../flows/payments.ts";
import { answerRefund } from "../flows/refund.ts";
import { storeOrder } from "../orders/service.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { Route } from "../platform/http/route.ts";
import { setCardProvider, storeById } from "../stores/service.ts";
import type { StoreRow } from "../stores/tables.ts";
import {
  staffOrderAnswer,
  staffOrderList,
  staffRefundAnswers,
  staffRefundList,
  staffStuckPayments,
} from "./service.ts";
import { type StaffAccount, staffLogin, staffLogout } from "./sessions.ts";

/** The staff calls, on the router whose tokens are staff sessions. */
export function staffRoutes(route: Route<StaffAccount>, deps: OrderFlowDeps): void {
  const { db } = deps;
  route("staffLogin", async ({ ctx, body }) => staffLogin(db, ctx, body.email, body.password));
  route("staffLogout", async ({ ctx, account }) => {
    await staffLogout(db, account);
    return { message: messageText(SUCCESS_KEYS.signedOut, ctx.locale) };
  });
  route("staffOrderList", async ({ ctx, query, body }) =>
    staffOrderList(db, ctx.store.id, body.status, query),
  );
  route("staffOrderDetail", async ({ ctx, body }) =>
    staffOrderAnswer(db, await storeOrder(db, ctx.store.id, body.orderId)),
  );
  route("staffMoveOrder", async ({ ctx, body, account }) =>
    staffOrderAnswer(db, await moveOrderOn(deps, ctx, account, body.orderId, body.action, body.tracking)),
  );
  route("staffOrderTracking", async ({ ctx, body }) =>
    staffOrderAnswer(db, await setParcel(deps, ctx, body.orderId, body)),
  );
  route("staffRefundList", async ({ ctx, query, body }) =>
    staffRefundList(db, ctx.store.id, body.status, query),
  );
  route("staffStuckPayments", async ({ ctx }) => staffStuckPayments(db, ctx.store.id));
  const cardProviderOf = (store: StoreRow) => ({
    cardProvider: newCardGatewayOf(deps.payments, store),
    offered: cardGatewaysOf(deps.payments, store),
  });
  route("staffCardProvider", async ({ ctx }) => cardProviderOf(ctx.store));
  route("staffSetCardProvider", async ({ ctx, body }) => {
    if (!cardGatewaysOf(deps.payments, ctx.store).includes(body.cardProvider))
      throw new ApiError("INVALID_INPUT", { cardProvider: FIELD_ERROR_KEYS.invalid });
    await setCardProvider(db, ctx.store.id, body.cardProvider);
    const store = await storeById(db, ctx.store.id);
    if (!store) throw new Error(`store ${ctx.store.id} vanished`);
    return cardProviderOf(store);
  });
  route("staffOpeningHours", async ({ ctx }) => openingHoursOf(db, ctx.store.id));
  route("staffSetOpeningHours", async ({ ctx, body }) => setOpeningHours(db, ctx.store.id, body));
  route("staffAnswerRefund", async ({ ctx, body, account }) => {
    const refund = await answerRefund(deps, ctx, account, body);
    const [answer] = await staffRefundAnswers(db, ctx.store.id, [refund]);
    if (!answer) throw new Error(`refund ${refund.id} has no answer`);
    return answer;
  });
}
