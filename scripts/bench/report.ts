// Markdown the lead can paste into docs/benchmarks.md as is.
import { cpus, loadavg, release, totalmem } from "node:os";
import { type KindFigures, type LoadSettings, type Measurement, percentile } from "./measure.ts";
import { PAGE_GOALS } from "./targets.ts";

export type DatabaseReport = {
  title: string;
  /** e.g. "PostgreSQL 15.20" or "PGlite 0.5.0 (PostgreSQL 17.5)". */
  engine: string;
  /** Left out for a run without a database. */
  productCount?: number;
  measurements: Measurement[];
  /** Further tables (the mixed run), after the main one. */
  tables?: string[];
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

const errorsOf = (m: { errors: number; requests: number }) =>
  m.errors === 0 ? "0" : `${number(m.errors)} of ${number(m.requests)}`;

const KIND_NAMES: Record<string, string> = {
  search: "product search",
  listing: "category listing (pages 1 and 20)",
  info: "product info",
  page: "SSR product page",
  create: "order create",
};

/** One kind's figures pooled over the parts of a load that carry it (kinds are per part). */
function kindOf(parts: Measurement[], kind: string): KindFigures | undefined {
  return parts.map((m) => m.byKind?.[kind]).find((figures) => figures !== undefined);
}

/** Several kinds as one: requests add up, percentiles come from the pooled latencies. */
function pooled(figures: KindFigures[]): KindFigures | undefined {
  if (figures.length === 0) return undefined;
  const all = new Float64Array(figures.reduce((n, f) => n + f.latencies.length, 0));
  let at = 0;
  for (const f of figures) {
    all.set(f.latencies, at);
    at += f.latencies.length;
  }
  all.sort();
  return {
    requestsPerSecond: figures.reduce((n, f) => n + f.requestsPerSecond, 0),
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    requests: figures.reduce((n, f) => n + f.requests, 0),
    errors: figures.reduce((n, f) => n + f.errors, 0),
    latencies: all,
  };
}

/**
 * The mixed run: each kind of request browsing alone and beside order creates, and how much the
 * creates stretched browsing's p99 (the target is at most 2×).
 */
export function mixedTable(alone: Measurement[], mixed: Measurement[], beside = "with creates"): string {
  const browsingKinds = Object.keys(KIND_NAMES).filter((kind) => kind !== "create");
  const present = (parts: Measurement[]) =>
    browsingKinds.map((kind) => kindOf(parts, kind)).filter((f): f is KindFigures => f !== undefined);
  const rows: Array<[string, KindFigures | undefined, KindFigures | undefined]> = [
    ["all browsing", pooled(present(alone)), pooled(present(mixed))],
    ...browsingKinds.map((kind): [string, KindFigures | undefined, KindFigures | undefined] => [
      KIND_NAMES[kind] as string,
      kindOf(alone, kind),
      kindOf(mixed, kind),
    ]),
    [KIND_NAMES.create as string, undefined, kindOf(mixed, "create")],
  ];
  const cells = (f: KindFigures | undefined) =>
    f ? `${number(f.requestsPerSecond)} | ${milliseconds(f.p50)} | ${milliseconds(f.p99)}` : "— | — | —";
  const lines = [
    `| Requests (mixed run) | alone req/s | p50 ms | p99 ms | ${beside} req/s | p50 ms | p99 ms | errors | p99 with / alone |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [name, before, during] of rows) {
    if (!before && !during) continue;
    const stretch = before && during ? `${number(during.p99 / before.p99, 2)}×` : "—";
    lines.push(
      `| ${name} | ${cells(before)} | ${cells(during)} | ${during ? errorsOf(during) : "—"} | ${stretch} |`,
    );
  }
  const lost =
    mixed.reduce((n, m) => n + m.errors, 0) -
    mixed.reduce((n, m) => n + Object.values(m.byKind ?? {}).reduce((k, f) => k + f.errors, 0), 0);
  if (lost > 0)
    lines.push("", `Connection errors or timeouts ${beside}, not counted by kind: ${number(lost)}.`);
  return lines.join("\n");
}

/** Each page measured against its goal in issue 12: a share of the bare page's requests/s and a p99. */
function goalLines(measurements: Measurement[]): string[] {
  const lines: string[] = [];
  for (const m of measurements) {
    const goal = PAGE_GOALS[m.target];
    const base = measurements.find((b) => b.target === m.baseline);
    if (!goal || !base || base.requestsPerSecond === 0) continue;
    const share = m.requestsPerSecond / base.requestsPerSecond;
    const shareMet = share >= goal.share ? "met" : "NOT MET";
    const p99Met = m.p99 <= goal.p99Ms ? "met" : "NOT MET";
    lines.push(
      `Goal for ${m.target}: ${number(100 * share, 1)} % of the bare page (≥ ${number(100 * goal.share)} %) ${shareMet}; p99 ${milliseconds(m.p99)} ms (≤ ${number(goal.p99Ms)} ms) ${p99Met}.`,
    );
  }
  return lines;
}

export function databaseSection(report: DatabaseReport): string {
  const lines = [
    `### ${report.title}`,
    "",
    report.productCount === undefined
      ? `${report.engine}.`
      : `${report.engine}; ${number(report.productCount)} products in the benchmark store.`,
    "",
  ];
  // CPU per request where it could be read (Linux): the API process, and PostgreSQL's backends
  // serving it when PostgreSQL runs on this machine.
  const withCpu = report.measurements.some((m) => m.cpu?.apiMs !== undefined);
  if (report.measurements.length > 0)
    lines.push(
      `| Target | Requests/s | p50 ms | p99 ms | Errors | vs. bare baseline |${withCpu ? " CPU ms/request: API + database |" : ""}`,
      `| --- | ---: | ---: | ---: | ---: | --- |${withCpu ? " ---: |" : ""}`,
    );
  for (const m of report.measurements) {
    const cpu = !withCpu
      ? ""
      : m.cpu?.apiMs === undefined
        ? " — |"
        : ` ${milliseconds(m.cpu.apiMs)}${m.cpu.databaseMs === undefined ? "" : ` + ${milliseconds(m.cpu.databaseMs)}`} |`;
    lines.push(
      `| ${m.target} | ${number(m.requestsPerSecond)} | ${milliseconds(m.p50)} | ${milliseconds(m.p99)} | ${errorsOf(m)} | ${ratio(m, report.measurements)} |${cpu}`,
    );
  }
  for (const table of report.tables ?? []) lines.push("", table);
  const notes = [...goalLines(report.measurements), ...report.notes];
  if (notes.length > 0) lines.push("", ...notes.map((note) => `- ${note}`));
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
