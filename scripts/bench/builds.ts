// Production builds of the two React Router apps, made when missing or older than their sources.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { API_DIR, BARE_RR_DIR, LOG_DIR, log, targetKeys, WEB_DIR } from "./config.ts";

/** Runs a build step with its output in a log file; the file is named when it fails. */
function runStep(name: string, command: string, args: string[], cwd: string): Promise<void> {
  mkdirSync(LOG_DIR, { recursive: true });
  const file = `${LOG_DIR}/${name}.log`;
  const out = createWriteStream(file);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${code}); see ${file}`)),
    );
  });
}

/** Newest modification time under the given files and folders. */
function newestChange(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      const children = readdirSync(path).filter((name) => name !== "node_modules" && !name.startsWith("."));
      newest = Math.max(newest, newestChange(children.map((name) => `${path}/${name}`)));
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

type BuildState = "missing" | "stale" | "fresh";

function buildState(dir: string, sources: string[]): BuildState {
  const entry = `${dir}/build/server/index.js`;
  if (!existsSync(entry)) return "missing";
  return newestChange(sources.map((s) => `${dir}/${s}`)) > statSync(entry).mtimeMs ? "stale" : "fresh";
}

const BUILD_SOURCES = ["app", "react-router.config.ts", "vite.config.ts"];

/**
 * Whether the storefront can be served, and what the report should say about it. The bench's own
 * page is rebuilt whenever its sources changed, and so is the storefront's release (BENCH_REBUILD=1
 * builds both again).
 */
export type Releases = { web: string | null; api: string | null };

export async function ensureBuilds(): Promise<Releases & { notes: string[] }> {
  const notes: string[] = [];
  const rebuild = process.env.BENCH_REBUILD === "1";
  // The store API is measured as `npm start` runs it: its release, compiled, with plain Node.
  const { ensureRelease: ensureApiRelease } = (await import(`${API_DIR}/scripts/releases.mjs`)) as {
    ensureRelease(options: { force: boolean }): Promise<string>;
  };
  const wantsApi = targetKeys.some((key) => key !== "hono" && key !== "rr");
  if (wantsApi) log("building the store API when its sources changed");
  const api = wantsApi ? await ensureApiRelease({ force: rebuild }) : null;
  if (targetKeys.includes("rr") && (rebuild || buildState(BARE_RR_DIR, BUILD_SOURCES) !== "fresh")) {
    log("building the bare React Router page");
    await runStep("build-bare-react-router", "npx", ["react-router", "build"], BARE_RR_DIR);
  }
  // The mixed run browses product pages beside the API.
  if (!(["home", "product", "mixed", "browseEdits"] as const).some((key) => targetKeys.includes(key)))
    return { web: null, api, notes };
  // A release is built only when its sources changed, into a folder of its own: a failed build
  // leaves the current release as it was (apps/web/scripts/releases.mjs).
  const { currentRelease, ensureRelease } = (await import(`${WEB_DIR}/scripts/releases.mjs`)) as {
    currentRelease(): string | null;
    ensureRelease(options: { force: boolean }): Promise<string>;
  };
  try {
    log("building the storefront when its sources changed");
    return { web: await ensureRelease({ force: rebuild }), api, notes };
  } catch (error) {
    const fallback = currentRelease();
    notes.push(
      fallback
        ? `Storefront build failed (${(error as Error).message}); the last release was measured`
        : `Storefront not measured: ${(error as Error).message}`,
    );
    log(notes[notes.length - 1] as string);
    return { web: fallback, api, notes };
  }
}
