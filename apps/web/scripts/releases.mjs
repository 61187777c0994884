// The storefront's releases (see scripts/releases.mjs): the React Router build and its server,
// compiled to JavaScript, in a folder of their own per set of sources.
import { spawnSync } from "node:child_process";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  bundleServer,
  currentRelease as currentOf,
  ensureRelease as ensureAppRelease,
} from "../../../scripts/releases.mjs";

const WEB_DIR = fileURLToPath(new URL("..", import.meta.url));

/** What a release is built from: the storefront, its server, the contract, and the locked versions. */
const SOURCES = [
  "apps/web/app",
  "apps/web/public",
  "apps/web/server",
  "apps/web/server.ts",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "apps/web/package.json",
  "apps/web/scripts",
  "scripts/releases.mjs",
  "packages/contract/src",
  "packages/contract/package.json",
  "package-lock.json",
];

async function build(folder) {
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: WEB_DIR,
    stdio: "inherit",
    env: { ...process.env, STOA_BUILD_DIR: relative(WEB_DIR, folder) },
  });
  if (result.status !== 0) throw new Error(`react-router build failed (${result.status})`);
  await bundleServer({
    appDir: WEB_DIR,
    entryPoint: join(WEB_DIR, "server.ts"),
    outfile: join(folder, "server.js"),
    keepExternal: ["zod"],
  });
}

export const currentRelease = () => currentOf(WEB_DIR, "server.js");

export const ensureRelease = ({ force = false } = {}) =>
  ensureAppRelease({
    appDir: WEB_DIR,
    sources: SOURCES,
    entry: "server.js",
    build,
    force,
    label: "storefront",
  });
