import { createHmac } from "node:crypto";
import type { Reserved, reserveBodySchema } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { sha256 } from "../auth/crypto.ts";
import { authenticate } from "../auth/sessions.ts";
import { hashManageToken, newManageToken } from "../bookings/codes.ts";
import { bookingRulesOf } from "../bookings/settings.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { checkHorizon, nextFreeTimes } from "./availability.ts";
import { KeyTaken, type ShopPlace, SlotFull, takeReservation } from "./seating.ts";
import { checkPartySize, offeredService } from "./services.ts";
import { type ReservationRow, reservations } from "./tables.ts";
import { reservationAnswer } from "./view.ts";

type ReserveBody = z.output<typeof reserveBodySchema>;

/** The signed-in customer reserving, so it shows in their account; a stale or missing token is a guest. */
async function reservingCustomer(db: Database, ctx: RequestContext): Promise<number | null> {
  if (!ctx.caller.bearerToken) return null;
  return authenticate(db, ctx, { unverifiedMayCall: true }).then(
    ({ customer }) => (customer.kind === "customer" ? customer.id : null),
    () => null,
  );
}

/**
 * The manage token of a reservation made under an Idempotency-Key is derived from the key with
 * the server's secret, so a repeat answers the same link while only its hash is kept; without a
 * key it is random.
 */
function manageTokenFor(secret: Buffer, storeId: number, key: string | null) {
  if (!key) return newManageToken();
  const token = createHmac("sha256", secret)
    .update(`reservation-manage:${storeId}:${key}`)
    .digest("base64url");
  return { token, hash: hashManageToken(token) };
}

async function byKey(db: Database, storeId: number, key: string): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.storeId, storeId), eq(reservations.idempotencyKey, key)));
  return row;
}

/**
 * `reserve/create`: a shopper's reservation, as a guest or signed in. The same Idempotency-Key with
 * the same body answers the reservation it made (however concurrently it comes); with another body
 * IDEMPOTENCY_KEY_REUSED. A slot just taken is SLOT_UNAVAILABLE with the next free times.
 */
export async function reserve(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  body: ReserveBody,
): Promise<Reserved> {
  const { db } = deps;
  const now = new Date();
  const [customerId, rules, service, keys] = await Promise.all([
    reservingCustomer(db, ctx),
    bookingRulesOf(db, ctx.store.id),
    offeredService(db, ctx.store.id, body.serviceId),
    deps.keys(),
  ]);
  const key = ctx.idempotencyKey;
  const digest = sha256(JSON.stringify({ ...body, customerId }));
  const manage = manageTokenFor(keys.guestOrders, ctx.store.id, key);
  const place: ShopPlace = { store: ctx.store, origin: ctx.storefrontOrigin, rules };
  const answer = (row: ReservationRow): Reserved => ({
    reservation: reservationAnswer(row, service, ctx.store, rules, ctx.locale, now),
    manageToken: manage.token,
  });
  const repeat = async (): Promise<Reserved | null> => {
    const made = key ? await byKey(db, ctx.store.id, key) : undefined;
    if (!made) return null;
    if (made.requestDigest !== digest) throw new ApiError("IDEMPOTENCY_KEY_REUSED");
    return answer(made);
  };
  const earlier = await repeat();
  if (earlier) return earlier;

  checkPartySize(service, body.partySize);
  checkHorizon(rules, body.date, now);
  const start = new Date(body.start);
  try {
    const row = await takeReservation(
      db,
      place,
      {
        service,
        date: body.date,
        start,
        partySize: body.partySize,
        name: body.name,
        phone: body.phone,
        email: body.email,
        note: body.note,
        language: ctx.locale,
        customerId,
      },
      { source: "online", now, ...(key ? { idempotency: { key, digest } } : {}) },
      manage,
    );
    return answer(row);
  } catch (error) {
    if (error instanceof KeyTaken) {
      const winner = await repeat();
      if (winner) return winner;
      throw new Error("a reservation held the idempotency key and vanished");
    }
    if (!(error instanceof SlotFull)) throw error;
    throw new ApiError("SLOT_UNAVAILABLE", undefined, undefined, {
      nextFreeTimes: await nextFreeTimes(db, service, rules, start, body.partySize, now),
    });
  }
}
