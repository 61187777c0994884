import { ERRORS, STORAGE_KEYS, SUCCESS_CODE, type User } from "@stoa/contract";

/**
 * The shopper's session as the pages see it. The token itself never leaves the server: pages only
 * learn whether someone is signed in, whether their email still needs verifying, and who they are.
 */
export type AuthState =
  | { status: "signed-out" }
  /** Signed in, but the email address is not verified yet (the API answered 409). */
  | { status: "unverified" }
  | { status: "signed-in"; user: User };

export const SIGNED_OUT: AuthState = { status: "signed-out" };

/** Codes after which the token is worthless: no token, another shop's token, an ended session. */
export const SESSION_ENDED_CODES: ReadonlySet<string> = new Set([
  ERRORS.UNAUTHORIZED.code,
  ERRORS.FORBIDDEN.code,
  ERRORS.INVALID_SESSION.code,
]);

export type SessionCheck = { auth: AuthState; dropToken: boolean };

/**
 * Spec §4 and §8 on the current-user answer: success signs in, 409 marks the email unverified,
 * 104/401/403 end the session (the cookie goes). Anything else (the API failing) shows the page
 * signed out but keeps the cookie, so a hiccup does not sign anybody out.
 */
export function sessionCheckOf(answer: { code: string; data: User | null } | null): SessionCheck {
  if (!answer) return { auth: SIGNED_OUT, dropToken: false };
  if (answer.code === SUCCESS_CODE && answer.data) {
    return { auth: { status: "signed-in", user: answer.data }, dropToken: false };
  }
  if (answer.code === ERRORS.EMAIL_NOT_VERIFIED.code)
    return { auth: { status: "unverified" }, dropToken: false };
  return { auth: SIGNED_OUT, dropToken: SESSION_ENDED_CODES.has(answer.code) };
}

/** A registered customer (not a guest) with a usable session: who account pages are for. */
export function signedInCustomer(auth: AuthState): User | null {
  return auth.status === "signed-in" && !auth.user.isGuest ? auth.user : null;
}

/** Anyone with a usable session, guests included: who may follow the orders of their session. */
export function signedInShopper(auth: AuthState): User | null {
  return auth.status === "signed-in" ? auth.user : null;
}

export function displayName(user: Pick<User, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The account's phone as written to the shopper ("+1 5550100"), or "" when it has none. */
export function phoneText(user: Pick<User, "phone" | "countryCode">): string {
  return user.phone ? `+${user.countryCode ?? ""} ${user.phone}`.replace("+ ", "") : "";
}

/**
 * Who is signed in, in words: the name, or, for an account opened by phone or email that was never
 * given one, the number or address it signs in with, so "Signed in as" is never left hanging.
 */
export function accountLabel(user: Pick<User, "firstName" | "lastName" | "email" | "phone" | "countryCode">) {
  return displayName(user) || user.email || phoneText(user);
}

/** Browser storage changes that mirror the session (spec §9: userInfo and emailVerified, never the token). */
export type StorageChanges = { set: Record<string, string>; remove: string[] };

/**
 * What to keep in local storage for this session state. Signing out (or a session the server
 * ended) forgets the user and, when someone had been signed in, their addresses (spec §4).
 */
export function storageChangesFor(auth: AuthState, storedUserInfo: string | null): StorageChanges {
  switch (auth.status) {
    case "signed-in":
      return {
        set: { [STORAGE_KEYS.userInfo]: JSON.stringify(auth.user), [STORAGE_KEYS.emailVerified]: "true" },
        remove: [],
      };
    case "unverified":
      return { set: { [STORAGE_KEYS.emailVerified]: "false" }, remove: [] };
    case "signed-out":
      return {
        set: {},
        remove:
          storedUserInfo === null
            ? [STORAGE_KEYS.emailVerified]
            : [STORAGE_KEYS.userInfo, STORAGE_KEYS.emailVerified, STORAGE_KEYS.checkout],
      };
  }
}

/** Spec §4: signing out clears user info, addresses, cart and wishlist state. */
export const SIGN_OUT_CLEARS: readonly string[] = [
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.emailVerified,
  STORAGE_KEYS.checkout,
  STORAGE_KEYS.cart,
  STORAGE_KEYS.wishlist,
];

/** Right after registering, the user is known from the answer although the session cannot read it yet. */
export function storageAfterRegistration(user: User): StorageChanges {
  return {
    set: {
      [STORAGE_KEYS.userInfo]: JSON.stringify(user),
      [STORAGE_KEYS.emailVerified]: String(user.emailVerified),
    },
    remove: [],
  };
}
