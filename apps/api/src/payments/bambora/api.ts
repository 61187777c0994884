import http from "node:http";
import https from "node:https";
import { CURRENCY_FRACTION_DIGITS } from "@stoa/contract";
import type { BamboraAccount, ProviderAccounts } from "../secrets.ts";

/*
 * Bambora's (Worldline North America) REST APIs as their documentation shapes them: JSON bodies,
 * `Authorization: Passcode base64(merchant_id:passcode)` with the payments passcode for
 * /v1/payments, the profiles passcode for /v1/profiles and the reporting passcode for /v1/reports,
 * and amounts as decimal major units.
 * There is no official Node SDK to lean on, so this small client is written by hand.
 */

/** The checkout's `payment_gateway` that pays through Bambora. */
export { BAMBORA_GATEWAY } from "@stoa/contract";

export type BamboraConnection = {
  /** https://api.na.bambora.com unless pointed elsewhere (a fake, a sandbox). */
  baseUrl: string;
  timeoutMs?: number;
};

export type BamboraOptions = {
  accounts: Pick<ProviderAccounts, "bambora">;
  connection: BamboraConnection;
};

// biome-ignore lint/suspicious/noExplicitAny: Bambora's answers are read field by field and checked where used.
export type BamboraJson = Record<string, any>;

export type BamboraAnswer = { status: number; body: BamboraJson };

/**
 * No answer came. `sent` says whether the request may have reached Bambora: a refused connection
 * did not, so nothing can have moved; a timeout or a cut connection may have.
 */
export class BamboraUnreachable extends Error {
  constructor(readonly sent: boolean) {
    super(sent ? "Bambora did not answer" : "Bambora could not be reached");
    this.name = "BamboraUnreachable";
  }
}

const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function wasSent(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return !(code && NOT_SENT.has(code));
}

export type BamboraApi = "payments" | "profiles" | "reports";

/*
 * Requests go through Node's own HTTP client on kept-alive connections rather than `fetch`: a card
 * order is one request to Bambora, and fetch's web streams, abort signals and transferables cost
 * more CPU than the rest of the adapter (docs/benchmarks.md, issue 11's card cost). Idle
 * connections are closed after a few seconds, before a server would close them under a request.
 */
const IDLE_CONNECTION_MS = 4_000;
const connections = {
  "http:": new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  "https:": new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

/** One exchange with Bambora: its status and body, or BamboraUnreachable when no whole answer came. */
function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const send = secure ? https.request : http.request;
    // Bambora is told the body's length up front, as fetch did, rather than sent it in chunks.
    const sent =
      body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const request = send(
      url,
      { method, headers: sent, agent: connections[secure ? "https:" : "http:"] },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          clearTimeout(deadline);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
        });
        response.on("error", () => request.destroy(new BamboraUnreachable(true)));
      },
    );
    // The whole exchange has its deadline, not each silence within it.
    const deadline = setTimeout(() => request.destroy(new BamboraUnreachable(true)), timeoutMs);
    request.on("error", (error) => {
      clearTimeout(deadline);
      reject(error instanceof BamboraUnreachable ? error : new BamboraUnreachable(wasSent(error)));
    });
    request.end(body);
  });
}

export function bamboraClient(options: BamboraOptions) {
  const base = options.connection.baseUrl.replace(/\/$/, "");
  const timeoutMs = options.connection.timeoutMs ?? 30_000;

  function passcodeOf(account: BamboraAccount, api: BamboraApi) {
    if (api === "payments") return account.paymentsPasscode;
    return api === "profiles" ? account.profilesPasscode : account.reportingPasscode;
  }

  /**
   * One request on a store's account; null when the store has no Bambora account, or no passcode
   * for that API (the reporting one is optional).
   */
  return async function request(
    storeId: number,
    api: BamboraApi,
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<BamboraAnswer | null> {
    const account = await options.accounts.bambora(storeId);
    const passcode = account && passcodeOf(account, api);
    if (!account || !passcode) return null;
    const { status, text } = await exchange(
      new URL(`${base}${path}`),
      method,
      {
        authorization: `Passcode ${Buffer.from(`${account.merchantId}:${passcode.reveal()}`).toString("base64")}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body === undefined ? undefined : JSON.stringify(body),
      timeoutMs,
    );
    try {
      return { status, body: text ? (JSON.parse(text) as BamboraJson) : {} };
    } catch {
      // An answer that is not Bambora's JSON came from something in between: what happened is unknown.
      throw new BamboraUnreachable(true);
    }
  };
}

const MINOR_PER_MAJOR = 10 ** CURRENCY_FRACTION_DIGITS;

/** Minor units as the decimal major units Bambora wants (1005 → 10.05), by integer steps. */
export function toBamboraAmount(minor: number): number {
  const whole = Math.trunc(minor / MINOR_PER_MAJOR);
  const fraction = String(minor % MINOR_PER_MAJOR).padStart(CURRENCY_FRACTION_DIGITS, "0");
  return Number(`${whole}.${fraction}`);
}

/** Bambora's decimal amount back in minor units (10.05 → 1005). */
export function fromBamboraAmount(major: unknown): number {
  const text = Number(major).toFixed(CURRENCY_FRACTION_DIGITS);
  return Number(text.replace(".", ""));
}
