// Keeps a server running: starts it, and when it dies on its own (a crash, an out-of-memory kill,
// `kill -9`) starts it again after a pause that grows while it keeps dying, so a deployment started
// with `npm start` comes back without a person. A stop asked of the supervisor (SIGINT, SIGTERM)
// stops the server and is not undone; neither is an exit with EXIT_DO_NOT_RESTART (a bad
// configuration: starting again cannot help). docs/deploy/ has a systemd unit doing the same for
// hosts that run the server under systemd.
import { spawn } from "node:child_process";

/** A server's exit code for "starting me again will fail the same way" (sysexits' EX_CONFIG). */
export const EXIT_DO_NOT_RESTART = 78;

export const RESTART_POLICY = {
  /** The first pause, doubled after each crash up to `maxDelayMs`. */
  firstDelayMs: 500,
  maxDelayMs: 30_000,
  /** A run this long counts as healthy: the next crash starts from the first pause again. */
  healthyAfterMs: 60_000,
  /** More crashes than this within `windowMs` and the supervisor gives up (exit 1): a crash loop. */
  maxCrashes: 10,
  windowMs: 5 * 60_000,
};

/** The pause before the next start, or null to give up, given the times of the crashes so far. */
export function nextRestartDelay(crashTimes, lastRunMs, consecutive, policy = RESTART_POLICY) {
  const now = crashTimes.at(-1) ?? 0;
  const recent = crashTimes.filter((time) => now - time <= policy.windowMs);
  if (recent.length > policy.maxCrashes) return null;
  if (lastRunMs >= policy.healthyAfterMs) return policy.firstDelayMs;
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, consecutive - 1), policy.maxDelayMs);
}

/**
 * Runs `node <args>` and restarts it as RESTART_POLICY says (unless `restart` is false: another
 * supervisor such as systemd does it). `onExit(code)` is called once the supervisor stops for good
 * (default: the process exits with that code).
 */
export function supervise(
  args,
  { env = process.env, log = console.error, policy = RESTART_POLICY, restart = true, onExit } = {},
) {
  const finish = onExit ?? ((code) => process.exit(code));
  const crashTimes = [];
  let consecutive = 0;
  let child;
  let stopping = false;
  let pending;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, args, { stdio: "inherit", env });
    child.on("exit", (code, signal) => {
      child = undefined;
      if (stopping) return finish(code ?? 0);
      if (!restart || code === 0 || code === EXIT_DO_NOT_RESTART) return finish(code ?? 1);
      const now = Date.now();
      const ranMs = now - startedAt;
      consecutive = ranMs >= policy.healthyAfterMs ? 1 : consecutive + 1;
      crashTimes.push(now);
      const delay = nextRestartDelay(crashTimes, ranMs, consecutive, policy);
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (delay === null) {
        log(`[supervisor] server ended by ${how}; ${crashTimes.length} crashes in a row, giving up`);
        return finish(1);
      }
      log(`[supervisor] server ended by ${how} after ${ranMs} ms; starting it again in ${delay} ms`);
      pending = setTimeout(start, delay);
    });
  };

  const stop = (signal) => {
    stopping = true;
    clearTimeout(pending);
    if (child) child.kill(signal);
    else finish(0);
  };
  start();
  return {
    stop,
    /** The running server's process id (undefined between a crash and its restart). */
    get pid() {
      return child?.pid;
    },
  };
}
