// Storefront releases: each production build goes to a folder of its own under build/releases/,
// named by a fingerprint of everything it is built from, and build/current names the newest
// complete one. A build never touches a release a running server loads (its client chunks and its
// server bundle stay where they are), a start whose sources have not changed builds nothing, and
// old releases are removed only when no running server holds them.
import { spawnSync } from "node:child_process";
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

export const WEB_DIR = fileURLToPath(new URL("..", import.meta.url));
const ROOT = resolve(WEB_DIR, "../..");
export const RELEASES_DIR = join(WEB_DIR, "build", "releases");
const CURRENT_FILE = join(WEB_DIR, "build", "current");

/** What a release is built from: the storefront, its server, the contract, and the locked versions. */
const SOURCES = [
  "apps/web/app",
  "apps/web/public",
  "apps/web/server",
  "apps/web/server.ts",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "apps/web/package.json",
  "apps/web/scripts/releases.mjs",
  "packages/contract/src",
  "packages/contract/package.json",
  "package-lock.json",
];

/** How many of the newest releases are kept even when no server holds them. */
const KEEP = 3;

function filesUnder(path) {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name !== "node_modules" && !name.startsWith(".") && !name.endsWith(".test.ts"))
    .flatMap((name) => filesUnder(join(path, name)));
}

/** A short hash of every source file's path and content. */
export function fingerprint() {
  const hash = createHash("sha256");
  const files = SOURCES.flatMap((source) => filesUnder(join(ROOT, source))).sort();
  for (const file of files) {
    hash.update(relative(ROOT, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** The folder of the newest complete release, or null when none was built yet. */
export function currentRelease() {
  if (!existsSync(CURRENT_FILE)) return null;
  const dir = join(RELEASES_DIR, readFileSync(CURRENT_FILE, "utf8").trim());
  return existsSync(join(dir, "server.js")) ? dir : null;
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: WEB_DIR,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status})`);
}

/** The storefront's server as one JavaScript file; packages stay imports, the contract is bundled in. */
async function bundleServer(outDir) {
  const { build } = await import("esbuild");
  const manifest = JSON.parse(readFileSync(join(WEB_DIR, "package.json"), "utf8"));
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !name.startsWith("@stoa/"),
  );
  await build({
    entryPoints: [join(WEB_DIR, "server.ts")],
    outfile: join(outDir, "server.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: [...external, "zod"],
    // Packages written for require() still load: the bundle is an ES module.
    banner: {
      js: "import { createRequire as __stoaRequire } from 'node:module'; const require = __stoaRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
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

function prune(current) {
  const releases = readdirSync(RELEASES_DIR)
    .filter((name) => !name.includes(".partial-"))
    .map((name) => ({ name, dir: join(RELEASES_DIR, name), at: statSync(join(RELEASES_DIR, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const release of releases.slice(KEEP)) {
    if (release.name === current || heldByALiveServer(release.dir)) continue;
    rmSync(release.dir, { recursive: true, force: true });
  }
}

/**
 * The release of the sources as they are now: built when missing (into a folder of its own, moved
 * into place only once complete), then named current. Answers its folder.
 */
export async function ensureRelease({ force = false } = {}) {
  const name = fingerprint();
  const dir = join(RELEASES_DIR, name);
  if (force || !existsSync(join(dir, "server.js"))) {
    mkdirSync(RELEASES_DIR, { recursive: true });
    const partial = join(RELEASES_DIR, `${name}.partial-${process.pid}`);
    rmSync(partial, { recursive: true, force: true });
    console.log(`Building storefront release ${name}`);
    run("npx", ["react-router", "build"], { STOA_BUILD_DIR: relative(WEB_DIR, partial) });
    await bundleServer(partial);
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
  const pointer = `${CURRENT_FILE}.${process.pid}`;
  writeFileSync(pointer, name);
  renameSync(pointer, CURRENT_FILE);
  prune(name);
  return dir;
}
