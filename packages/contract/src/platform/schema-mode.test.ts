import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { parseWithoutEval } from "./schema-mode.ts";

describe("parseWithoutEval", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("parses objects without ever making a function from text, which a page's policy refuses", () => {
    const made: unknown[][] = [];
    vi.stubGlobal(
      "Function",
      new Proxy(Function, {
        construct(target, args) {
          made.push(args);
          return Reflect.construct(target, args);
        },
      }),
    );
    parseWithoutEval();
    const line = z.object({ productId: z.number().int(), quantity: z.number().int().min(1) });
    for (let i = 0; i < 3; i++)
      expect(line.parse({ productId: 7, quantity: 2, extra: true })).toEqual({ productId: 7, quantity: 2 });
    expect(line.safeParse({ productId: 7, quantity: 0 }).success).toBe(false);
    expect(made).toEqual([]);
  });
});
