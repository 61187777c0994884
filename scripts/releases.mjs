// Releases of an app (the storefront, the store API): each production build goes to a folder of
// its own under <app>/build/releases/, named by a fingerprint of everything it is built from, and
// <app>/build/current names the newest complete one. A build never touches a release a running
// server loads, a start whose sources have not changed builds nothing, and old releases are
// removed only when no running server holds them.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { supervise } from "./supervise.mjs";

export const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");

/** How many of the newest releases are kept even when no server holds them. */
const KEEP = 3;

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name !== "node_modules" && !name.startsWith(".") && !/\.test\.tsx?$/.test(name))
    .flatMap((name) => filesUnder(join(path, name)));
}

/** A short hash of every source file's path and content (paths relative to the repository). */
export function fingerprint(sources) {
  const hash = createHash("sha256");
  const files = sources.flatMap((source) => filesUnder(join(ROOT, source))).sort();
  for (const file of files) {
    hash.update(relative(ROOT, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

const releasesOf = (appDir) => join(appDir, "build", "releases");
const currentFileOf = (appDir) => join(appDir, "build", "current");

/** The folder of an app's newest complete release, or null when none was built yet. */
export function currentRelease(appDir, entry) {
  const file = currentFileOf(appDir);
  if (!existsSync(file)) return null;
  const dir = join(releasesOf(appDir), readFileSync(file, "utf8").trim());
  return existsSync(join(dir, entry)) ? dir : null;
}

function pidIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Marks a release as held by this process, so no build removes it while it serves. */
export function holdRelease(dir) {
  writeFileSync(join(dir, `.held-by-${process.pid}`), "");
}

function heldByALiveServer(dir) {
  return readdirSync(dir).some((name) => {
    const match = /^\.held-by-(\d+)$/.exec(name);
    if (!match) return false;
    if (pidIsAlive(Number(match[1]))) return true;
    rmSync(join(dir, name), { force: true });
    return false;
  });
}

/** When a release was built: its entry file's time (holding a release touches its folder, not that). */
function builtAt(dir, entry) {
  const file = join(dir, entry);
  return statSync(existsSync(file) ? file : dir).mtimeMs;
}

function prune(appDir, current, entry) {
  const root = releasesOf(appDir);
  const releases = readdirSync(root)
    .filter((name) => !name.includes(".partial-"))
    .map((name) => ({ name, dir: join(root, name), at: builtAt(join(root, name), entry) }))
    .sort((a, b) => b.at - a.at);
  for (const release of releases.slice(KEEP)) {
    if (release.name === current || heldByALiveServer(release.dir)) continue;
    rmSync(release.dir, { recursive: true, force: true });
  }
}

/**
 * The app's release for its sources as they are now: built by `build(folder)` when missing (into a
 * folder of its own, moved into place only once complete; `entry` is the file a complete release
 * has), then named current. Answers its folder.
 */
export async function ensureRelease({ appDir, sources, entry, build, force = false, label }) {
  const name = fingerprint(sources);
  const root = releasesOf(appDir);
  const dir = join(root, name);
  if (force || !existsSync(join(dir, entry))) {
    mkdirSync(root, { recursive: true });
    const partial = join(root, `${name}.partial-${process.pid}`);
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    console.log(`Building ${label} release ${name}`);
    try {
      await build(partial);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      throw error;
    }
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
  const pointer = `${currentFileOf(appDir)}.${process.pid}`;
  writeFileSync(pointer, name);
  renameSync(pointer, currentFileOf(appDir));
  prune(appDir, name, entry);
  return dir;
}

/**
 * A server bundled into one ES module with esbuild: packages stay imports (each app's own
 * dependencies), the workspace's TypeScript packages are bundled in.
 */
export async function bundleServer({ appDir, entryPoint, outfile, keepExternal = [] }) {
  const { build } = await import("esbuild");
  const manifest = JSON.parse(readFileSync(join(appDir, "package.json"), "utf8"));
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !name.startsWith("@stoa/"),
  );
  await build({
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: [...external, ...keepExternal],
    // Packages written for require() still load: the bundle is an ES module.
    banner: {
      js: "import { createRequire as __stoaRequire } from 'node:module'; const require = __stoaRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
}

/**
 * Runs a release's server with plain Node, holding the release while it runs (so no build removes
 * it), starts it again when it crashes, and passes stop signals on; this process ends when the
 * server is stopped (or keeps crashing).
 */
export function runRelease(dir, entry, env = {}) {
  holdRelease(dir);
  const server = supervise([join(dir, entry)], {
    env: { ...process.env, ...env },
    // Off where the host's own supervisor restarts the server (docs/deploy/stoa-api.service).
    restart: process.env.RESTART_ON_CRASH !== "false",
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.stop(signal));
}
