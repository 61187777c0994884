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
