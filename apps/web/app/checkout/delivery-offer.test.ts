import type { DeliverySchedule } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  type DeliveryOffering,
  dayLabel,
  shippedTypesOf,
  timesFor,
  windowLabel,
  windowStillOpen,
  windowTimes,
} from "./delivery-offer.ts";

/** Intl writes thin and narrow no-break spaces; what matters here is the words. */
const plain = (text: string) => text.replace(/\s/g, " ");

const window = { start: "2030-01-14T09:00:00.000Z", end: "2030-01-14T10:00:00.000Z" };

describe("delivery windows as the shopper reads them", () => {
  it("shows times in the shop's time zone, not the browser's", () => {
    expect(plain(windowTimes(window, "en", "Europe/Berlin"))).toBe("10:00 – 11:00 AM");
    expect(plain(windowTimes(window, "en", "America/Toronto"))).toBe("4:00 – 5:00 AM");
    expect(plain(windowTimes(window, "he", "Asia/Jerusalem"))).toBe("11:00–12:00");
    expect(plain(windowLabel(window, "en", "Europe/Berlin"))).toBe("Mon, Jan 14, 10:00 – 11:00 AM");
  });

  it("names the shop's calendar day the same wherever the shopper is", () => {
    expect(dayLabel("2030-01-14", "en")).toBe("Mon, Jan 14");
    expect(dayLabel("2030-01-14", "ar")).toContain("14");
  });

  it("knows whether a chosen window is still open", () => {
    const schedule: DeliverySchedule = {
      scheduled: true,
      timezone: "UTC",
      windowMinutes: 60,
      days: [
        {
          date: "2030-01-14",
          windows: [
            { ...window, available: true, remaining: 2, full: false },
            {
              start: "2030-01-14T10:00:00.000Z",
              end: "2030-01-14T11:00:00.000Z",
              available: false,
              remaining: 0,
              full: true,
            },
          ],
        },
      ],
    };
    expect(windowStillOpen(schedule, { start: "2030-01-14T09:00:00Z", end: "2030-01-14T10:00:00Z" })).toBe(
      true,
    );
    expect(
      windowStillOpen(schedule, { start: "2030-01-14T10:00:00.000Z", end: "2030-01-14T11:00:00.000Z" }),
    ).toBe(false);
    expect(
      windowStillOpen(schedule, { start: "2030-01-15T10:00:00.000Z", end: "2030-01-15T11:00:00.000Z" }),
    ).toBe(false);
  });
});

describe("delivery types", () => {
  it("leaves digital goods to their own checkout", () => {
    expect(shippedTypesOf({ deliveryTypes: ["delivery", "pickup", "post", "digital"] })).toEqual([
      "delivery",
      "pickup",
      "post",
    ]);
  });

  it("offers the delivery's windows to a delivery and the pickup times to a pickup, none to a parcel", () => {
    const times = (scheduled: boolean) => ({ scheduled, timezone: "UTC", windowMinutes: 60, days: [] });
    const offering: DeliveryOffering = {
      options: {
        currency: "USD",
        deliveryTypes: ["delivery", "pickup", "post"],
        postOptions: [],
        pickupPoints: [],
      },
      schedule: times(true),
      pickupTimes: times(false),
    };
    expect(timesFor(offering, "delivery")).toBe(offering.schedule);
    expect(timesFor(offering, "pickup")).toBe(offering.pickupTimes);
    expect(timesFor(offering, "post")).toBeNull();
    expect(timesFor(offering, "digital")).toBeNull();
  });
});
