import { type EndpointName, ERRORS, StoreApiUnavailable, type StoreCallResult } from "@stoa/contract";
import { data } from "react-router";
import type { PageProblem } from "./page-problem.ts";

export function pageProblem(problem: PageProblem, status: number) {
  return data({ problem }, { status });
}

type StoreAnswer<N extends EndpointName> =
  | { ok: true; data: NonNullable<StoreCallResult<N>["data"]> }
  | { ok: false; problem: PageProblem; status: number };

/**
 * The data of a store call, or the problem page it leads to: an unknown shop and missing records
 * are 404s, an unreachable or failing API a 503 "shop unavailable".
 */
export async function storeAnswer<N extends EndpointName>(
  call: Promise<StoreCallResult<N>>,
  notFound: PageProblem = "not-found",
): Promise<StoreAnswer<N>> {
  let result: StoreCallResult<N>;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof StoreApiUnavailable) return { ok: false, problem: "unavailable", status: 503 };
    throw error;
  }
  if (result.code === "0" && result.data != null) return { ok: true, data: result.data };
  if (result.code === ERRORS.STORE_NOT_FOUND.code) return { ok: false, problem: "no-shop", status: 404 };
  if (result.status === 404) return { ok: false, problem: notFound, status: 404 };
  return { ok: false, problem: "unavailable", status: 503 };
}

/** Like storeAnswer, but throws the problem as the route's error response. */
export async function storeData<N extends EndpointName>(
  call: Promise<StoreCallResult<N>>,
  notFound: PageProblem = "not-found",
): Promise<NonNullable<StoreCallResult<N>["data"]>> {
  const answer = await storeAnswer(call, notFound);
  if (!answer.ok) throw pageProblem(answer.problem, answer.status);
  return answer.data;
}
