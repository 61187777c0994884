import { AsyncLocalStorage } from "node:async_hooks";
import { type AnswerReach, joinedReach, reachOfHeader } from "@stoa/contract";

/*
 * What a page rendered for the shared cache shows of the catalogue (decision 069): the reaches the
 * store API names on its answers (the `stoa-reach` header), gathered over every call the render
 * makes. A call answered without one may show any product, so the page then reaches everything.
 */

type Gathering = { reaches: AnswerReach[]; unknown: boolean };
const gathering = new AsyncLocalStorage<Gathering>();

/** Notes one API answer's reach header (absent: unknown) for the render it was made for, if any. */
export function noteAnswerReach(header: string | undefined): void {
  const current = gathering.getStore();
  if (current === undefined) return;
  const reach = header === undefined ? null : reachOfHeader(header);
  if (reach === null) current.unknown = true;
  else current.reaches.push(reach);
}

/** Runs a render, answering its result and what its API calls reach (null: any product). */
export async function gatheringReach<T>(
  render: () => Promise<T>,
): Promise<{ result: T; reach: AnswerReach | null }> {
  const current: Gathering = { reaches: [], unknown: false };
  const result = await gathering.run(current, render);
  return { result, reach: current.unknown ? null : joinedReach(current.reaches) };
}
