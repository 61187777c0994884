// Markdown the lead can paste into docs/benchmarks.md as is.
import { cpus, loadavg, release, totalmem } from "node:os";
import type { LoadSettings, Measurement } from "./measure.ts";

export type DatabaseReport = {
  title: string;
  /** e.g. "PostgreSQL 15.20" or "PGlite 0.5.0 (PostgreSQL 17.5)". */
  engine: string;
  /** Left out for a run without a database. */
  productCount?: number;
  measurements: Measurement[];
  notes: string[];
};

/**
 * Taken when the run starts (this module loads first): client and servers share the cores, so
 * anything else already running skews every figure.
 */
const loadBefore = loadavg()[0] ?? 0;

const number = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** No successful response means no latency to show, not a latency of zero. */
const milliseconds = (value: number) => (Number.isFinite(value) ? number(value, value < 10 ? 2 : 1) : "—");

function ratio(measurement: Measurement, all: Measurement[]): string {
  if (!measurement.baseline) return "baseline";
  const base = all.find((m) => m.target === measurement.baseline);
  if (!base || base.requestsPerSecond === 0) return "—";
  const percent = (100 * measurement.requestsPerSecond) / base.requestsPerSecond;
  // Small shares keep two decimals so that 0.04 % and 0.4 % do not both read as "0.0 %".
  return `${number(percent, percent < 1 ? 2 : 1)} % of ${measurement.baseline}`;
}

export function machineInfo(settings: LoadSettings): string[] {
  const cpu = cpus();
  return [
    `- Machine: ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${cpu.length} cores, ${number(totalmem() / 2 ** 30, 1)} GiB, Linux ${release()}`,
    `- Node ${process.version}; date ${new Date().toISOString()}`,
    `- Load average (1 min) before the run: ${number(loadBefore, 2)}`,
    `- Load: autocannon in the same machine, ${settings.connections} connections, ${settings.seconds} s after a ${settings.warmupSeconds} s warm-up per target`,
  ];
}

export function databaseSection(report: DatabaseReport): string {
  const lines = [
    `### ${report.title}`,
    "",
    report.productCount === undefined
      ? `${report.engine}.`
      : `${report.engine}; ${number(report.productCount)} products in the benchmark store.`,
    "",
    "| Target | Requests/s | p50 ms | p99 ms | Errors | vs. bare baseline |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const m of report.measurements) {
    const errors = m.errors === 0 ? "0" : `${number(m.errors)} of ${number(m.requests)}`;
    lines.push(
      `| ${m.target} | ${number(m.requestsPerSecond)} | ${milliseconds(m.p50)} | ${milliseconds(m.p99)} | ${errors} | ${ratio(m, report.measurements)} |`,
    );
  }
  if (report.notes.length > 0) lines.push("", ...report.notes.map((note) => `- ${note}`));
  return lines.join("\n");
}

export function fullReport(settings: LoadSettings, sections: string[], skipped: string[]): string {
  return [
    "## Benchmark",
    "",
    ...machineInfo(settings),
    ...skipped.map((s) => `- ${s}`),
    "",
    sections.join("\n\n"),
    "",
  ].join("\n");
}
