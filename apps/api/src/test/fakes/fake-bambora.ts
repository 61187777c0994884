import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cardBrand, cardExpired, luhnValid } from "@stoa/contract";
import { answerLosses, readBody, sendJson } from "./form.ts";

/*
 * A local stand-in for Bambora's (Worldline North America) Payments and Profiles APIs, speaking
 * their documented JSON shapes: `Authorization: Passcode base64(merchant_id:passcode)` (the
 * payments passcode for /v1/payments, the profiles passcode for /v1/profiles), pre-authorizations
 * (`complete: false`) by single-use token or by profile card, completions, returns and voids,
 * amounts in major units. Cards are tokenized at /scripts/tokenization/tokens as the browser does.
 *
 * Cards answer as Bambora's documented test cards do (approved, declined). Bambora lists no card
 * for insufficient funds or an expired card; the fake adds its own, marked below, and declines a
 * card whose expiry has passed with the documented "Invalid expiration date" (message id 14).
 */

export const BAMBORA_APPROVED_CARDS = [
  "4030000010001234",
  "5100000010001004",
  "2223000048400011",
  "371100001000131",
  "6011500080009080",
];
export const BAMBORA_DECLINED_CARDS = [
  "4003050500040005",
  "5100000020002000",
  "342400001000180",
  "6011000900901111",
];
/** The fake's own (not Bambora's): declined by the issuer for lack of funds. */
export const FAKE_BAMBORA_INSUFFICIENT_FUNDS = "4000000000009995";

// biome-ignore lint/suspicious/noExplicitAny: the fake's records are Bambora's JSON, whose shapes it only partly keeps.
type Json = Record<string, any>;

type Card = { number: string; name: string; expiryMonth: number; expiryYear: number };
type Transaction = {
  id: string;
  type: "PA" | "PAC" | "VP" | "R";
  amount: number;
  orderNumber: string;
  card: Card;
  parentId: string | null;
  completed: boolean;
  voided: boolean;
  returned: number;
};
type Profile = { code: string; billing: Json; cards: Map<number, Card>; nextCardId: number };
type Merchant = {
  paymentsPasscode: string;
  profilesPasscode: string;
  reportingPasscode: string | null;
  profiles: Map<string, Profile>;
};

class BamboraFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

/** Bambora's error body: `category` 1 a declined transaction, 3 an invalid request, 4 a failed authentication. */
const failure = (status: number, category: number, code: number, message: string, extra: Json = {}) =>
  new BamboraFailure(status, { code, category, message, reference: "", details: [], ...extra });

const CARD_TYPES = { visa: "VI", mastercard: "MC", amex: "AM", discover: "NN", unknown: "XX" } as const;
const cardType = (number: string) => CARD_TYPES[cardBrand(number)];
const masked = (number: string) => `${number.slice(0, 4)}${"X".repeat(number.length - 8)}${number.slice(-4)}`;
const major = (value: unknown): number => {
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount <= 0 || Number(amount.toFixed(2)) !== amount)
    throw failure(400, 3, 52, "Invalid amount");
  return amount;
};

export type FakeBambora = Awaited<ReturnType<typeof startFakeBambora>>;

/**
 * `reusableTokens`: a token pays any number of times, for a load run that cannot tokenize a card
 * per request; Bambora's own are single-use, as the fake's are by default.
 */
