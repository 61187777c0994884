#!/usr/bin/env node
// Runs every suite — the import rules, contract and web unit tests, API tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), browser journeys in Chromium — and ends with one line
// "N passed, N failed" summing them all. Exits non-zero when anything failed.
// TEST_ALSO_ON_NODE=26 (or 24, …) runs the unit and API tests once more on that major version of
// Node.js, fetched from the npm registry (CI does, for the versions the README supports).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { delimiter, join } from "node:path";
import { nodeBinFolder } from "./node-release.mjs";

const root = new URL("..", import.meta.url).pathname;
const reports = join(root, ".data", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const suites = [
  { name: "import rules", cwd: ".", kind: "imports" },
  { name: "contract unit", cwd: "packages/contract", kind: "vitest" },
  { name: "web unit", cwd: "apps/web", kind: "vitest" },
  { name: "api on PGlite", cwd: "apps/api", kind: "vitest", env: { TEST_DATABASE_URL: "" } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "api on PostgreSQL", cwd: "apps/api", kind: "vitest" }] : []),
  { name: "browser journeys", cwd: "apps/web", kind: "playwright" },
  // Card payments beside local stand-ins of Stripe and Bambora (their own servers, so a run of their own).
  { name: "card journeys", cwd: "apps/web", kind: "playwright", args: ["-c", "playwright.cards.config.ts"] },
  ...otherNodeSuites(process.env.TEST_ALSO_ON_NODE),
];

/** The unit and API suites again, with that major version's node first on the PATH (npx and vitest follow it). */
function otherNodeSuites(major) {
  if (!major) return [];
  let bin;
  try {
    bin = nodeBinFolder(major);
  } catch (error) {
    return [{ name: `Node.js ${major}`, kind: "setup-failed", error }];
  }
  const env = { PATH: `${bin}${delimiter}${process.env.PATH}` };
  // Named by the version the suites really run on, read through the same PATH they get.
  const version = spawnSync("node", ["--version"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  }).stdout.trim();
  const on = `on Node.js ${version || major}`;
  return [
    { name: `contract unit ${on}`, cwd: "packages/contract", kind: "vitest", env },
    { name: `web unit ${on}`, cwd: "apps/web", kind: "vitest", env },
    { name: `api on PGlite ${on}`, cwd: "apps/api", kind: "vitest", env: { ...env, TEST_DATABASE_URL: "" } },
    ...(process.env.TEST_DATABASE_URL
      ? [{ name: `api on PostgreSQL ${on}`, cwd: "apps/api", kind: "vitest", env }]
      : []),
  ];
}

/**
 * The tests that failed (or passed only on a retry), named under the suite's line of the summary:
 * the end of a long run's output is what a reader is shown, and it then says which test to look at.
 */
const named = (kind, titles) => titles.map((title) => `  ${kind}: ${title}`);

function countVitest(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const failures = report.testResults.flatMap((result) =>
    result.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${result.name.replace(root, "")} › ${test.fullName}`),
  );
  return {
    names: named("✘ failed", failures),
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numTotalTestSuites === 0 ? 1 : 0),
  };
}

/** One check per rule of .dependency-cruiser.cjs; each violation is printed and counts as a failure. */
function countImportRules(file) {
  const { summary } = JSON.parse(readFileSync(file, "utf8"));
  for (const v of summary.violations) {
    const via = v.cycle?.length ? ` (${v.cycle.map((step) => step.name ?? step).join(" → ")})` : "";
    console.log(`✘ ${v.rule.name}: ${v.from} → ${v.to}${via}`);
  }
  const rules = summary.ruleSetUsed?.forbidden?.length ?? 1;
  const broken = new Set(summary.violations.map((v) => v.rule.name));
  console.log(`${summary.totalCruised} modules, ${summary.violations.length} import rule violations`);
  return { passed: rules - broken.size, failed: summary.violations.length };
}

function countPlaywright(file) {
  const { stats, suites } = JSON.parse(readFileSync(file, "utf8"));
  const outcomes = { unexpected: [], flaky: [] };
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) outcomes[test.status]?.push([...here, spec.title].join(" › "));
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of suites ?? []) walk(suite, []);
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    names: [...named("✘ failed", outcomes.unexpected), ...named("⚠ passed only on a retry", outcomes.flaky)],
  };
}

let passed = 0;
let failed = 0;
const lines = [];
for (const [index, suite] of suites.entries()) {
  if (suite.kind === "setup-failed") {
    console.log(`\n━━ ${suite.name} ━━\n${suite.error.message}`);
    failed += 1;
    lines.push(`${suite.name}: could not be set up`);
    continue;
  }
  const file = join(reports, `${index}.json`);
  const [command, args, reportEnv] = {
    vitest: [
      "npx",
      ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`],
      {},
    ],
    playwright: [
      "npx",
      ["playwright", "test", ...(suite.args ?? []), "--reporter=list,json"],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    ],
    imports: [
      "npm",
      ["run", "--silent", "check:imports", "--", "--output-type", "json", "--output-to", file],
      {},
    ],
  }[suite.kind];
  console.log(`\n━━ ${suite.name} ━━`);
  const run = spawnSync(command, args, {
    cwd: join(root, suite.cwd),
    stdio: "inherit",
    env: { ...process.env, ...suite.env, ...reportEnv },
  });
  let counts;
  try {
    counts = { vitest: countVitest, playwright: countPlaywright, imports: countImportRules }[suite.kind](
      file,
    );
  } catch {
    counts = { passed: 0, failed: 1 };
  }
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  lines.push(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed`, ...(counts.names ?? []));
}
console.log(`\n${lines.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
