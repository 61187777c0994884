import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/** Another live process holds the embedded database's folder. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in another process (pid ${pid}), e.g. a running \`npm start\`. ` +
        "Stop it and try again, or use PostgreSQL (DATABASE_URL), which many processes share.",
    );
    this.name = "DataDirBusyError";
  }
}

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return fallback;
  }
}

/**
 * Who a process is, beyond its number: where the system says so (Linux), the machine's boot and
 * the process's start time, so a number given to another process after a restart (a container
 * starts its processes with the same numbers every time) is not taken for the lock's holder.
 */
function identityOf(pid: number): string {
  const boot = readOr("/proc/sys/kernel/random/boot_id", "").trim();
  // Field 22 of /proc/<pid>/stat, counted after the command's closing parenthesis.
  const stat = readOr(`/proc/${pid}/stat`, "");
  const started = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  return `${pid} ${boot} ${started}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the lock's writer still runs: the same process number, boot and start time. */
function holderRuns(recorded: string): number | null {
  const pid = Number(recorded.split(" ")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  return identityOf(pid) === recorded.trim() ? pid : null;
}

/**
 * Holds the embedded database's folder for this process: PGlite is one process's database, and a
 * second process writing the same files would corrupt them. A lock left by a process that ended
 * without releasing it is taken over. Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = `${dataDir}/stoa.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, identityOf(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderRuns(readOr(path, ""));
      if (holder !== null) throw new DataDirBusyError(dataDir, holder);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

/** What a lock written by this process would hold: for tests that stand in for another holder. */
export const lockIdentityOf = identityOf;
