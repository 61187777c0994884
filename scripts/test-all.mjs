#!/usr/bin/env node
// Runs every suite — contract and web unit tests, API tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), browser journeys in Chromium — and ends with one line
// "N passed, N failed" summing them all. Exits non-zero when anything failed.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const reports = join(root, ".data", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const suites = [
  { name: "contract unit", cwd: "packages/contract", kind: "vitest" },
  { name: "web unit", cwd: "apps/web", kind: "vitest" },
  { name: "api on PGlite", cwd: "apps/api", kind: "vitest", env: { TEST_DATABASE_URL: "" } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "api on PostgreSQL", cwd: "apps/api", kind: "vitest" }] : []),
  { name: "browser journeys", cwd: "apps/web", kind: "playwright" },
];

function countVitest(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numTotalTestSuites === 0 ? 1 : 0),
  };
}

function countPlaywright(file) {
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

let passed = 0;
let failed = 0;
const lines = [];
for (const [index, suite] of suites.entries()) {
  const file = join(reports, `${index}.json`);
  const [command, args, reportEnv] =
    suite.kind === "vitest"
      ? ["npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`], {}]
      : ["npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file }];
  console.log(`\n━━ ${suite.name} ━━`);
  const run = spawnSync(command, args, {
    cwd: join(root, suite.cwd),
    stdio: "inherit",
    env: { ...process.env, ...suite.env, ...reportEnv },
  });
  let counts;
  try {
    counts = suite.kind === "vitest" ? countVitest(file) : countPlaywright(file);
  } catch {
    counts = { passed: 0, failed: 1 };
  }
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  lines.push(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed`);
}
console.log(`\n${lines.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
