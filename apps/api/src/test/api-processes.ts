import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

const apiRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What this run's API processes call their PostgreSQL connections: a test that ends connections
 * ends only these, never those of another run or an API on the same server.
 */
export const apiProcessesConnectionName = () => `stoa-api-${inject("testSchema")}`;

export type ApiProcess = {
  url: string;
  stop(): Promise<void>;
  /** Whether the process has ended (crashed, or stopped). */
  exited(): boolean;
  /** What it has printed so far (its log). */
  output(): string;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`API process did not become healthy:\n${output()}`);
}

/**
 * Starts `count` real API processes on this run's PostgreSQL schema, as production runs several
 * behind a load balancer: for proving that a limit holds across processes, not only within one.
 * Needs TEST_DATABASE_URL; the schema is already migrated and seeded by the test harness.
 */
export async function startApiProcesses(count: number): Promise<ApiProcess[]> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error("API processes need TEST_DATABASE_URL");
  return Promise.all(
    Array.from({ length: count }, async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: apiRoot,
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATABASE_URL: databaseUrl,
          DATABASE_SCHEMA: inject("testSchema"),
          PGAPPNAME: apiProcessesConnectionName(),
          DATABASE_POOL_SIZE: "10",
          API_PORT: String(port),
          SEED_ON_EMPTY: "false",
          DEV_MAILBOX: "false",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout?.on("data", (chunk) => (output += chunk));
      child.stderr?.on("data", (chunk) => (output += chunk));
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, child, () => output);
      return {
        url,
        exited: () => child.exitCode !== null || child.signalCode !== null,
        output: () => output,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      };
    }),
  );
}
