import { describe, expect, it } from "vitest";
import {
  deliveryBodyOf,
  deliveryDraftOf,
  deliveryDraftOfForm,
  editedZones,
  majorText,
  minorOfText,
  postOptionBodyOf,
  textIn,
  zoneEditOf,
} from "./delivery.ts";

const settings = {
  offersDelivery: true,
  scheduled: true,
  daysAhead: 3,
  windowMinutes: 60,
  windowOpensAt: 18 * 60,
  windowClosesAt: 26 * 60,
  windowDays: [1, 2],
  cutoffMinutes: 30,
  capacity: 4,
  deliveryFee: 500,
  freeDeliveryAbove: null,
  zones: [{ country: "IL", city: "Haifa", zipPrefix: "", fee: 250 }],
};

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("delivery form", () => {
  it("types money in major units and keeps it in minor units", () => {
    expect(majorText(1250)).toBe("12.50");
    expect(majorText(5)).toBe("0.05");
    expect(majorText(null)).toBe("");
    expect(minorOfText("12,5")).toBe(1250);
    expect(minorOfText(" 7 ")).toBe(700);
    expect(minorOfText("")).toBeNull();
    expect(minorOfText("12.345")).toBeUndefined();
    expect(minorOfText("-1")).toBe(-100);
  });

  it("reads the form as typed and turns it into the contract's body, a late close on the next day", () => {
    expect(deliveryDraftOf(settings)).toMatchObject({
      windowOpensAt: "18:00",
      windowClosesAt: "02:00",
      deliveryFee: "5.00",
    });
    const form = formOf([
      ["offersDelivery", "on"],
      ["daysAhead", "3"],
      ["windowMinutes", "60"],
      ["windowOpensAt", "18:00"],
      ["windowClosesAt", "02:00"],
      ["windowDays", "2"],
      ["windowDays", "1"],
      ["windowDays", "1"],
      ["cutoffMinutes", "30"],
      ["capacity", "4"],
      ["deliveryFee", "5"],
      ["freeDeliveryAbove", ""],
      ["zones.0.country", "IL"],
      ["zones.0.city", ""],
      ["zones.0.zipPrefix", ""],
      ["zones.0.fee", "2.5"],
      ["zones.1.country", ""],
      ["zones.1.city", ""],
      ["zones.1.zipPrefix", ""],
      ["zones.1.fee", ""],
    ]);
    const typed = deliveryDraftOfForm(form);
    expect(typed).toMatchObject({ scheduled: false, windowDays: [1, 2] });
    expect(typed.zones).toHaveLength(2);
    const { body, draft, bad } = deliveryBodyOf(typed);
    expect(bad).toEqual({});
    expect(draft.zones).toHaveLength(1);
    expect(body).toMatchObject({
      windowOpensAt: 1080,
      windowClosesAt: 1560,
      deliveryFee: 500,
      freeDeliveryAbove: null,
      zones: [{ country: "IL", city: "", zipPrefix: "", fee: 250 }],
    });
  });

  it("names what does not read: times, amounts and numbers", () => {
    const draft = {
      ...deliveryDraftOf(settings),
      windowOpensAt: "soon",
      capacity: "",
      daysAhead: "two",
      deliveryFee: "five",
      zones: [{ country: "IL", city: "", zipPrefix: "", fee: "" }],
    };
    expect(deliveryBodyOf(draft).bad).toEqual({
      windowOpensAt: "error-field-invalid",
      capacity: "error-field-required",
      daysAhead: "error-field-invalid",
      deliveryFee: "error-field-invalid",
      "zones.0.fee": "error-field-required",
    });
  });

  it("adds, moves and removes zone rows before anything is saved", () => {
    const zones = ["A", "B", "C"].map((city) => ({ country: "", city, zipPrefix: "", fee: "1" }));
    const up = zoneEditOf("zone-up:1");
    expect(up).toEqual({ kind: "up", row: 1 });
    expect(editedZones(zones, up ?? { kind: "add" }).map((z) => z.city)).toEqual(["B", "A", "C"]);
    expect(editedZones(zones, { kind: "up", row: 0 }).map((z) => z.city)).toEqual(["A", "B", "C"]);
    expect(editedZones(zones, { kind: "down", row: 2 }).map((z) => z.city)).toEqual(["A", "B", "C"]);
    expect(editedZones(zones, { kind: "remove", row: 1 }).map((z) => z.city)).toEqual(["A", "C"]);
    expect(editedZones(zones, { kind: "add" })).toHaveLength(4);
    expect(zoneEditOf("save")).toBeNull();
    expect(zoneEditOf("zone-up:x")).toBeNull();
  });

  it("reads a postal option's price and days, and names a row in the console's language", () => {
    const { body, bad } = postOptionBodyOf({
      name: { en: "Parcel", ar: "", he: "" },
      price: "7.5",
      daysMin: "2",
      daysMax: "",
    });
    expect(body).toMatchObject({ price: 750, daysMin: 2 });
    expect(bad).toEqual({ daysMax: "error-field-required" });
    expect(textIn({ en: "Parcel", ar: "", he: "" }, "ar")).toBe("Parcel");
    expect(textIn({ en: "Parcel", ar: "طرد", he: "" }, "ar")).toBe("طرد");
  });
});
