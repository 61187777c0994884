import { PRODUCT_CSV_EXPORT_PAGE } from "@stoa/contract";
import { redirect } from "react-router";
import {
  exportKindOf,
  PRODUCT_IMPORT_PATH,
  productCsvName,
  productCsvStream,
} from "../../staff/product-csv/product-csv-file.ts";
import { staffLoginHref } from "../../staff/staff-paths.ts";
import type { Route } from "./+types/products-export";

/**
 * The shop's products as a CSV file (`?kind=stock`: SKU, name and stock only), streamed a page of
 * the API at a time. The first page is asked before the answer starts, so a role without the
 * catalogue goes to the import page, which says why; the file is never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const url = new URL(request.url);
  if (!storeApi.staffMember) throw redirect(staffLoginHref(`${url.pathname}${url.search}`));
  const kind = exportKindOf(url.searchParams);
  const page = (after: number) =>
    storeApi.pageAnswer("staffProductExport", { query: { after, limit: PRODUCT_CSV_EXPORT_PAGE } });
  const first = await page(0);
  if (!first.ok) throw redirect(PRODUCT_IMPORT_PATH);
  const stream = productCsvStream(kind, first.data, async (after) => {
    const next = await page(after);
    if (!next.ok) throw new Error(`the products export stopped after product ${after}`);
    return next.data;
  });
  const name = productCsvName(kind, url.hostname, new Date().toISOString().slice(0, 10));
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
