import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirBusyError, lockDataDir, lockIdentityOf } from "./data-dir-lock.ts";

describe("the embedded database's lock", () => {
  it("is held by one process at a time and released", () => {
    const dir = mkdtempSync(join(tmpdir(), "stoa-lock-"));
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, "stoa.lock"))).toBe(true);
    // This process holds it: taking it again (a restart in the same process) is allowed.
    lockDataDir(dir);
    release();
    expect(existsSync(join(dir, "stoa.lock"))).toBe(false);
  });

  it("refuses a folder a live Node.js process holds, and takes over one left by a process that ended", () => {
    const dir = mkdtempSync(join(tmpdir(), "stoa-lock-"));
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(join(dir, "stoa.lock"), ended.stdout.toString());
    const release = lockDataDir(dir);
    release();

    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      const pid = holder.pid as number;
      writeFileSync(join(dir, "stoa.lock"), lockIdentityOf(pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
      // The same number written at another boot or start is another process: taken over.
      writeFileSync(join(dir, "stoa.lock"), `${pid} another-boot 1`);
      lockDataDir(dir)();
    } finally {
      holder.kill();
    }
  });
});
