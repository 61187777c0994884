import type { Fitment } from "@stoa/contract";

/** The vehicle a shopper describes in "check fit": make, then model, then year. */
export type Vehicle = { make: string; model: string; year: number | null };

const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

/** Makes the part fits, alphabetically, each once. */
export function fitmentMakes(fitment: readonly Fitment[]): string[] {
  return [...new Set(fitment.map((row) => row.make))].sort(byName);
}

/** Models of one make the part fits. */
export function fitmentModels(fitment: readonly Fitment[], make: string): string[] {
  return [...new Set(fitment.filter((row) => row.make === make).map((row) => row.model))].sort(byName);
}

/** Model years of one model the part fits, newest first (that is the order people look for theirs). */
export function fitmentYears(fitment: readonly Fitment[], make: string, model: string): number[] {
  const years = new Set<number>();
  for (const row of fitment) {
    if (row.make !== make || row.model !== model) continue;
    const from = Math.min(row.yearFrom, row.yearTo);
    const to = Math.max(row.yearFrom, row.yearTo);
    // A shop typo such as 1015–2020 must not make a thousand-entry list.
    for (let year = Math.max(from, to - 100); year <= to; year += 1) years.add(year);
  }
  return [...years].sort((a, b) => b - a);
}

/** Years either side of the fitted ones a shopper may pick, so "check fit" can also say no. */
export const YEAR_MARGIN = 5;

/**
 * The years offered for a model in "check fit", newest first: every year from a few before the
 * first fitted one to a few after the last, gaps included — picking one of those gets a clear "no".
 * Never a model year that cannot exist yet: at most next year's (cars are sold a year ahead).
 */
export function vehicleYears(
  fitment: readonly Fitment[],
  make: string,
  model: string,
  thisYear = new Date().getFullYear(),
): number[] {
  const fitted = fitmentYears(fitment, make, model);
  const newest = fitted[0];
  const oldest = fitted[fitted.length - 1];
  if (newest === undefined || oldest === undefined) return [];
  const years: number[] = [];
  const latest = Math.max(Math.min(newest + YEAR_MARGIN, thisYear + 1), newest);
  for (let year = latest; year >= oldest - YEAR_MARGIN; year -= 1) years.push(year);
  return years;
}

/** The fitment rows covering the vehicle: empty means the part does not fit it. */
export function fitsVehicle(fitment: readonly Fitment[], vehicle: Vehicle): Fitment[] {
  if (vehicle.year === null) return [];
  const year = vehicle.year;
  return fitment.filter(
    (row) =>
      row.make === vehicle.make &&
      row.model === vehicle.model &&
      year >= Math.min(row.yearFrom, row.yearTo) &&
      year <= Math.max(row.yearFrom, row.yearTo),
  );
}
