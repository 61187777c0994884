import { STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail } from "../test/accounts.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { testHarness } from "../test/harness.ts";
import { issueCode, MAX_CODE_ATTEMPTS, MAX_CODE_GUESSES } from "./codes.ts";
import { oneTimeCodes } from "./tables.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: concurrent wrong guesses on one
 * code, spread over both, are judged exactly MAX_CODE_GUESSES times from many addresses, and exactly
 * MAX_CODE_ATTEMPTS times from one.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("one-time code guesses across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  const guessAll = async (email: string, wrong: string, address: (i: number) => string) => {
    const codes = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const api = processes[i % processes.length] as ApiProcess;
        const response = await fetch(`${api.url}/api/auth/forgotPassword/verifyToken`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [STORE_DOMAIN_HEADER]: "localhost",
            "x-forwarded-for": address(i),
          },
          body: JSON.stringify({ email, token: wrong }),
        });
        return ((await response.json()) as { code: string }).code;
      }),
    );
    return Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]));
  };
  const issue = async () => {
    const { handle } = await testHarness();
    const email = freshEmail();
    const code = await handle.db.transaction((tx) =>
      issueCode(tx, { storeId: 41, purpose: "retrievePwd", target: email }),
    );
    return { email, wrong: code === "000000" ? "111111" : "000000" };
  };
  const attemptsOf = async (email: string) => {
    const { handle } = await testHarness();
    const [row] = await handle.db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.storeId, 41), eq(oneTimeCodes.target, email)));
    return row?.attempts;
  };

  it.each([1, 2, 3])(
    "judges exactly thirty of 200 concurrent wrong guesses from many addresses (round %i)",
    async (round) => {
      const { email, wrong } = await issue();
      // Each guess from its own address, so only the code's own bound can stop them.
      const tally = await guessAll(email, wrong, (i) => `10.${round}.${Math.floor(i / 250)}.${i % 250}`);
      // 1002: the code is wrong (a guess judged); 1003: the code is dead (refused unjudged).
      expect(tally).toEqual({ "1002": MAX_CODE_GUESSES, "1003": 200 - MAX_CODE_GUESSES });
      expect(await attemptsOf(email)).toBe(MAX_CODE_GUESSES);
    },
  );

  it("judges exactly five of 200 concurrent wrong guesses from one address", async () => {
    const { email, wrong } = await issue();
    const tally = await guessAll(email, wrong, () => "10.99.0.1");
    // The rest are refused unjudged: the code is dead to this address (1003), or the address's own
    // throttle of guesses stops it first (429).
    expect(tally["1002"]).toBe(MAX_CODE_ATTEMPTS);
    expect((tally["1003"] ?? 0) + (tally["429"] ?? 0)).toBe(200 - MAX_CODE_ATTEMPTS);
    expect(await attemptsOf(email)).toBe(MAX_CODE_ATTEMPTS);
  });
});
