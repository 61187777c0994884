import type { OpeningHours } from "@stoa/contract";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { deliverySettings } from "./tables.ts";

/**
 * A store's opening hours as a subquery on its id, read with the store row itself: the footer and
 * the shop's information show them at no query of their own, and since they are part of the row,
 * the store's version (and so every page shared between shoppers) changes when staff change them.
 * Null while the store has no delivery settings: it set no hours and takes orders at any hour.
 */
export function openingHoursColumn(storeId: AnyColumn): SQL<OpeningHours | null> {
  return sql<OpeningHours | null>`(SELECT json_build_object(
      'timezone', ${deliverySettings.timezone}, 'opensAt', ${deliverySettings.opensAt},
      'closesAt', ${deliverySettings.closesAt}, 'openDays', ${deliverySettings.openDays})
    FROM ${deliverySettings} WHERE ${deliverySettings.storeId} = ${storeId})`;
}
