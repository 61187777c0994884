import type { CreditCard } from "@stoa/contract";

/** A checked card as Bambora's tokenization endpoint takes it: two-digit month and year, the code as `cvd`. */
export function tokenizationBody(card: Pick<CreditCard, "number" | "expiryMonth" | "expiryYear" | "cvc">) {
  const two = (value: number) => String(value).padStart(2, "0").slice(-2);
  return {
    number: card.number,
    expiry_month: two(card.expiryMonth),
    expiry_year: two(card.expiryYear),
    cvd: String(card.cvc),
  };
}

/** The single-use token, or why Bambora would not make one (its message, for the form). */
export type Tokenized = { ok: true; token: string } | { ok: false; reason: "refused" | "unreachable" };

/**
 * Sends the card from the browser straight to Bambora's tokenization endpoint, as Bambora's own
 * checkout script does: the number never reaches Stoa, which gets only the token.
 */
export async function tokenizeCard(
  url: string,
  card: Parameters<typeof tokenizationBody>[0],
  send: typeof fetch = fetch,
): Promise<Tokenized> {
  let answer: Response;
  try {
    answer = await send(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(tokenizationBody(card)),
      credentials: "omit",
    });
  } catch {
    return { ok: false, reason: "unreachable" };
  }
  const body = (await answer.json().catch(() => null)) as { token?: unknown } | null;
  if (!answer.ok && answer.status >= 500) return { ok: false, reason: "unreachable" };
  return typeof body?.token === "string" && body.token !== ""
    ? { ok: true, token: body.token }
    : { ok: false, reason: "refused" };
}
