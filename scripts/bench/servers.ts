// Child servers of a bench run: started in their own process group so that stopping one also stops
// whatever it spawned (npm, tsx), and always stopped when the bench ends, fails or is interrupted.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { send } from "./measure.ts";

export type ServerSpec = {
  name: string;
  /** Arguments after `node`: scripts run with the same Node as the bench, through tsx. */
  args: string[];
  cwd: string;
  env: Record<string, string>;
  port: number;
  /** Polled until it answers at all; whether it answers 200 is checked per target afterwards. */
  readyPath: string;
  readyHeaders?: Record<string, string>;
  readyTimeoutMs?: number;
};

export type RunningServer = {
  name: string;
  origin: string;
  /** The server's own process (node, started directly). */
  pid: number;
  stop(): Promise<void>;
};

const children = new Set<ChildProcess>();

/** An unused local port: lets runs coexist with a dev server already holding 3000/4000. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone between the check and the signal.
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  killGroup(child, "SIGTERM");
  // The API closes its database on SIGTERM; give it a moment before forcing.
  const force = setTimeout(() => killGroup(child, "SIGKILL"), 5_000);
  await exited;
  clearTimeout(force);
  children.delete(child);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopChild));
}

/** Last resort on process exit, where only synchronous work runs. */
export function killAllNow(): void {
  for (const child of children) killGroup(child, "SIGKILL");
}

export async function startServer(spec: ServerSpec, logDir: string): Promise<RunningServer> {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(`${logDir}/${spec.name}.log`);
  const tail: string[] = [];
  const child = spawn(process.execPath, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      log.write(chunk);
      tail.push(...chunk.toString().split("\n").filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - 20));
    });
  }
  let exit: string | undefined;
  child.once("exit", (code, signal) => {
    exit = `exited with ${signal ?? code}`;
    log.end();
  });

  const origin = `http://127.0.0.1:${spec.port}`;
  const deadline = Date.now() + (spec.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (exit) throw new Error(`${spec.name} ${exit} before answering:\n${tail.join("\n")}`);
    try {
      await send(origin, "GET", spec.readyPath, spec.readyHeaders ?? {}, undefined, 2_000);
      break;
    } catch {
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(
          `${spec.name} did not answer on ${origin}${spec.readyPath} in time:\n${tail.join("\n")}`,
        );
      }
      await sleep(250);
    }
  }
  return { name: spec.name, origin, pid: child.pid ?? 0, stop: () => stopChild(child) };
}