export async function startFakeBambora({ reusableTokens = false }: { reusableTokens?: boolean } = {}) {
  const merchants = new Map<string, Merchant>();
  const tokens = new Map<string, { card: Card; used: boolean }>();
  const transactions = new Map<string, Transaction>();
  let nextTransaction = 10_000_000;
  let preAuthorizations = 0;
  /** Requests seen, by "METHOD /path": what the adapter asked for. */
  const requests: string[] = [];
  const losses = answerLosses({ code: 500, category: 2, message: "Internal error" });
  const losesAnswer = losses.loses;

  function merchantOf(request: IncomingMessage, api: "payments" | "profiles" | "reports"): Merchant {
    const encoded = /^Passcode (\S+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const [merchantId = "", passcode] = Buffer.from(encoded, "base64").toString("utf8").split(":");
    const merchant = merchants.get(merchantId);
    const expected =
      api === "payments"
        ? merchant?.paymentsPasscode
        : api === "profiles"
          ? merchant?.profilesPasscode
          : merchant?.reportingPasscode;
    if (!merchant || !passcode || passcode !== expected) throw failure(401, 4, 21, "Authentication failed");
    return merchant;
  }

  function tokenize(body: Json): Json {
    const number = String(body.number ?? "").replace(/\s/g, "");
    const month = Number(body.expiry_month);
    const year = 2000 + Number(body.expiry_year);
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return { code: 3, message: "Invalid card number" };
    if (!(month >= 1 && month <= 12)) return { code: 3, message: "Invalid expiry date" };
    const token = randomBytes(16).toString("hex");
    tokens.set(token, { card: { number, name: "", expiryMonth: month, expiryYear: year }, used: false });
    return { token, code: 1, version: 1, message: "" };
  }

  function spendToken(token: Json | undefined): Card {
    const found = tokens.get(String(token?.code ?? ""));
    if (!found || found.used) throw failure(400, 3, 314, "Invalid or used token");
    found.used = !reusableTokens;
    return { ...found.card, name: String(token?.name ?? "") };
  }

  /** What the issuer says to a pre-authorization of this card: null when it approves. */
  function issuerRefusal(card: Card): { message_id: number; message: string } | null {
    if (cardExpired(card.expiryMonth, card.expiryYear, new Date()))
      return { message_id: 14, message: "Invalid expiration date" };
    if (card.number === FAKE_BAMBORA_INSUFFICIENT_FUNDS)
      return { message_id: 7, message: "Insufficient funds" };
    if (BAMBORA_APPROVED_CARDS.includes(card.number)) return null;
    return { message_id: 7, message: "DECLINE" };
  }

  function record(
    type: Transaction["type"],
    amount: number,
    orderNumber: string,
    card: Card,
    parentId: string | null,
  ): Transaction {
    const transaction = {
      id: String(nextTransaction++),
      type,
      amount,
      orderNumber,
      card,
      parentId,
      completed: false,
      voided: false,
      returned: 0,
    };
    transactions.set(transaction.id, transaction);
    return transaction;
  }

  const answerOf = (transaction: Transaction): Json => ({
    id: transaction.id,
    authorizing_merchant_id: 300_200_578,
    approved: "1",
    message_id: "1",
    message: "Approved",
    auth_code: "TEST",
    created: new Date().toISOString(),
    order_number: transaction.orderNumber,
    type: transaction.type,
    payment_method: "CC",
    amount: transaction.amount,
    card: { card_type: cardType(transaction.card.number), last_four: transaction.card.number.slice(-4) },
    links: [{ rel: "complete", href: `/v1/payments/${transaction.id}/completions`, method: "POST" }],
  });

  function pay(merchant: Merchant, body: Json): Json {
    const amount = major(body.amount);
    const orderNumber = String(body.order_number ?? "");
    if (orderNumber.length > 30) throw failure(400, 3, 52, "Invalid order number");
    let card: Card;
    let complete: unknown;
    if (body.payment_method === "token") {
      card = spendToken(body.token);
      complete = body.token?.complete;
    } else if (body.payment_method === "payment_profile") {
      const profile = merchant.profiles.get(String(body.payment_profile?.customer_code ?? ""));
      const saved = profile?.cards.get(Number(body.payment_profile?.card_id));
      if (!saved) throw failure(400, 3, 19, "Card not found in payment profile");
      card = saved;
      complete = body.payment_profile?.complete;
    } else throw failure(400, 3, 49, "Invalid transaction request string");
    if (complete !== false) throw failure(400, 3, 50, "The fake takes pre-authorizations only");
    preAuthorizations += 1;
    const refusal = issuerRefusal(card);
    if (refusal) {
      const declined = record("PA", amount, orderNumber, card, null);
      transactions.delete(declined.id);
      throw failure(402, 1, refusal.message_id, refusal.message, {
        validation: {
          id: declined.id,
          approved: 0,
          ...refusal,
          order_number: orderNumber,
          type: "PA",
          amount,
        },
      });
    }
    return answerOf(record("PA", amount, orderNumber, card, null));
  }

  function adjust(id: string, action: string, body: Json): Json {
    const transaction = transactions.get(id);
    if (!transaction) throw failure(404, 3, 404, "Transaction not found");
    const amount = major(body.amount);
    switch (action) {
      case "completions": {
        if (transaction.type !== "PA" || transaction.completed || transaction.voided)
          throw failure(400, 3, 56, "Transaction cannot be completed");
        if (amount > transaction.amount)
          throw failure(400, 3, 208, "Completion greater than remaining reserve amount");
        transaction.completed = true;
        return answerOf(record("PAC", amount, transaction.orderNumber, transaction.card, id));
      }
      case "void": {
        if (transaction.type !== "PA" || transaction.completed || transaction.voided)
          throw failure(400, 3, 56, "Transaction cannot be voided");
        if (amount !== transaction.amount) throw failure(400, 3, 56, "A void is for the whole amount");
        transaction.voided = true;
        return answerOf(record("VP", amount, transaction.orderNumber, transaction.card, id));
      }
      case "returns": {
        if (transaction.type !== "PAC") throw failure(400, 3, 56, "Transaction cannot be returned");
        if (amount > transaction.amount - transaction.returned)
          throw failure(400, 3, 208, "Return amount exceeds the amount left on the transaction");
        transaction.returned += amount;
        return answerOf(record("R", amount, transaction.orderNumber, transaction.card, id));
      }
      default:
        throw failure(404, 3, 404, "Not found");
    }
  }

  const ok = (extra: Json = {}) => ({ code: 1, message: "Operation Successful", ...extra });
  const cardsOf = (profile: Profile) =>
    [...profile.cards].map(([id, card]) => ({
      card_id: id,
      function: "CC",
      name: card.name,
      number: masked(card.number),
      expiry_month: String(card.expiryMonth).padStart(2, "0"),
      expiry_year: String(card.expiryYear % 100).padStart(2, "0"),
      card_type: cardType(card.number),
    }));

  function addProfileCard(profile: Profile, token: Json | undefined): number {
    const card = spendToken(token);
    if (cardExpired(card.expiryMonth, card.expiryYear, new Date()))
      throw failure(400, 3, 14, "Invalid expiration date");
    const id = profile.nextCardId++;
    profile.cards.set(id, card);
    return id;
  }

  function profiles(merchant: Merchant, method: string, parts: string[], body: Json): Json {
    const [code, sub, cardId] = parts;
    if (!code) {
      if (method !== "POST") throw failure(404, 3, 404, "Not found");
      const customerCode = String(body.customer_code ?? randomBytes(16).toString("hex"));
      if (customerCode.length > 32) throw failure(400, 3, 52, "Invalid customer code");
      if (merchant.profiles.has(customerCode)) throw failure(400, 3, 17, "Duplicate customer code");
      const profile: Profile = {
        code: customerCode,
        billing: body.billing ?? {},
        cards: new Map(),
        nextCardId: 1,
      };
      if (body.token) addProfileCard(profile, body.token);
      merchant.profiles.set(customerCode, profile);
      return ok({ customer_code: customerCode });
    }
    const profile = merchant.profiles.get(code);
    if (!profile) throw failure(404, 3, 404, "Payment profile not found");
    if (!sub && method === "GET")
      return ok({ customer_code: profile.code, status: "A", billing: profile.billing });
    if (!sub && method === "PUT") {
      profile.billing = { ...profile.billing, ...(body.billing ?? {}) };
      return ok({ customer_code: profile.code });
    }
    if (sub !== "cards") throw failure(404, 3, 404, "Not found");
    if (method === "GET" && !cardId) return ok({ card: cardsOf(profile) });
    if (method === "POST" && !cardId)
      return ok({ customer_code: profile.code, card_id: addProfileCard(profile, body.token) });
    if (method === "DELETE" && cardId) {
      if (!profile.cards.delete(Number(cardId)))
        throw failure(404, 3, 404, "Card not found in payment profile");
      return ok({ customer_code: profile.code });
    }
    throw failure(404, 3, 404, "Not found");
  }

  /**
   * The Reporting API's transaction search, as far as the adapter uses it: criteria on the order
   * number (field 5, operator "%3D"), answered as `records` rows with Bambora's `trn_` names.
   */
  function search(body: Json): Json {
    if (body.name !== "Search") throw failure(400, 3, 52, "Invalid report name");
    const criteria = Array.isArray(body.criteria) ? body.criteria : [];
    const wanted = criteria.find((c: Json) => String(c.field) === "5" && c.operator === "%3D")?.value;
    const records = [...transactions.values()]
      .filter((transaction) => wanted === undefined || transaction.orderNumber === String(wanted))
      .map((transaction, index) => ({
        row_id: index + 1,
        trn_id: Number(transaction.id),
        trn_type: transaction.type,
        trn_order_number: transaction.orderNumber,
        trn_approved: 1,
        trn_amount: transaction.amount,
      }));
    return { records };
  }

  function route(request: IncomingMessage, path: string, body: Json): Json {
    const method = request.method ?? "GET";
    if (method === "POST" && path === "/scripts/tokenization/tokens") return tokenize(body);
    const [version, resource, ...rest] = path.split("/").filter(Boolean);
    if (version !== "v1") throw failure(404, 3, 404, "Not found");
    if (resource === "payments") {
      const merchant = merchantOf(request, "payments");
      const [id, action] = rest;
      if (method === "POST" && !id) return pay(merchant, body);
      if (method === "GET" && id && !action) {
        const transaction = transactions.get(id);
        if (!transaction) throw failure(404, 3, 404, "Transaction not found");
        return answerOf(transaction);
      }
      if (method === "POST" && id && action) return adjust(id, action, body);
    }
    if (resource === "profiles") return profiles(merchantOf(request, "profiles"), method, rest, body);
    if (resource === "reports" && method === "POST") {
      merchantOf(request, "reports");
      return search(body);
    }
    throw failure(404, 3, 404, "Not found");
  }

  const server: Server = createServer(async (request, response) => {
    try {
      const text = await readBody(request);
      const body = text ? JSON.parse(text) : {};
      const url = new URL(request.url ?? "/", "http://fake-bambora");
      requests.push(`${request.method} ${url.pathname}`);
      const answered = route(request, url.pathname, body);
      if (losesAnswer(request.method ?? "GET", url.pathname, request, response)) return;
      sendJson(response, 200, answered);
    } catch (error) {
      if (error instanceof BamboraFailure) sendJson(response, error.status, error.body);
      else sendJson(response, 500, { code: 500, category: 2, message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    /** Pre-authorizations asked for, declined ones included: how many times a card was charged. */
    get preAuthorizations() {
      return preAuthorizations;
    },
    /** Order numbers of the pre-authorizations still held on a card: neither completed nor voided. */
    get holds() {
      return [...transactions.values()]
        .filter((transaction) => transaction.type === "PA" && !transaction.completed && !transaction.voided)
        .map((transaction) => transaction.orderNumber);
    },
    requests,
    addMerchant(
      merchantId: string,
      paymentsPasscode: string,
      profilesPasscode: string,
      reportingPasscode: string | null = null,
    ): void {
      merchants.set(merchantId, {
        paymentsPasscode,
        profilesPasscode,
        reportingPasscode,
        profiles: new Map(),
      });
    },
    /** Tokenizes a card as the storefront's page does in the browser; answers the single-use token. */
    async tokenize(
      number: string,
      expiry: { month: number; year: number } = { month: 12, year: 2099 },
      cvd = "123",
    ) {
      const answer = await fetch(`${url}/scripts/tokenization/tokens`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          number,
          expiry_month: String(expiry.month).padStart(2, "0"),
          expiry_year: String(expiry.year % 100).padStart(2, "0"),
          cvd,
        }),
      });
      const body = (await answer.json()) as { token?: string; message: string };
      if (!body.token) throw new Error(`the fake did not tokenize ${number}: ${body.message}`);
      return body.token;
    },
    /**
     * From now on, requests of `method` to a path matching `path` are carried out (money moves)
     * but their answer is lost on the way back: the connection is cut (`reset`) or a 500 comes
     * instead (`server_error`), as a timeout or a failing proxy would do. Until `answerAgain`.
     */
    loseAnswers: losses.lose,
    answerAgain: losses.clear,
    stop(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
