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

/**
 * Model years of one model the part fits, newest first (that is the order people look for theirs):
 * the years "check fit" offers. Only these: a year offered is a year the part fits, so a shopper
 * whose year is missing knows it does not (the page says so beside the choice).
 */
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
