import type { Fitment } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { fitmentMakes, fitmentModels, fitmentYears, fitsVehicle } from "./fitment.ts";

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

  it("offers only the years the part fits, gaps left out", () => {
    // Golf VII brake pads listed for 2013–2020: nothing before or after.
    const golf: Fitment[] = [
      { make: "Volkswagen", model: "Golf VII", yearFrom: 2013, yearTo: 2020, engine: "1.4 TSI" },
      { make: "Volkswagen", model: "Golf VII", yearFrom: 2013, yearTo: 2020, engine: "2.0 TDI" },
    ];
    const years = fitmentYears(golf, "Volkswagen", "Golf VII");
    expect(years).toEqual([2020, 2019, 2018, 2017, 2016, 2015, 2014, 2013]);
    expect(
      years.every((year) => fitsVehicle(golf, { make: "Volkswagen", model: "Golf VII", year }).length),
    ).toBe(true);
    const gap: Fitment[] = [
      { make: "Kia", model: "Rio", yearFrom: 2010, yearTo: 2011, engine: "" },
      { make: "Kia", model: "Rio", yearFrom: 2014, yearTo: 2014, engine: "" },
    ];
    expect(fitmentYears(gap, "Kia", "Rio")).toEqual([2014, 2011, 2010]);
    expect(fitmentYears(fitment, "Honda", "Jazz")).toEqual([]);
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
