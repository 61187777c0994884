import type { Fitment } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  fitmentMakes,
  fitmentModels,
  fitmentYears,
  fitsVehicle,
  vehicleYears,
  YEAR_MARGIN,
} from "./fitment.ts";

const fitment: Fitment[] = [
  { make: "Toyota", model: "Corolla", yearFrom: 2014, yearTo: 2018, engine: "1.8 L" },
  { make: "Toyota", model: "Corolla", yearFrom: 2019, yearTo: 2022, engine: "2.0 L" },
  { make: "Toyota", model: "Camry", yearFrom: 2018, yearTo: 2020, engine: "2.5 L" },
  { make: "Honda", model: "Civic", yearFrom: 2016, yearTo: 2016, engine: "1.5 L turbo" },
];

describe("check fit", () => {
  it("narrows make, then model, then year", () => {
    expect(fitmentMakes(fitment)).toEqual(["Honda", "Toyota"]);
    expect(fitmentModels(fitment, "Toyota")).toEqual(["Camry", "Corolla"]);
    expect(fitmentYears(fitment, "Toyota", "Corolla")).toEqual([
      2022, 2021, 2020, 2019, 2018, 2017, 2016, 2015, 2014,
    ]);
    expect(fitmentModels(fitment, "Ford")).toEqual([]);
  });

  it("offers years around the fitted ones, so a shopper can learn it does not fit", () => {
    const years = vehicleYears(fitment, "Honda", "Civic", 2026);
    expect(years[0]).toBe(2016 + YEAR_MARGIN);
    expect(years.at(-1)).toBe(2016 - YEAR_MARGIN);
    expect(years).toHaveLength(2 * YEAR_MARGIN + 1);
    expect(vehicleYears(fitment, "Honda", "Jazz")).toEqual([]);
  });

  it("offers no model year beyond next year's, but always the fitted ones", () => {
    expect(vehicleYears(fitment, "Toyota", "Corolla", 2023)[0]).toBe(2024);
    expect(vehicleYears(fitment, "Toyota", "Corolla", 2030)[0]).toBe(2022 + YEAR_MARGIN);
    // A part listed for years to come (a shop's typo, or a model announced early) keeps them.
    expect(vehicleYears(fitment, "Toyota", "Corolla", 2019)[0]).toBe(2022);
  });

  it("says which rows fit the vehicle, and none for other years or models", () => {
    expect(
      fitsVehicle(fitment, { make: "Toyota", model: "Corolla", year: 2019 }).map((r) => r.engine),
    ).toEqual(["2.0 L"]);
    expect(fitsVehicle(fitment, { make: "Toyota", model: "Camry", year: 2021 })).toEqual([]);
    expect(fitsVehicle(fitment, { make: "Honda", model: "Civic", year: null })).toEqual([]);
  });

  it("copes with years written the wrong way round", () => {
    const swapped = [{ make: "Kia", model: "Rio", yearFrom: 2012, yearTo: 2010, engine: "" }];
    expect(fitmentYears(swapped, "Kia", "Rio")).toEqual([2012, 2011, 2010]);
    expect(fitsVehicle(swapped, { make: "Kia", model: "Rio", year: 2011 })).toHaveLength(1);
  });
});
