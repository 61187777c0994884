/** `Shop.Example.com:3000.` → `shop.example.com`; empty or malformed input → null. */
export function normalizeDomain(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const host = raw.trim().toLowerCase().replace(/\.$/, "").replace(/:\d+$/, "");
  return /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/.test(host) ? host : null;
}
