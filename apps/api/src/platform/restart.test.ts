import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  EXIT_DO_NOT_RESTART,
  nextRestartDelay,
  RESTART_POLICY,
  supervise,
} from "../../../../scripts/supervise.mjs";

/** A stand-in server: answers its own pid on a port of its choosing, written to `portFile`. */
function serverScript(): { script: string; portFile: string } {
  const dir = mkdtempSync(join(tmpdir(), "stoa-supervise-"));
  const portFile = join(dir, "port");
  const script = join(dir, "server.mjs");
  writeFileSync(
    script,
    `import { createServer } from "node:http";
     import { writeFileSync } from "node:fs";
     if (process.env.EXIT_WITH) process.exit(Number(process.env.EXIT_WITH));
     const server = createServer((_, res) => res.end(String(process.pid)));
     server.listen(0, "127.0.0.1", () => writeFileSync(${JSON.stringify(portFile)}, String(server.address().port)));`,
  );
  return { script, portFile };
}

const fast = { ...RESTART_POLICY, firstDelayMs: 50, maxDelayMs: 200, maxCrashes: 3 };

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out");
}

describe("the supervisor of npm start", () => {
  it("starts the server again after it is killed, and stops it for good when asked", async () => {
    const { script, portFile } = serverScript();
    const answer = async () => {
      const port = readFileSync(portFile, "utf8");
      return (await fetch(`http://127.0.0.1:${port}/`)).text();
    };
    const lines: string[] = [];
    let exitCode: number | undefined;
    const server = supervise([script], {
      log: (line) => lines.push(line),
      policy: fast,
      onExit: (code) => (exitCode = code),
    });
    const firstPid = await until(answer);
    expect(firstPid).toBe(String(server.pid));
    process.kill(Number(firstPid), "SIGKILL");
    const secondPid = await until(async () => {
      const pid = await answer();
      return pid !== firstPid ? pid : undefined;
    });
    expect(secondPid).toBe(String(server.pid));
    expect(lines.join("\n")).toMatch(/ended by signal SIGKILL .* starting it again/);
    server.stop("SIGTERM");
    await until(async () => exitCode);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.pid).toBeUndefined();
    await expect(answer()).rejects.toThrow();
  });

  it("does not start again a server that exits for a bad configuration", async () => {
    const { script } = serverScript();
    let exitCode: number | undefined;
    supervise([script], {
      env: { ...process.env, EXIT_WITH: String(EXIT_DO_NOT_RESTART) },
      log: () => undefined,
      policy: fast,
      onExit: (code) => (exitCode = code),
    });
    expect(await until(async () => exitCode)).toBe(EXIT_DO_NOT_RESTART);
  });

  it("gives up on a crash loop", async () => {
    const { script } = serverScript();
    const lines: string[] = [];
    let exitCode: number | undefined;
    supervise([script], {
      env: { ...process.env, EXIT_WITH: "1" },
      log: (line) => lines.push(line),
      policy: fast,
      onExit: (code) => (exitCode = code),
    });
    expect(await until(async () => exitCode)).toBe(1);
    expect(lines.filter((line) => line.includes("starting it again"))).toHaveLength(fast.maxCrashes);
    expect(lines.at(-1)).toContain("giving up");
  });

  it("waits longer after each crash in a row, and from the start again after a healthy run", () => {
    const policy = RESTART_POLICY;
    expect(nextRestartDelay([0], 10, 1, policy)).toBe(policy.firstDelayMs);
    expect(nextRestartDelay([0, 1], 10, 2, policy)).toBe(policy.firstDelayMs * 2);
    expect(nextRestartDelay([0, 1, 2], 10, 3, policy)).toBe(policy.firstDelayMs * 4);
    expect(nextRestartDelay([0, 1, 2], 10, 30, policy)).toBe(policy.maxDelayMs);
    expect(nextRestartDelay([0, 1, 2], policy.healthyAfterMs, 1, policy)).toBe(policy.firstDelayMs);
    const loop = Array.from({ length: policy.maxCrashes + 1 }, (_, i) => i * 1_000);
    expect(nextRestartDelay(loop, 10, 3, policy)).toBeNull();
    // Crashes spread over more than the window are not a loop.
    const spread = Array.from({ length: policy.maxCrashes + 1 }, (_, i) => i * policy.windowMs);
    expect(nextRestartDelay(spread, 10, 3, policy)).not.toBeNull();
  });
});
