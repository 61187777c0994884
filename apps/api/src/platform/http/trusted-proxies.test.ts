import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies, plainAddress } from "./trusted-proxies.ts";

describe("trusted proxies", () => {
  const loopback = parseTrustedProxies("loopback");

  it("trusts loopback by default, in both families and as a mapped IPv4 peer", () => {
    expect(loopback.trusts("127.0.0.1")).toBe(true);
    expect(loopback.trusts("127.8.0.3")).toBe(true);
    expect(loopback.trusts("::1")).toBe(true);
    expect(loopback.trusts("::ffff:127.0.0.1")).toBe(true);
    expect(loopback.trusts("10.0.0.1")).toBe(false);
    expect(loopback.trusts("unknown")).toBe(false);
    expect(plainAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("reads addresses and CIDR ranges, and `none`", () => {
    const list = parseTrustedProxies("10.0.0.0/8, 2001:db8::/32,192.0.2.5");
    expect(list.trusts("10.200.1.1")).toBe(true);
    expect(list.trusts("2001:db8::7")).toBe(true);
    expect(list.trusts("192.0.2.5")).toBe(true);
    expect(list.trusts("192.0.2.6")).toBe(false);
    expect(list.trusts("127.0.0.1")).toBe(false);
    expect(parseTrustedProxies("none").trusts("127.0.0.1")).toBe(false);
  });

  it("answers the same for a peer asked again, past the peers it keeps too", () => {
    const list = parseTrustedProxies("10.0.0.0/8");
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 1500; i++) expect(list.trusts(`192.168.${i >> 8}.${i & 255}`)).toBe(false);
      expect(list.trusts("10.1.2.3")).toBe(true);
      expect(list.trusts("11.1.2.3")).toBe(false);
    }
  });

  it.each(["", "example.com", "10.0.0.0/33", "10.0.0.0/x", "::/129"])("refuses %j", (value) => {
    expect(() => parseTrustedProxies(value)).toThrow();
  });

  it("takes the first address no trusted proxy added, walking from the nearest hop", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.7", loopback)).toBe("198.51.100.7");
    // A client may prepend anything: only what the trusted hop appended counts.
    expect(clientAddress("127.0.0.1", "1.1.1.1, 198.51.100.7", loopback)).toBe("198.51.100.7");
    const chain = parseTrustedProxies("loopback,10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "198.51.100.7, 10.1.2.3", chain)).toBe("198.51.100.7");
    expect(clientAddress("127.0.0.1", "10.1.2.3", chain)).toBe("10.1.2.3");
  });

  it("ignores the header from any other peer, and stops at a malformed hop", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.7", loopback)).toBe("203.0.113.9");
    expect(clientAddress("::ffff:203.0.113.9", undefined, loopback)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "198.51.100.7, not-an-ip", loopback)).toBe("127.0.0.1");
  });
});
