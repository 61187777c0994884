import { TABLE_CODE_PATTERN, TABLE_NAME_MAX } from "@stoa/contract";
import { readCookie } from "../platform/session/cookies.ts";

/*
 * A diner at a table (issue 34, decision 065). The QR code opens `/menu?table=<code>`; the scan
 * keeps the diner's in-store token in its own httpOnly cookie and the table's NAME (never its code,
 * which is a secret) in this session cookie, for the banner and the logo. Only a scan sets it, so a
 * hand-typed `?table=7` shows no table anywhere.
 */
export const TABLE_COOKIE = "table";
export const TABLE_PARAM = "table";
/** The diner's page at the table: the tab and the menu. */
export const TABLE_PATH = "/table";

/** A remembered table name as the shell shows it, or null for none or one that is no table name. */
export function cleanTableName(value: string | null | undefined): string | null {
  const name = value?.trim() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a name never holds control characters.
  if (name === "" || name.length > TABLE_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)) return null;
  return name;
}

/**
 * The table the diner sits at, by name: the one the scan remembered, while the scan's in-store
 * token is kept (`atTable`); null otherwise.
 */
export function tableOf(cookieHeader: string | null, atTable: boolean): string | null {
  return atTable ? cleanTableName(readCookie(cookieHeader, TABLE_COOKIE)) : null;
}

/**
 * What the address says of a table: nothing (`none`), a code a scan may open (`code`), or a value
 * that cannot be a table's code, such as a typed number (`bad`), which opens nothing.
 */
export function tableCodeIn(url: URL): { kind: "none" } | { kind: "code"; code: string } | { kind: "bad" } {
  const value = url.searchParams.get(TABLE_PARAM);
  if (value === null) return { kind: "none" };
  const code = value.trim();
  return TABLE_CODE_PATTERN.test(code) ? { kind: "code", code } : { kind: "bad" };
}

/** Where the logo leads: home, or the table's page for a diner at a table (spec §2). */
export function homeHref(table: string | null): string {
  return table ? TABLE_PATH : "/";
}
