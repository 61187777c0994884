import { AsyncLocalStorage } from "node:async_hooks";
import { type AnswerReach, joinedReach, reachOfHeader } from "@stoa/contract";

/*
 * What a page rendered for the shared cache shows of the catalogue (decision 069): the reaches the
 * store API names on its answers (the `stoa-reach` header), gathered over every call the render
 * makes. A call answered without one may show any product, so the page then reaches everything.
 *
 * And the last product change every answer showing products was made knowing of (the
 * `stoa-changes-seen` header, the least of them): the page cannot predate a change up to it.
 */

type Gathering = { reaches: AnswerReach[]; unknown: boolean; seen: number };
const gathering = new AsyncLocalStorage<Gathering>();

/**
 * Notes one API answer's reach header (absent: unknown) and the change it was made knowing of
 * (absent: none known) for the render it was made for, if any.
 */
export function noteAnswerReach(header: string | undefined, seenHeader?: string): void {
  const current = gathering.getStore();
  if (current === undefined) return;
  const reach = header === undefined ? null : reachOfHeader(header);
  if (reach === null) current.unknown = true;
  else current.reaches.push(reach);
  // An answer showing no product (the shop's settings) tells nothing of product changes.
  if (reach !== null && reach.shows.size === 0 && reach.lists.length === 0) return;
  const seen = seenHeader === undefined ? Number.NaN : Number(seenHeader);
  current.seen = Number.isSafeInteger(seen) ? Math.min(current.seen, seen) : Number.NEGATIVE_INFINITY;
}

/**
 * Runs a render, answering its result, what its API calls reach (null: any product) and the last
 * product change all of them knew of (-Infinity: not known).
 */
export async function gatheringReach<T>(
  render: () => Promise<T>,
): Promise<{ result: T; reach: AnswerReach | null; seen: number }> {
  const current: Gathering = { reaches: [], unknown: false, seen: Number.POSITIVE_INFINITY };
  const result = await gathering.run(current, render);
  return {
    result,
    reach: current.unknown ? null : joinedReach(current.reaches),
    // A render that asked nothing of products predates no product change.
    seen: current.seen,
  };
}
