import { STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail } from "../test/accounts.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { testHarness } from "../test/harness.ts";
import { issueCode, MAX_CODE_ATTEMPTS } from "./codes.ts";
import { oneTimeCodes } from "./tables.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: concurrent wrong guesses on one
 * code, spread over both, must be evaluated exactly MAX_CODE_ATTEMPTS times in all.
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

  it.each([1, 2, 3])("evaluates exactly five of 200 concurrent wrong guesses (round %i)", async () => {
    const { handle } = await testHarness();
    const email = freshEmail();
    const code = await issueCode(handle.db, { storeId: 41, purpose: "retrievePwd", target: email });
    const wrong = code === "000000" ? "111111" : "000000";
    const guesses = Array.from({ length: 200 }, async (_, i) => {
      const api = processes[i % processes.length] as ApiProcess;
      const response = await fetch(`${api.url}/api/auth/forgotPassword/verifyToken`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [STORE_DOMAIN_HEADER]: "localhost",
          // Each guess from its own address, so per-address throttles stay out of the way.
          "x-forwarded-for": `10.${Math.floor(i / 250)}.${i % 250}.${Math.floor(Math.random() * 250)}`,
        },
        body: JSON.stringify({ email, token: wrong }),
      });
      return ((await response.json()) as { code: string }).code;
    });
    const codes = await Promise.all(guesses);
    const tally = Object.fromEntries(
      [...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]),
    );
    // 1002: the code is wrong (a guess evaluated); 1003: the code is dead (refused unevaluated).
    expect(tally).toEqual({ "1002": MAX_CODE_ATTEMPTS, "1003": 200 - MAX_CODE_ATTEMPTS });
    const [row] = await handle.db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.storeId, 41), eq(oneTimeCodes.target, email)));
    expect(row?.attempts).toBe(MAX_CODE_ATTEMPTS);
  });
});
