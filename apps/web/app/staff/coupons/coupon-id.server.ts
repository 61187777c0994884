import { pageProblem } from "../../platform/api/page-answer.server.ts";

/** The coupon id of a console address (`/staff/coupons/:id`), or the not-found page: `/staff/coupons/abc` is none. */
export function staffCouponIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!/^\d{1,9}$/.test(param ?? "") || id < 1) throw pageProblem("not-found", 404);
  return id;
}
