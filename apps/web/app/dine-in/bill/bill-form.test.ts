import { describe, expect, it } from "vitest";
import { tabCheckoutBodyOf } from "./bill-form.server.ts";

const formOf = (fields: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

const card: [string, string][] = [
  ["number", "4242 4242 4242 4242"],
  ["expiryMonth", "12"],
  ["expiryYear", "2040"],
  ["cvc", "123"],
  ["name", "Maya Cohen"],
];

describe("the bill's pay form as a plain form posts it", () => {
  it("reads part k of N with a percent tip and the typed card", () => {
    const read = tabCheckoutBodyOf(
      formOf([["share", "even"], ["parts", "3"], ["part", "2"], ["tip", "10"], ["way", "card"], ...card]),
    );
    expect(read).toMatchObject({
      ok: true,
      body: {
        share: { kind: "even", parts: 3, part: 2 },
        way: "card",
        tip_option: { type: "percent", value: 10 },
        credit_card: { number: "4242424242424242", expiryMonth: 12 },
      },
    });
  });

  it("reads the dishes ticked and a tip typed in major units", () => {
    const read = tabCheckoutBodyOf(
      formOf([
        ["share", "items"],
        ["lineIds", "4"],
        ["lineIds", "9"],
        ["tip", "amount"],
        ["tipAmount", "2,50"],
        ["way", "card"],
        ...card,
      ]),
    );
    expect(read).toMatchObject({
      ok: true,
      body: { share: { kind: "items", lineIds: [4, 9] }, tip_option: { type: "amount", value: 250 } },
    });
  });

  it("asks nothing of a card at the counter", () => {
    const read = tabCheckoutBodyOf(
      formOf([
        ["share", "whole"],
        ["way", "counter"],
        ["tip", "0"],
      ]),
    );
    expect(read).toMatchObject({
      ok: true,
      body: { share: { kind: "whole" }, way: "counter", credit_card: null, tip_option: null },
    });
  });

  it("names the field in error: a tip that is not money, no dish ticked, a card number missing", () => {
    expect(
      tabCheckoutBodyOf(
        formOf([
          ["share", "whole"],
          ["tip", "amount"],
          ["tipAmount", "lots"],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      fields: { tipAmount: "error-field-invalid" },
    });
    const noDish = tabCheckoutBodyOf(
      formOf([
        ["share", "items"],
        ["way", "counter"],
      ]),
    );
    expect(noDish.ok === false && Object.keys(noDish.fields)).toEqual(["lineIds"]);
    const noCard = tabCheckoutBodyOf(
      formOf([
        ["share", "whole"],
        ["way", "card"],
      ]),
    );
    expect(noCard.ok === false && "number" in noCard.fields).toBe(true);
  });
});
