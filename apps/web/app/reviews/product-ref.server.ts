import { PRODUCT_ID } from "../catalogue/product/product-path.ts";
import { pageProblem } from "../platform/api/page-answer.server.ts";

/** The product id of a review, question or report address, or the not-found page. */
export function reviewedProductIdOf(param: string | undefined): number {
  if (!param || !PRODUCT_ID.test(param)) throw pageProblem("product-not-found", 404);
  return Number(param);
}
