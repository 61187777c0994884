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

/** Whether the process is alive and a Node.js process (a restarted machine may give its pid to another program). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
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
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(path, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid))
        throw new DataDirBusyError(dataDir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
