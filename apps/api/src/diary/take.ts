import type { DiaryKind, diaryCreateBodySchema } from "@stoa/contract";
import type { z } from "zod";
import { type BookingShop, bookForStaff } from "../bookings/create.ts";
import { bookingRulesOf } from "../bookings/settings.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { localDateOf } from "../reservations/calendar.ts";
import { takeReservation } from "../reservations/seating.ts";
import { checkPartySize, offeredService } from "../reservations/services.ts";

/*
 * Staff take a reservation or a booking for a caller or someone at the counter, through the very
 * functions shoppers' requests go through (seating.ts, bookings/create.ts) with a staff source: no
 * lead time, and a full slot or a time outside the hours only with a reason, kept.
 */

type Body = z.output<typeof diaryCreateBodySchema>;

/** The shop's booking links: its storefront origin and the key that signs a booking's manage token. */
export async function bookingShopOf(deps: OrderFlowDeps, ctx: RequestContext): Promise<BookingShop> {
  return { store: ctx.store, origin: ctx.storefrontOrigin, manageKey: (await deps.keys()).guestOrders };
}

export async function takeForCaller(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  staffId: number,
  body: Body,
): Promise<{ kind: DiaryKind; id: number }> {
  const { db } = deps;
  const overrideReason = body.overrideReason || null;
  const start = new Date(body.startsAt);
  if (body.kind === "reservation") {
    const [rules, service] = await Promise.all([
      bookingRulesOf(db, ctx.store.id),
      offeredService(db, ctx.store.id, body.serviceId),
    ]);
    checkPartySize(service, body.partySize);
    const row = await takeReservation(
      db,
      { store: ctx.store, origin: ctx.storefrontOrigin, rules },
      {
        service,
        date: localDateOf(start, rules.timezone),
        start,
        partySize: body.partySize,
        name: body.name,
        phone: body.phone,
        email: body.email,
        note: body.note,
        language: ctx.locale,
        customerId: null,
      },
      { source: body.source, overrideReason },
    );
    return { kind: "reservation", id: row.id };
  }
  const { row } = await bookForStaff(
    db,
    await bookingShopOf(deps, ctx),
    {
      serviceId: body.serviceId,
      resourceId: body.resourceId,
      startsAt: start,
      name: body.name,
      phone: body.phone,
      email: body.email,
      note: body.note,
      language: ctx.locale,
      customerId: null,
    },
    { source: body.source, overrideReason, staffId },
  );
  return { kind: "booking", id: row.id };
}
