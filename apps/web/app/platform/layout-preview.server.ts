/**
 * `?layout=<name>` previews another listing layout only when the storefront runs with
 * LAYOUT_PREVIEW=1 (development, journeys, a shop owner's staging): in production the store
 * setting rules, so a shared link cannot make a shop look like another trade.
 */
export function layoutPreviewAllowed(): boolean {
  return process.env.LAYOUT_PREVIEW === "1";
}
