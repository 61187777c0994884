import { readCookie } from "../platform/session/cookies.ts";

/** The table of a dine-in shopper, remembered for the browser session after scanning its QR code. */
export const TABLE_COOKIE = "table";
export const TABLE_PARAM = "table";

const TABLE = /^[A-Za-z0-9_-]{1,32}$/;

export function cleanTable(value: string | null | undefined): string | null {
  const table = value?.trim() ?? "";
  return TABLE.test(table) ? table : null;
}

/** The table from the `table` query parameter, else the one remembered in the session cookie. */
export function tableOf(url: URL, cookieHeader: string | null): { table: string | null; fromUrl: boolean } {
  const fromUrl = cleanTable(url.searchParams.get(TABLE_PARAM));
  if (fromUrl) return { table: fromUrl, fromUrl: true };
  return { table: cleanTable(readCookie(cookieHeader, TABLE_COOKIE)), fromUrl: false };
}

/** Where the logo leads: home, or the table's menu for a dine-in shopper (spec §2). */
export function homeHref(table: string | null): string {
  return table ? `/menu?${new URLSearchParams({ [TABLE_PARAM]: table })}` : "/";
}
