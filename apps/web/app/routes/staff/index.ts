import { redirect } from "react-router";
import { STAFF_HOME_PATH } from "../../staff/staff-paths.ts";

/**
 * `/staff` opens the day's page. (The staff cookie is scoped to `/staff`, which a browser also
 * sends to `/staff/…` but not to `/staff.data`, so no console page lives at the bare path.)
 */
export function loader() {
  return redirect(STAFF_HOME_PATH);
}
