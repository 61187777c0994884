import { guestName } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { boardStateOf, versionOf } from "./board.ts";
import { kitchenMoveAllowed } from "./kitchen.ts";
import { roundDigest } from "./rounds.ts";

const table = {
  active: true,
  status: "open" as const,
  confirmed: true,
  counterAsked: false,
  held: 0,
  cooking: 0,
};

describe("how a table stands on the board", () => {
  it("is free or inactive without a tab", () => {
    expect(boardStateOf({ ...table, status: null })).toBe("free");
    expect(boardStateOf({ ...table, status: null, active: false })).toBe("inactive");
  });
  it("asks for the bill before anything else, then waits for staff, then for food", () => {
    expect(boardStateOf({ ...table, status: "billing", confirmed: false })).toBe("billAsked");
    expect(boardStateOf({ ...table, counterAsked: true, cooking: 2 })).toBe("billAsked");
    expect(boardStateOf({ ...table, confirmed: false, held: 1 })).toBe("unconfirmed");
    expect(boardStateOf({ ...table, cooking: 1 })).toBe("waitingForFood");
    expect(boardStateOf(table)).toBe("ordering");
  });
  it("has a version that moves with what it shows", () => {
    expect(versionOf([1, 2])).toBe(versionOf([1, 2]));
    expect(versionOf([1, 2])).not.toBe(versionOf([2, 1]));
  });
});

describe("kitchen moves", () => {
  it("go one step forward or back, never from held", () => {
    expect(kitchenMoveAllowed("sent", "preparing")).toBe(true);
    expect(kitchenMoveAllowed("sent", "served")).toBe(false);
    expect(kitchenMoveAllowed("preparing", "served")).toBe(true);
    expect(kitchenMoveAllowed("preparing", "sent")).toBe(true);
    expect(kitchenMoveAllowed("served", "preparing")).toBe(true);
    expect(kitchenMoveAllowed("served", "sent")).toBe(false);
    expect(kitchenMoveAllowed("held", "preparing")).toBe(false);
  });
});

describe("a round's fingerprint", () => {
  const line = { productId: 1, variationId: null, addOns: { sauce: ["a", "b"] }, quantity: 2, note: "" };
  it("is the same for the same dishes whatever order add-ons were picked in", () => {
    expect(roundDigest([line])).toBe(roundDigest([{ ...line, addOns: { sauce: ["b", "a"] } }]));
  });
  it("differs with a quantity, a note or a dish", () => {
    expect(roundDigest([line])).not.toBe(roundDigest([{ ...line, quantity: 3 }]));
    expect(roundDigest([line])).not.toBe(roundDigest([{ ...line, note: "hot" }]));
    expect(roundDigest([line])).not.toBe(roundDigest([line, line]));
  });
});

describe("an unnamed diner", () => {
  it("is Guest n in the language they scanned in", () => {
    expect(guestName(2, "en")).toBe("Guest 2");
    expect(guestName(3, "he")).toBe("אורח 3");
  });
});
