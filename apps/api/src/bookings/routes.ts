import type { Account } from "../auth/sessions.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { RequestContext } from "../platform/http/context.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { cancelBooking, moveBooking } from "./change.ts";
import { type BookingShop, bookOnline } from "./create.ts";
import { bookingRulesOf } from "./settings.ts";
import { exceptionList, resourceList, resourcesAvailable, serviceList, timeslotList } from "./shop-reads.ts";
import { bookingByToken, bookingCustomer, listBookings } from "./shopper-bookings.ts";
import type { BookingRow } from "./tables.ts";
import { showBooking } from "./view.ts";

/**
 * Bookings: services, resources, exceptions, free times, book, reschedule, cancel, list; and the
 * manage link's calls. The fixed paths are registered before `booking/{id}`, which would take them.
 */
export function bookingRoutes(
  route: Route<Account>,
  _staffRoute: Route<StaffAccount>,
  deps: OrderFlowDeps,
): void {
  const { db, keys, payments } = deps;
  // The key is read before any transaction opens (orders/links.ts).
  const shopOf = async (ctx: RequestContext): Promise<BookingShop> => ({
    store: ctx.store,
    origin: ctx.storefrontOrigin,
    manageKey: (await keys()).guestOrders,
  });
  const show = async (ctx: RequestContext, row: BookingRow) =>
    showBooking(db, ctx.store, await bookingRulesOf(db, ctx.store.id), row, ctx.locale);

  route("bookingServiceList", async ({ ctx }) => serviceList(db, ctx.store, ctx.locale));
  route("bookingResourceList", async ({ ctx, query }) =>
    resourceList(db, ctx.store.id, ctx.locale, query.serviceId),
  );
  route("bookingExceptionList", async ({ ctx, query }) => exceptionList(db, ctx.store.id, query));
  route("bookingTimeslotList", async ({ ctx, query }) => timeslotList(db, ctx.store.id, query));
  route("bookingResourceAvailable", async ({ ctx, body }) =>
    resourcesAvailable(db, ctx.store, ctx.locale, body),
  );
  route("bookingList", async ({ ctx, query, body, account }) =>
    listBookings(db, ctx.store, ctx.locale, account.customer.id, body.when, query),
  );

  route("bookingManageView", async ({ ctx, body }) => show(ctx, await bookingByToken(db, ctx, body.token)));
  route("bookingManageUpdate", async ({ ctx, body }) => {
    const row = await bookingByToken(db, ctx, body.token);
    const moved = await moveBooking(
      db,
      await shopOf(ctx),
      row.id,
      { version: body.version, startsAt: new Date(body.startsAt), resourceId: body.resourceId },
      { by: "customer" },
    );
    return show(ctx, moved);
  });
  route("bookingManageCancel", async ({ ctx, body }) => {
    const row = await bookingByToken(db, ctx, body.token);
    return show(
      ctx,
      await cancelBooking(db, payments, await shopOf(ctx), row.id, { by: "customer" }, body.reason),
    );
  });

  route("bookingCreate", async ({ ctx, body }) =>
    bookOnline(
      {
        db,
        payments,
        shop: await shopOf(ctx),
        locale: ctx.locale,
        customerId: await bookingCustomer(db, ctx),
        idempotencyKey: ctx.idempotencyKey,
      },
      body,
    ),
  );
  route("bookingCancel", async ({ ctx, params, body, account }) =>
    show(
      ctx,
      await cancelBooking(
        db,
        payments,
        await shopOf(ctx),
        params.id,
        { by: "customer", customerId: account.customer.id },
        body.reason,
      ),
    ),
  );
  route("bookingUpdate", async ({ ctx, params, body, account }) =>
    show(
      ctx,
      await moveBooking(
        db,
        await shopOf(ctx),
        params.id,
        { version: body.version, startsAt: new Date(body.startsAt), resourceId: body.resourceId },
        { by: "customer", customerId: account.customer.id },
      ),
    ),
  );
}
