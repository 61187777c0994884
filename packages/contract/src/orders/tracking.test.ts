import { describe, expect, it } from "vitest";
import { parcelTracking, parcelTrackingInputSchema } from "./tracking.ts";

describe("parcel tracking", () => {
  it("links a known carrier's page for the number, and none for another carrier", () => {
    expect(parcelTracking("ups", "1Z999AA10123456784")).toEqual({
      carrier: "ups",
      carrierName: "UPS",
      number: "1Z999AA10123456784",
      link: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
    expect(parcelTracking("other", "AB-12345")).toMatchObject({ carrierName: "", link: null });
  });

  it("takes a number as printed in groups, and refuses what no carrier prints", () => {
    expect(parcelTrackingInputSchema.parse({ carrier: "dhl", number: " 1234 5678 90 " })).toEqual({
      carrier: "dhl",
      number: "1234567890",
    });
    for (const number of ["", "12", "12345678<script>", "a/../b1234", "x".repeat(41)]) {
      expect(parcelTrackingInputSchema.safeParse({ carrier: "dhl", number }).success, number).toBe(false);
    }
    expect(parcelTrackingInputSchema.safeParse({ carrier: "pigeon", number: "12345" }).success).toBe(false);
  });
});
