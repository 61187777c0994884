import { z } from "zod";

/**
 * Branches: shops of one owner and one trade on one deployment (two grocery branches), grouped by
 * the stores' `branch group`. A shopper picks the nearest in the LOCATION_BASED_SHOP modal (spec §2)
 * by postcode or by the browser's location, and is sent to that branch's domain.
 */

/** Letters, digits, spaces and hyphens: every country's postcode fits, nothing else does. */
export const POSTCODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/** Postcodes are compared without case or spaces, so "sw1a 1aa" and "SW1A1AA" are the same. */
export function normalizePostcode(postcode: string): string {
  return postcode.replace(/[\s-]+/g, "").toUpperCase();
}

const postcodeSchema = z.string().trim().regex(POSTCODE_PATTERN);

/**
 * `GET /api/store/branches` query: where the shopper is, by postcode or by coordinates (both
 * together); without either, the branches come in the shop's order.
 */
export const branchQuerySchema = z
  .object({
    postcode: postcodeSchema.optional(),
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    path: ["longitude"],
    message: "latitude and longitude go together",
  });
export type BranchQuery = z.input<typeof branchQuerySchema>;

export const branchSchema = z.object({
  storeId: z.number().int(),
  /** Where the shopper is sent: the branch's own domain. */
  domain: z.string(),
  /** The shop's name in the request's language. */
  name: z.string(),
  /** The part of town the branch is in, in the request's language ("City centre"). */
  area: z.string(),
  /** The branch's street address, as printed on its door. */
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The beginnings of the postcodes the branch serves ("100", "101"). */
  postcodeAreas: z.array(z.string()),
  /** True for the branch of the request's domain. */
  current: z.boolean(),
  /** Kilometres from the shopper's coordinates, when the query gave them. */
  distanceKm: z.number().nullable(),
  /** Whether the branch serves the query's postcode, when the query gave one. */
  servesPostcode: z.boolean().nullable(),
});
export type Branch = z.infer<typeof branchSchema>;

/** The branches of the shop's group, nearest first; empty for a shop that has no other branches. */
export const branchListSchema = z.object({ branches: z.array(branchSchema) });
export type BranchList = z.infer<typeof branchListSchema>;

const EARTH_RADIUS_KM = 6371;

export type Point = { latitude: number; longitude: number };

/** Great-circle distance in km (haversine): exact enough to tell which of a town's branches is nearer. */
export function distanceKm(a: Point, b: Point): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How closely a branch serves a postcode: the length of the longest of its postcode areas the
 * postcode begins with, 0 when none does. The longer match wins, so a branch serving "1012" is
 * nearer for "10123" than one serving all of "10".
 */
export function postcodeMatch(postcodeAreas: readonly string[], postcode: string): number {
  const code = normalizePostcode(postcode);
  return postcodeAreas.reduce((best, area) => {
    const prefix = normalizePostcode(area);
    return prefix.length > best && code.startsWith(prefix) ? prefix.length : best;
  }, 0);
}

type Locatable = Point & { postcodeAreas: readonly string[] };

/**
 * The branches with their distance and postcode match, nearest first: by distance from the given
 * coordinates, or those serving the postcode first (closest match first); otherwise in the given
 * order. The sort is stable, so ties keep the shop's order.
 */
export function nearestBranches<B extends Locatable>(
  branches: readonly B[],
  near: { postcode?: string; point?: Point },
): (B & { distanceKm: number | null; servesPostcode: boolean | null })[] {
  const { postcode, point } = near;
  const rated = branches.map((branch) => ({
    branch: {
      ...branch,
      distanceKm: point ? Math.round(distanceKm(point, branch) * 10) / 10 : null,
      servesPostcode: postcode === undefined ? null : postcodeMatch(branch.postcodeAreas, postcode) > 0,
    },
    match: postcode === undefined ? 0 : postcodeMatch(branch.postcodeAreas, postcode),
  }));
  rated.sort((a, b) => b.match - a.match || (a.branch.distanceKm ?? 0) - (b.branch.distanceKm ?? 0));
  return rated.map(({ branch }) => branch);
}
