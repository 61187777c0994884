// Brings another major version of Node.js for running the tests on it, from the npm registry's
// `node-<platform>-<arch>` packages (the binaries the `node` package itself installs), so nothing is
// downloaded from anywhere but the registry the project already installs from. Kept under
// `.data/node/<major>/` and reused while that folder exists.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

/** The folder holding the `node` binary of the newest release of `major` the registry has. */
export function nodeBinFolder(major) {
  if (!/^\d+$/.test(String(major))) throw new Error(`a Node.js major version is a number, not "${major}"`);
  const folder = join(root, ".data", "node", String(major));
  const bin = join(folder, "package", "bin");
  if (existsSync(join(bin, "node"))) return bin;
  const platform = process.platform === "win32" ? "win" : process.platform;
  const name = `node-${platform}-${process.arch}@${major}`;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const pack = spawnSync("npm", ["pack", name, "--pack-destination", folder, "--silent"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (pack.status !== 0) throw new Error(`could not fetch ${name} from the npm registry`);
  const tarball = readdirSync(folder).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack ${name} left no tarball`);
  const untar = spawnSync("tar", ["xzf", tarball], { cwd: folder, stdio: "inherit" });
  if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
  rmSync(join(folder, tarball));
  return bin;
}
