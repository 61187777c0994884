import { ERRORS, STORE_DOMAIN_HEADER } from "@stoa/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ApiProcess, apiProcessesConnectionName, startApiProcesses } from "../../test/api-processes.ts";
import { testHarness } from "../../test/harness.ts";

/**
 * PostgreSQL ends connections under the API — a restart, a failover, a pooler's idle timeout, a DBA's
 * pg_terminate_backend. Two real API processes must log it and go on serving with new connections;
 * a request whose connection is ended under it answers a 503 envelope, and no process dies.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "API processes when PostgreSQL ends their connections",
  () => {
    let processes: ApiProcess[] = [];
    let admin: pg.Client;

    /** Ends the API processes' connections to this run's schema; `idleOnly` spares busy ones. */
    const terminate = async (idleOnly: boolean, limit?: number) => {
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
        WHERE application_name = $1 AND pid <> pg_backend_pid() AND ($2::boolean IS FALSE OR state = 'idle')
          AND query NOT ILIKE '%pg_stat_activity%'
        ORDER BY pid LIMIT $3`,
        [apiProcessesConnectionName(), idleOnly, limit ?? 1000],
      );
      for (const { pid } of rows) await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      return rows.length;
    };
    const getStore = (api: ApiProcess) =>
      fetch(`${api.url}/api/store/getByDomain`, { headers: { [STORE_DOMAIN_HEADER]: "localhost" } });
    const expectServing = async () => {
      for (const api of processes) {
        expect(api.exited(), api.output()).toBe(false);
        expect((await fetch(`${api.url}/health`)).status).toBe(200);
        const answer = await getStore(api);
        expect(answer.status).toBe(200);
        expect(((await answer.json()) as { code: string }).code).toBe("0");
      }
    };

    beforeAll(async () => {
      await testHarness();
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`SET search_path TO "${inject("testSchema")}", public`);
      processes = await startApiProcesses(2);
      // Every process has connections in its pool, sitting idle.
      await Promise.all(processes.flatMap((api) => Array.from({ length: 6 }, () => getStore(api))));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(processes.map((api) => api.stop()));
      await admin?.end();
    });

    it("goes on serving after one idle connection is ended", async () => {
      expect(await terminate(true, 1)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expectServing();
      // Logged either as an idle connection lost or, when the sweeper had just taken that connection
      // for a query, as that query's failure.
      expect(processes.map((api) => api.output()).join("")).toMatch(
        /database connection lost while idle|terminating connection due to administrator command/,
      );
    });

    it("goes on serving after every connection of both processes is ended", async () => {
      await Promise.all(processes.flatMap((api) => Array.from({ length: 4 }, () => getStore(api))));
      expect(await terminate(false)).toBeGreaterThan(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expectServing();
    });

    it("answers a request whose connection is ended under it with a 503 envelope", async () => {
      // A table lock holds the request at its first read of the store, so its connection can be ended
      // while the request is in flight.
      const locker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await locker.connect();
      try {
        await locker.query(`SET search_path TO "${inject("testSchema")}", public`);
        await locker.query("BEGIN");
        await locker.query("LOCK TABLE stores IN ACCESS EXCLUSIVE MODE");
        const api = processes[0] as ApiProcess;
        // The store row is remembered for a moment (STORE_FRESH_MS): ask after that has passed.
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        const inFlight = getStore(api);
        let waiting: number[] = [];
        for (let tries = 0; tries < 50 && waiting.length === 0; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          waiting = (
            await admin.query<{ pid: number }>(
              "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
              [apiProcessesConnectionName()],
            )
          ).rows.map((row) => row.pid);
        }
        expect(waiting.length).toBeGreaterThan(0);
        for (const pid of waiting) await admin.query("SELECT pg_terminate_backend($1)", [pid]);
        const answer = await inFlight;
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBeTruthy();
        expect(((await answer.json()) as { code: string }).code).toBe(ERRORS.SERVICE_UNAVAILABLE.code);
      } finally {
        await locker.query("ROLLBACK").catch(() => undefined);
        await locker.end();
      }
      await expectServing();
    });
  },
);
