#!/usr/bin/env node
// `npm start`: serves the current release with plain Node (its server is compiled JavaScript),
// building it first when the sources changed. The release stays held while this server runs, so
// a build started meanwhile, from this checkout or another terminal, never removes what it loads.
import { spawn } from "node:child_process";
import { holdRelease } from "../../../scripts/releases.mjs";
import { ensureRelease } from "./releases.mjs";

const release = await ensureRelease();
holdRelease(release);
const server = spawn(process.execPath, [`${release}/server.js`], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", STOA_WEB_RELEASE: release },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
