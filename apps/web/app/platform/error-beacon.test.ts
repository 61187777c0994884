import { MAX_CLIENT_LOG_MESSAGE } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { logLineOf, reportUncaughtErrors } from "./error-beacon.ts";

describe("error beacon", () => {
  it("describes an error with its page and cuts it to the accepted size", () => {
    const line = logLineOf("uncaught-error", new TypeError("x is undefined"), "/products");
    expect(line.message.startsWith("/products TypeError: x is undefined")).toBe(true);
    expect(logLineOf("e", "y".repeat(5000), "/").message).toHaveLength(MAX_CLIENT_LOG_MESSAGE);
  });

  it("sends at most five reports per page", () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const beacons: string[] = [];
    const fake = {
      location: { pathname: "/" },
      navigator: {
        sendBeacon: (_url: string, blob: Blob) => {
          beacons.push(String(blob.size));
          return true;
        },
      },
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    } as unknown as Window;
    const stop = reportUncaughtErrors(fake);
    for (let i = 0; i < 8; i++) listeners.get("error")?.({ error: new Error(`boom ${i}`) });
    expect(beacons).toHaveLength(5);
    stop();
    expect(listeners.size).toBe(0);
  });
});
