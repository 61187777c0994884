import { isRouteErrorResponse } from "react-router";

/** Why a page could not be shown; the problem page picks its texts by this. */
export const PAGE_PROBLEMS = [
  "not-found",
  "product-not-found",
  "link-expired",
  "no-shop",
  "unavailable",
  "method-not-allowed",
  /** A console page the member's role may not open (STAFF_ROLE_FORBIDDEN). */
  "staff-role",
] as const;
export type PageProblem = (typeof PAGE_PROBLEMS)[number];

/** The problem a thrown route error stands for; unexpected errors count as "unavailable". */
export function problemOf(error: unknown): PageProblem {
  if (isRouteErrorResponse(error)) {
    const problem: unknown = (error.data as { problem?: unknown } | null)?.problem;
    if (typeof problem === "string" && (PAGE_PROBLEMS as readonly string[]).includes(problem)) {
      return problem as PageProblem;
    }
    if (error.status === 404) return "not-found";
    if (error.status === 405) return "method-not-allowed";
  }
  return "unavailable";
}
