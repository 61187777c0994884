// The store API's releases (see scripts/releases.mjs): its server compiled to one JavaScript
// module per set of sources, run by plain Node.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleServer, ensureRelease as ensureAppRelease } from "../../../scripts/releases.mjs";

const API_DIR = fileURLToPath(new URL("..", import.meta.url));

/** What a release is built from: the API, the contract, and the locked versions. */
const SOURCES = [
  "apps/api/src",
  "apps/api/package.json",
  "apps/api/scripts",
  "scripts/releases.mjs",
  "scripts/supervise.mjs",
  "packages/contract/src",
  "packages/contract/package.json",
  "package-lock.json",
];

export const ensureRelease = ({ force = false } = {}) =>
  ensureAppRelease({
    appDir: API_DIR,
    sources: SOURCES,
    entry: "main.js",
    label: "store API",
    force,
    build: (folder) =>
      bundleServer({
        appDir: API_DIR,
        entryPoint: join(API_DIR, "src", "main.ts"),
        outfile: join(folder, "main.js"),
      }),
  });
