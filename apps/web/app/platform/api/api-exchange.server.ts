import http from "node:http";
import https from "node:https";
import { ANSWER_REACH_HEADER, CHANGES_SEEN_HEADER, type StoreExchange } from "@stoa/contract";
import { noteAnswerReach } from "./answer-reach.server.ts";

/*
 * The storefront server's calls to the store API, over Node's own HTTP client on kept-alive
 * connections. A page renders after several calls (the home page eight), and with `fetch` each one
 * built a Request, a response stream and an abort signal: together more of a fresh render's CPU
 * than the answers' JSON (docs/benchmarks.md, issue 12). Idle connections close after a few seconds,
 * before the API's server (five) would close them under a call.
 */
const IDLE_CONNECTION_MS = 4_000;
const agents = {
  http: new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  https: new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

export const apiExchange: StoreExchange = ({ method, url, headers, body }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    // A body's length is said up front: no chunked framing for a JSON body known whole.
    const sent =
      body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const call = (secure ? https : http).request(
      target,
      { method, headers: sent, agent: secure ? agents.https : agents.http },
      (response) => {
        const reach = response.headers[ANSWER_REACH_HEADER];
        const seen = response.headers[CHANGES_SEEN_HEADER];
        noteAnswerReach(
          typeof reach === "string" ? reach : undefined,
          typeof seen === "string" ? seen : undefined,
        );
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    call.on("error", reject);
    call.end(body);
  });
