import { ERRORS, SUCCESS_CODE } from "@stoa/contract";
import { data } from "react-router";
import type { PageProblem } from "./page-problem.ts";

/** The problem page as a route's error response; thrown by loaders, caught by the error boundary. */
export function pageProblem(problem: PageProblem, status: number) {
  return data({ problem }, { status });
}

/** A store call as a page sees it: its data, or the problem page it leads to. */
export type PageAnswer<D> = { ok: true; data: D } | { ok: false; problem: PageProblem; status: number };

/**
 * An unknown shop and missing records are 404s, an unreachable (`null`) or failing API a 503 "shop
 * unavailable".
 */
export function pageAnswerOf<D>(
  result: { code: string; status: number; data: D | null | undefined } | null,
  notFound: PageProblem,
): PageAnswer<NonNullable<D>> {
  if (!result) return { ok: false, problem: "unavailable", status: 503 };
  if (result.code === SUCCESS_CODE && result.data != null) return { ok: true, data: result.data };
  if (result.code === ERRORS.STORE_NOT_FOUND.code) return { ok: false, problem: "no-shop", status: 404 };
  if (result.code === ERRORS.STAFF_ROLE_FORBIDDEN.code)
    return { ok: false, problem: "staff-role", status: 403 };
  if (result.status === 404) return { ok: false, problem: notFound, status: 404 };
  // A link that worked once and has expired (a guest's link to an order) is not an outage.
  if (result.status === 410) return { ok: false, problem: "link-expired", status: 410 };
  return { ok: false, problem: "unavailable", status: 503 };
}
