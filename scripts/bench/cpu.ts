// CPU time of the servers under load, read from Linux's /proc: what one request costs the API
// process and PostgreSQL, which says more about what bounds a target than requests/s on a machine
// shared with other work.
import { readFileSync } from "node:fs";

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

/** CPU milliseconds used so far by each process that can be read; none off Linux. */
export function cpuTimes(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The command name may hold spaces: fields are counted from its closing parenthesis, which
      // ends field 2; user and system time are fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK);
    } catch {
      // Gone since it was listed, or not Linux.
    }
  }
  return times;
}

export type CpuSample = { api: Map<number, number>; database: Map<number, number> };
/**
 * Samples the API process and the database's backends around a measured load of `origin`;
 * undefined when `origin` is not the API (a baseline or the storefront).
 */
export type CpuSampler = (origin: string) => Promise<CpuSample | undefined>;

/** CPU spent between two samples by the processes present in both (a backend that came or went is left out). */
function spent(before: Map<number, number>, after: Map<number, number>): number | undefined {
  let total = 0;
  let seen = false;
  for (const [pid, ms] of after) {
    const was = before.get(pid);
    if (was === undefined) continue;
    total += ms - was;
    seen = true;
  }
  return seen ? total : undefined;
}

/** Milliseconds of CPU per request between two samples. */
export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): { apiMs?: number; databaseMs?: number } {
  if (requests === 0) return {};
  const api = spent(before.api, after.api);
  const database = spent(before.database, after.database);
  return {
    apiMs: api === undefined ? undefined : api / requests,
    databaseMs: database === undefined ? undefined : database / requests,
  };
}
