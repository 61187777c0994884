import type { ErrorName } from "@stoa/contract";
import { ApiError } from "../platform/http/errors.ts";

/**
 * A state machine's one table: for each status, the events it accepts and the status each leads
 * to. A status with no events is final.
 */
export type TransitionTable<S extends string, E extends string> = Readonly<
  Record<S, Readonly<Partial<Record<E, S>>>>
>;

const REFUSED: ErrorName = "TRANSITION_REFUSED";

/**
 * A move the table does not allow. The caller gets the translated TRANSITION_REFUSED envelope; the
 * log and a developer get which machine refused what.
 */
export class TransitionRefused extends ApiError {
  constructor(
    readonly machine: string,
    readonly from: string,
    readonly event: string,
  ) {
    super(REFUSED);
    this.message = `${machine} status "${from}" does not accept "${event}"`;
  }
}

/** The status `event` moves `from` to, or TransitionRefused: a status never changes silently. */
export function nextStatus<S extends string, E extends string>(
  machine: string,
  table: TransitionTable<S, E>,
  from: S,
  event: E,
): S {
  // Own keys only: an event named like an Object method must not find one on the prototype.
  const moves = Object.hasOwn(table, from) ? table[from] : undefined;
  const to = moves && Object.hasOwn(moves, event) ? moves[event] : undefined;
  if (to === undefined) throw new TransitionRefused(machine, from, event);
  return to;
}
