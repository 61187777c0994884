import { staffOrderIdBodySchema } from "@stoa/contract";
import { pageProblem } from "../../platform/api/page-answer.server.ts";

/** The order id of a console address (`/staff/orders/:id`), or the not-found page: `/staff/orders/abc` is no order. */
export function staffOrderIdOf(param: string | undefined): number {
  const check = staffOrderIdBodySchema.safeParse({ orderId: param });
  if (!check.success || !/^\d+$/.test(param ?? "")) throw pageProblem("not-found", 404);
  return check.data.orderId;
}
