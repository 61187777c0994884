import { redirect } from "react-router";
import { STAFF_LOGIN_PATH } from "../../staff/staff-paths.ts";
import type { Route } from "./+types/logout";

/**
 * Signs the member of staff out: the API ends the session (or, with `everywhere`, every session of
 * the member, on every device) and the cookie goes, whatever the API answered (an ended or
 * unreachable session must still be left), then the sign-in page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData().catch(() => null);
  const everywhere = form?.get("everywhere") === "1";
  if (storeApi.staffMember) await storeApi.send(everywhere ? "staffLogoutEverywhere" : "staffLogout", {});
  return redirect(`${STAFF_LOGIN_PATH}?signedOut=1`, {
    headers: { "Set-Cookie": storeApi.endedStaffSessionCookie() },
  });
}

/** A GET only asks: signing out changes state, so it takes the shell's POST. */
export function loader() {
  return redirect(STAFF_LOGIN_PATH);
}
