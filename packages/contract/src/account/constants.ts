/** Spec says 86400 "days" for the auth cookie; see docs/decisions/004-tokens.md for what we do with it. */
export const AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS = 86_400;
export const IN_STORE_TOKEN_MAX_AGE_SECONDS = 10 * 60;
/** The longest message the storefront's error beacon sends (`auth/log`). */
export const MAX_CLIENT_LOG_MESSAGE = 2000;
/** The most addresses one customer keeps in their address book (billing and shipping together). */
export const ADDRESS_BOOK_LIMIT = 20;
