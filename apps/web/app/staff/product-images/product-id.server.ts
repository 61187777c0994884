import { pageProblem } from "../../platform/api/page-answer.server.ts";

/** The product id of a console address (`/staff/products/:id/images`), or the not-found page. */
export function staffProductIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!/^\d{1,9}$/.test(param ?? "") || id < 1) throw pageProblem("not-found", 404);
  return id;
}
