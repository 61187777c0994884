import { PRODUCT_ID } from "../../catalogue/product/product-path.ts";
import type { Route } from "./+types/product.related";

/**
 * A product's "you may also like" shelf, for the browser to ask once the shopper scrolls near it
 * (decision 031). Read from the same product answer as the page, so the two always agree.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!PRODUCT_ID.test(params.id)) return Response.json({ products: [] }, { status: 404 });
  const answer = await context.storeApi.pageAnswer("productInfo", { params: { id: Number(params.id) } });
  if (!answer.ok) return Response.json({ products: [] }, { status: answer.status });
  return Response.json({ products: answer.data.related });
}
