import { type Locale, localized, type ReservableService } from "@stoa/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type ReservationServiceRow, reservationServices } from "./tables.ts";

/** The shop's active reservable services, in their order. */
export async function activeServices(db: Database, storeId: number): Promise<ReservationServiceRow[]> {
  return db
    .select()
    .from(reservationServices)
    .where(and(eq(reservationServices.storeId, storeId), eq(reservationServices.active, true)))
    .orderBy(asc(reservationServices.sort), asc(reservationServices.id));
}

/** An active service of the shop, or SERVICE_NOT_OFFERED. */
export async function offeredService(db: Database, storeId: number, serviceId: number) {
  const [service] = await db
    .select()
    .from(reservationServices)
    .where(
      and(
        eq(reservationServices.storeId, storeId),
        eq(reservationServices.id, serviceId),
        eq(reservationServices.active, true),
      ),
    );
  if (!service) throw new ApiError("SERVICE_NOT_OFFERED");
  return service;
}

export function serviceAnswer(service: ReservationServiceRow, locale: Locale): ReservableService {
  return {
    id: service.id,
    name: localized(service.nameLocalizations, locale),
    description: localized(service.descriptionLocalizations, locale),
    partyMin: service.partyMin,
    partyMax: service.partyMax,
    stayMinutes: service.stayMinutes,
    capacityUnit: service.capacityUnit,
    weekdays: service.weekdays,
  };
}

/** PARTY_SIZE_INVALID, naming the range, for a party the service does not seat. */
export function checkPartySize(service: ReservationServiceRow, partySize: number): void {
  if (partySize < service.partyMin || partySize > service.partyMax)
    throw new ApiError("PARTY_SIZE_INVALID", undefined, undefined, undefined, {
      min: String(service.partyMin),
      max: String(service.partyMax),
    });
}
