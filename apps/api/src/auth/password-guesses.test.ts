import { STORE_DOMAIN_HEADER } from "@stoa/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerVerified } from "../test/accounts.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { testHarness } from "../test/harness.ts";
import { SIGN_IN_BACKOFF } from "./throttle.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: simultaneous wrong passwords for
 * one account from one address, spread over both, are judged exactly `freeFailures` times.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("password guesses across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  it.each([1, 2, 3])("judges exactly five of 40 simultaneous wrong passwords (round %i)", async (round) => {
    const { email, password } = await registerVerified();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const api = processes[i % processes.length] as ApiProcess;
        const response = await fetch(`${api.url}/api/auth/login/store-customer/email`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [STORE_DOMAIN_HEADER]: "localhost",
            "x-forwarded-for": `10.77.${round}.1`,
          },
          body: JSON.stringify({ userEmail: email, password: `guess ${i}` }),
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 422)).toHaveLength(SIGN_IN_BACKOFF.freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - SIGN_IN_BACKOFF.freeFailures);
    // What one address's back-off refused spent nothing of the account's: its owner, elsewhere, signs in.
    const owner = await fetch(`${(processes[0] as ApiProcess).url}/api/auth/login/store-customer/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [STORE_DOMAIN_HEADER]: "localhost",
        "x-forwarded-for": `10.78.${round}.1`,
      },
      body: JSON.stringify({ userEmail: email, password }),
    });
    expect(owner.status).toBe(200);
  });
});
