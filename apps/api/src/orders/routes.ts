import { downloadFile, routerPath } from "@stoa/contract";
import type { Hono, MiddlewareHandler } from "hono";
import { type Account, signingIn } from "../auth/sessions.ts";
import { cancelOrder } from "../flows/cancel-order.ts";
import { confirmPayment } from "../flows/confirm-payment.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import { placeOrder } from "../flows/place-order.ts";
import type { AppEnv, RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { parseInput } from "../platform/http/input.ts";
import type { Authenticate, Route } from "../platform/http/route.ts";
import { buyAgain } from "./buy-again.ts";
import { downloadList, openDownload } from "./downloads.ts";
import type { DownloadFile, DownloadFiles } from "./files.ts";
import type { LinkKeys } from "./links.ts";
import { listCustomerRefunds, requestRefund } from "./refunds.ts";
import { customerOrder, guestOrder, listCustomerOrders } from "./service.ts";

export function orderRoutes(route: Route<Account>, deps: OrderFlowDeps): void {
  const { db } = deps;
  route.signingInAlong("createOrder", async ({ ctx, body }) => placeOrder(deps, ctx, signingIn(ctx), body));
  route("confirmPayment", async ({ ctx, body, account }) => confirmPayment(deps, ctx, account, body.orderId));
  route("orderList", async ({ ctx, query, body, account }) =>
    listCustomerOrders(db, ctx.store.id, account.customer.id, body.orderStatus, query),
  );
  route("orderDetail", async ({ ctx, body, account }) =>
    customerOrder(db, ctx.store.id, account.customer.id, body.orderId),
  );
  route("guestOrderDetail", async ({ ctx, body }) =>
    guestOrder(db, await deps.keys(), ctx.store.id, body.orderId, body.token),
  );
  route("cancelOrder", async ({ ctx, body, account }) =>
    cancelOrder(deps, ctx, account, body.orderId, body.reason),
  );
  route("requestRefund", async ({ ctx, body, account }) =>
    requestRefund(db, ctx.store.id, account.customer.id, body),
  );
  route("refundList", async ({ ctx, query, account }) =>
    listCustomerRefunds(db, ctx.store.id, account.customer.id, query),
  );
  route("buyAgain", async ({ ctx, body, account }) =>
    buyAgain(db, ctx.store, account.customer.id, body.orderId, ctx.locale),
  );
  route("downloadList", async ({ ctx, account }) => ({
    records: await downloadList(
      db,
      await deps.keys(),
      ctx.store.id,
      account.customer.id,
      ctx.storefrontOrigin,
    ),
  }));
}

/**
 * The file behind a download link (decision 018): the link's signature must be the caller's own,
 * so the storefront fetches it with the signed-in shopper's token and passes the file on. Not an
 * envelope on success, so it is served beside the contract's router, with the same store context
 * and the same sign-in check.
 */
export function downloadFileRoute(
  app: Hono<AppEnv>,
  storeContext: MiddlewareHandler<AppEnv>,
  authenticate: Authenticate<Account>,
  deps: OrderFlowDeps,
  files: DownloadFiles,
  /** A file made for the line itself (a gift card's, with its codes), tried before the product's. */
  madeFile: (
    ctx: RequestContext,
    keys: LinkKeys,
    orderLineId: number,
  ) => Promise<(DownloadFile & { fileName: string }) | null>,
): void {
  app.get(routerPath(downloadFile.path), storeContext, async (c) => {
    const ctx = c.get("ctx");
    const { orderLineId } = parseInput(downloadFile.params, c.req.param());
    const query = parseInput(downloadFile.query, c.req.query());
    const { customer } = await authenticate(ctx, {});
    const bought = await openDownload(deps.db, await deps.keys(), ctx.store.id, customer.id, {
      orderLineId,
      ...query,
    });
    const made = await madeFile(ctx, await deps.keys(), orderLineId);
    const file = made ?? (await files.read(ctx.store.id, bought.fileName));
    if (!file) throw new ApiError("NOT_FOUND");
    const fileName = made?.fileName ?? bought.fileName;
    return c.body(file.body, 200, {
      "content-type": file.contentType,
      "content-length": String(file.body.byteLength),
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "cache-control": "private, no-store",
    });
  });
}
