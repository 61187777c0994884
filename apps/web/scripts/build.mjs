#!/usr/bin/env node
// `npm run build`: the storefront's release for the sources as they are (built only when they
// changed since the last one; `--force` builds again).
import { ensureRelease } from "./releases.mjs";

const dir = await ensureRelease({ force: process.argv.includes("--force") });
console.log(`Storefront release ready: ${dir}`);
