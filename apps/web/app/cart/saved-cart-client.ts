import type { LineNames, Locale, SavedCartLineInput } from "@stoa/contract";
import { SESSION_ENDED_CODES } from "../platform/session/auth-state.ts";
import type { SavedCartAnswer } from "./cart-sync.ts";
import type { SavedCartOutcome, SavedCartTransport, SyncFailure } from "./cart-syncer.ts";

/** The storefront route that carries the saved cart to and from the store API. */
export const SAVED_CART_PATH = "/cart/saved";

/** What the browser asks of the cart route: read the saved cart, merge into it, or replace it. */
export type SavedCartRequest =
  | { intent: "read"; known: string[] }
  | { intent: "merge"; items: SavedCartLineInput[]; known: string[] }
  | { intent: "save"; items: SavedCartLineInput[] };

type RouteAnswer = ({ ok: true } & Partial<SavedCartAnswer>) | { ok: false; code?: string };

async function ask(
  request: SavedCartRequest,
  keepalive = false,
): Promise<({ ok: true } & Partial<SavedCartAnswer>) | SyncFailure> {
  try {
    const response = await fetch(SAVED_CART_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
      keepalive,
    });
    const answer = (await response.json()) as RouteAnswer;
    if (answer.ok) return answer;
    return { ok: false, sessionEnded: SESSION_ENDED_CODES.has(answer.code ?? "") };
  } catch {
    // Offline, or an answer that is not JSON: tried again at the next change.
    return { ok: false, sessionEnded: false };
  }
}

async function savedCart(request: SavedCartRequest): Promise<SavedCartOutcome> {
  const answer = await ask(request);
  if (!answer.ok) return answer;
  return { ok: true, saved: { items: answer.items ?? [], options: answer.options ?? {} } };
}

/** The saved cart reached through the storefront, which holds the session cookie. */
export const savedCartTransport: SavedCartTransport = {
  merge: (items, known) => savedCart({ intent: "merge", items, known }),
  read: (known) => savedCart({ intent: "read", known }),
  async save(items) {
    const answer = await ask({ intent: "save", items }, true);
    return answer.ok ? { ok: true } : answer;
  },
};

/** The storefront route that names cart lines in a language. */
export const CART_NAMES_PATH = "/cart/names";

/** The lines' names in `locale` by line id, or null when they could not be had (tried at the next page). */
export async function lineNamesIn(
  locale: Locale,
  items: SavedCartLineInput[],
): Promise<Record<string, LineNames> | null> {
  try {
    const response = await fetch(CART_NAMES_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ locale, items }),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as { ok: boolean; names?: Record<string, LineNames> };
    return answer.ok && answer.names ? answer.names : null;
  } catch {
    return null;
  }
}
