import {
  STAFF_SESSION_SECONDS,
  type StaffMember,
  type StaffSession,
  staffMemberSchema,
} from "@stoa/contract";
import { STAFF_PATH } from "../../staff/staff-paths.ts";
import { readCookie } from "./cookies.ts";

/** The staff session's cookie: a name of its own, never the shopper's `stoa-auth-token`. */
export const STAFF_COOKIE = "stoa-staff-session";

/** Opaque tokens are base64url (decision 004), as the shopper's. */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,2048}$/;

/** What a staff page knows of its session: the token for the API, and who signed in, for the shell. */
export type StaffCookieSession = { token: string; member: StaffMember };

function encodeMember(member: StaffMember): string {
  return Buffer.from(JSON.stringify(member), "utf8").toString("base64url");
}

function decodeMember(text: string): StaffMember | null {
  if (!BASE64URL.test(text)) return null;
  try {
    const parsed = staffMemberSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The staff session cookie (decision 053): httpOnly so no page script reads the token, SameSite=Strict
 * so no other site's link or form ever carries it, Path=/staff so the shop's own pages never send it
 * (and so never a shopper call), Secure whenever the shop is served over https, and no longer than
 * the API keeps the session. Beside the token it keeps who signed in (name and email, as the sign-in
 * answered them), only for the console's shell to say so: the API asks the token on every call, and
 * a member who edits the name in their own cookie only changes what their own screen says.
 */
export function staffCookie(session: StaffSession, { secure }: { secure: boolean }): string {
  const parts = [
    `${STAFF_COOKIE}=${session.token}.${encodeMember(session.staff)}`,
    `Path=${STAFF_PATH}`,
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${STAFF_SESSION_SECONDS}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedStaffCookie({ secure }: { secure: boolean }): string {
  const parts = [`${STAFF_COOKIE}=`, `Path=${STAFF_PATH}`, "HttpOnly", "SameSite=Strict", "Max-Age=0"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The staff session a request carries, or null: no cookie, or one that is not a token and a member. */
export function staffSessionOf(request: {
  headers: { get(name: string): string | null };
}): StaffCookieSession | null {
  const value = readCookie(request.headers.get("cookie"), STAFF_COOKIE);
  if (!value) return null;
  const dot = value.indexOf(".");
  if (dot < 0) return null;
  const token = value.slice(0, dot);
  const member = decodeMember(value.slice(dot + 1));
  return TOKEN.test(token) && member ? { token, member } : null;
}
