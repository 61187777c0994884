#!/usr/bin/env node
// `npm start`: serves the current release with plain Node (its server is compiled JavaScript),
// building it first when the sources changed. The release stays held while this server runs, so
// a build started meanwhile, from this checkout or another terminal, never removes what it loads.
import { runRelease } from "../../../scripts/releases.mjs";
import { ensureRelease } from "./releases.mjs";

const release = await ensureRelease();
runRelease(release, "server.js", { NODE_ENV: "production", STOA_WEB_RELEASE: release });
