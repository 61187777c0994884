import { describe, expect, it } from "vitest";
import { drawerSide } from "./views.ts";

describe("drawers", () => {
  it("opens start-side drawers on the left in ltr and mirrors them in rtl", () => {
    expect(drawerSide("cart", false)).toBe("right");
    expect(drawerSide("FILTER_VIEW", false)).toBe("left");
    expect(drawerSide("FILTER_VIEW", true)).toBe("right");
    expect(drawerSide("cart", true)).toBe("left");
  });
});
