const BASE = "http://shop.invalid";

/** Decodes the ASCII percent-escapes (`%2F`, `%5C`, `%2E`, `%25`…), as a lenient server or proxy might. */
function decodeAscii(path: string): string {
  return path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * Whether a normalised path is one a browser reads as another host (`//host`, `/\host`), as it
 * stands or once a decoding hop has turned `%2F`, `%5C` or `%2E` (even escaped twice) back into
 * characters. Each round decodes and lets the URL parser resolve dot segments and backslashes again;
 * a path still changing after a few rounds is no page of ours.
 */
function leavesSite(pathname: string): boolean {
  let path = pathname;
  for (let round = 0; round < 4; round++) {
    if (/^\/[/\\]/.test(path)) return true;
    const next = new URL(decodeAscii(path), BASE);
    if (next.origin !== BASE) return true;
    if (next.pathname === path) return false;
    path = next.pathname;
  }
  return true;
}

/**
 * A same-site path to send the shopper back to after a form post; anything that could leave the
 * site (`//host`, `/\host`, absolute URLs) falls back to home. The check runs on the URL parser's
 * result, not only on the input: `/.//evil.example` passes a look at its first characters but
 * resolves to `//evil.example`.
 */
export function safeRedirect(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE || leavesSite(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
