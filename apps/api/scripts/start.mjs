#!/usr/bin/env node
// `npm start`: runs the store API's current release with plain Node (compiled JavaScript, no
// TypeScript loader), bundling it first when its sources changed. The release stays held while it
// runs, so a build meanwhile never removes it.
import { spawn } from "node:child_process";
import { holdRelease } from "../../../scripts/releases.mjs";
import { ensureRelease } from "./releases.mjs";

const release = await ensureRelease();
holdRelease(release);
const server = spawn(process.execPath, [`${release}/main.js`], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
