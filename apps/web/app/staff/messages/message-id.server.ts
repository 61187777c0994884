import { staffContactMarkBodySchema } from "@stoa/contract";
import { pageProblem } from "../../platform/api/page-answer.server.ts";

/** The message id of a console address (`/staff/messages/:id`), or the not-found page. */
export function contactMessageIdOf(param: string | undefined): number {
  const check = staffContactMarkBodySchema.shape.id.safeParse(param);
  if (!check.success || !/^\d+$/.test(param ?? "")) throw pageProblem("not-found", 404);
  return check.data;
}
