/**
 * A same-site path to send the shopper back to after a form post; anything that could leave the
 * site (`//host`, `/\host`, absolute URLs) falls back to home.
 */
export function safeRedirect(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return fallback;
  }
  try {
    const url = new URL(value, "http://shop.invalid");
    return url.origin === "http://shop.invalid" ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
