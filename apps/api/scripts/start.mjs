#!/usr/bin/env node
// `npm start`: runs the store API's current release with plain Node (compiled JavaScript, no
// TypeScript loader), bundling it first when its sources changed. The release stays held while it
// runs, so a build meanwhile never removes it.
import { runRelease } from "../../../scripts/releases.mjs";
import { ensureRelease } from "./releases.mjs";

runRelease(await ensureRelease(), "main.js");
