import { describe, expect, it } from "vitest";
import { tokenizationBody, tokenizeCard } from "./bambora-tokenize.ts";

const CARD = { number: "4030000010001234", expiryMonth: 3, expiryYear: 2031, cvc: "123" };

function answering(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const send = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { send, calls };
}

describe("tokenizationBody", () => {
  it("writes the card as Bambora's endpoint takes it", () => {
    expect(tokenizationBody(CARD)).toEqual({
      number: "4030000010001234",
      expiry_month: "03",
      expiry_year: "31",
      cvd: "123",
    });
  });
});

describe("tokenizeCard", () => {
  it("answers the token and sends the card only to the tokenization address, without cookies", async () => {
    const { send, calls } = answering(200, { token: "abc123", code: 1, message: "" });
    expect(await tokenizeCard("https://tokens.example/t", CARD, send)).toEqual({ ok: true, token: "abc123" });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("https://tokens.example/t");
    expect(calls[0]?.init.credentials).toBe("omit");
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ number: CARD.number, cvd: "123" });
  });

  it("says refused when Bambora makes no token of the card", async () => {
    const { send } = answering(200, { code: 3, message: "Invalid card number" });
    expect(await tokenizeCard("https://t", CARD, send)).toEqual({ ok: false, reason: "refused" });
  });

  it("says unreachable when no answer comes or the endpoint fails", async () => {
    const down = (async () => {
      throw new TypeError("network");
    }) as typeof fetch;
    expect(await tokenizeCard("https://t", CARD, down)).toEqual({ ok: false, reason: "unreachable" });
    expect(await tokenizeCard("https://t", CARD, answering(503, {}).send)).toEqual({
      ok: false,
      reason: "unreachable",
    });
  });
});
