import { redirect } from "react-router";
import { staffCouponIdOf as staffIdOf } from "../../staff/coupons/coupon-id.server.ts";
import { staffLoginHref } from "../../staff/staff-paths.ts";
import type { Route } from "./+types/customer-export";

/** Asked for by address, the export is the customer's page: the file comes only from its form's post. */
export async function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/staff/customers/${staffIdOf(params.id)}`);
}

/**
 * Everything the shop keeps about a customer as a JSON file to hand them (decision 060). A post,
 * since each export is audited; the file is never cached.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const customerId = staffIdOf(params.id);
  const url = new URL(request.url);
  if (!storeApi.staffMember) throw redirect(staffLoginHref(`/staff/customers/${customerId}`));
  const outcome = await storeApi.form("staffCustomerExport", { body: { customerId } });
  // A file cannot show a problem: the customer's page does.
  if (!outcome.ok) throw redirect(`/staff/customers/${customerId}`);
  const day = new Date().toISOString().slice(0, 10);
  const name = `${url.hostname}-customer-${customerId}-${day}.json`;
  return new Response(`${JSON.stringify(outcome.data, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
