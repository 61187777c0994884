import { BlockList, isIP } from "node:net";

/**
 * The peers whose forwarded headers the API believes (docs/decisions/014-throttling-and-proxies.md).
 * Anything else that sends X-Forwarded-For is a client speaking for itself, and is throttled under
 * its socket address.
 */
export type TrustedProxies = { trusts(address: string): boolean; describe: string };

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is the IPv4 address it wraps. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** Addresses whose answer is kept at once; past it the list starts again. */
const KNOWN_PEERS = 1024;

/** Reads TRUSTED_PROXIES: `loopback`, `none`, or comma-separated addresses and CIDR ranges. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("must name `loopback`, `none` or addresses");
  for (const entry of entries) {
    if (entry === "none") continue;
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    if (family === 0) throw new Error(`"${entry}" is not an address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128))
      throw new Error(`"${entry}" has a bad prefix length`);
    list.addSubnet(address, prefix, type);
  }
  // Every request asks about its peer, and the peers are few (the storefront, a proxy): their
  // answers are kept, up to a bound, so a crowd of direct callers cannot grow it without end.
  const known = new Map<string, boolean>();
  return {
    describe: entries.join(","),
    trusts(address) {
      const kept = known.get(address);
      if (kept !== undefined) return kept;
      const plain = plainAddress(address);
      const family = isIP(plain);
      const trusted = family !== 0 && list.check(plain, family === 4 ? "ipv4" : "ipv6");
      if (known.size >= KNOWN_PEERS) known.clear();
      known.set(address, trusted);
      return trusted;
    },
  };
}

/**
 * The client's address from the socket peer and X-Forwarded-For: walking from the nearest hop
 * outwards, trusted proxies are skipped and the first address they did not add is the client. A
 * peer that is not a trusted proxy is the client itself, whatever header it sent.
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | undefined,
  proxies: TrustedProxies,
): string {
  let client = plainAddress(peer);
  if (!forwardedFor || !proxies.trusts(client)) return client;
  const hops = forwardedFor.split(",").map((hop) => plainAddress(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? "";
    // A malformed hop cannot be believed or walked past: the last good address stands.
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!proxies.trusts(hop)) return client;
  }
  return client;
}
