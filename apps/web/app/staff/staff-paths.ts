import { roleMay, type StaffPermission, type StaffRole } from "@stoa/contract";
import { safeRedirect } from "../platform/session/safe-redirect.ts";

/** The console's pages live under this path, and the staff session cookie goes nowhere else. */
export const STAFF_PATH = "/staff";

/** The console's sign-in page, where every console page sends a visitor without a staff session. */
export const STAFF_LOGIN_PATH = `${STAFF_PATH}/login`;

/** The console's first page after signing in. */
export const STAFF_HOME_PATH = `${STAFF_PATH}/today`;

/**
 * Where a member starts when the day's page is not theirs: the first place their role opens, in the
 * order of a shop's day (a kitchen member lands on the kitchen screen, not on a refusal).
 */
const FIRST_PLACES: readonly (readonly [StaffPermission, string])[] = [
  ["orders", STAFF_HOME_PATH],
  ["tables", `${STAFF_PATH}/board`],
  ["kitchen", `${STAFF_PATH}/kitchen`],
];

export function staffStartOf(role: StaffRole): string {
  return FIRST_PLACES.find(([permission]) => roleMay(role, permission))?.[1] ?? STAFF_HOME_PATH;
}

/** A path of the console: `/staff` itself or anything under `/staff/`, never `/staffroom`. */
export function isStaffPath(pathname: string): boolean {
  return (
    pathname === STAFF_PATH || pathname === `${STAFF_PATH}.data` || pathname.startsWith(`${STAFF_PATH}/`)
  );
}

/**
 * Where the sign-in page leads once signed in: the console page asked for, or the console's first
 * page. Only a console page of this site is followed (`//evil.example`, `/staff/../x`, the shop's
 * own pages and the sign-in page itself are not).
 */
export function staffReturnPath(asked: unknown): string {
  const path = safeRedirect(typeof asked === "string" ? asked : null, STAFF_HOME_PATH);
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (!isStaffPath(pathname) || pathname === STAFF_PATH || pathname.startsWith(STAFF_LOGIN_PATH))
    return STAFF_HOME_PATH;
  return path;
}

/** The sign-in page that leads back to `path` (a console page) once signed in. */
export function staffLoginHref(path: string): string {
  const back = staffReturnPath(path);
  return back === STAFF_HOME_PATH ? STAFF_LOGIN_PATH : `${STAFF_LOGIN_PATH}?next=${encodeURIComponent(back)}`;
}
