import type { IncomingMessage, ServerResponse } from "node:http";

/*
 * What the fake providers share: reading a request body and answering JSON. Stripe's API takes
 * form-encoded bodies with bracketed keys (`metadata[store]=41`, `expand[0]=payment_method`),
 * which `parseForm` turns back into the nested values the SDK sent.
 */

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

type FormValue = string | FormObject | FormValue[];
type FormObject = { [key: string]: FormValue };

/** Objects whose keys are 0, 1, 2… were arrays when the client encoded them. */
function arraysBack(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysBack(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index)))
    return entries.map(([, item]) => item);
  return Object.fromEntries(entries);
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const [head = "", ...rest] = name
      .split("[")
      .map((part, index) => (index === 0 ? part : part.replace(/]$/, "")));
    const path = [head, ...rest];
    let node: FormObject = root;
    path.forEach((segment, index) => {
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) node[key] = value;
      else {
        const next = node[key];
        node[key] = typeof next === "object" && !Array.isArray(next) ? next : {};
        node = node[key] as FormObject;
      }
    });
  }
  return arraysBack(root) as FormObject;
}

/** How a fake loses an answer: the connection cut after the work is done, or a 500 in its place. */
export type AnswerLoss = "reset" | "server_error";

/**
 * The fakes' switch for "the provider took the money but the answer was lost": requests that
 * match are carried out, and then the answer never arrives as it should.
 */
export function answerLosses(serverError: unknown) {
  let rules: { method: string; path: RegExp; how: AnswerLoss }[] = [];
  return {
    lose(method: string, path: RegExp, how: AnswerLoss = "reset"): void {
      rules.push({ method, path, how });
    },
    clear(): void {
      rules = [];
    },
    /** Loses this request's answer if a rule says so; true when nothing more must be sent. */
    loses(method: string, path: string, request: IncomingMessage, response: ServerResponse): boolean {
      const rule = rules.find((candidate) => candidate.method === method && candidate.path.test(path));
      if (!rule) return false;
      if (rule.how === "reset") request.socket.destroy();
      else sendJson(response, 500, serverError);
      return true;
    },
  };
}
