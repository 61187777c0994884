// One load test per target with autocannon. Requests rotate over many variants (ids, filters) so
// the figures are not those of a single hot row or a single cached plan.
import { request as httpRequest } from "node:http";
import autocannon from "autocannon";
import { type CpuSampler, cpuPerRequest } from "./cpu.ts";

/** `kind` names the requests of a mixed load whose latencies are counted apart (see `byKind`). */
export type Variant = {
  path: string;
  /** When the requests of one target differ in method (a mixed load); else the target's. */
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  kind?: string;
};

export type Target = {
  name: string;
  /** Name of the target whose requests/s this one is compared with; none for a baseline. */
  baseline?: string;
  origin: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  variants: Variant[];
  /**
   * Headers made anew for every request sent, preflight and drain included: an order's
   * Idempotency-Key, which must differ per order or every request would answer the first order.
   */
  perRequest?: () => Record<string, string>;
  /** Asked once per variant before the load: what a running shop already holds (shared pages). */
  primed?: boolean;
};

/** The requests of one kind within a mixed load. */
export type KindFigures = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses that are not 2xx (connection errors and timeouts cannot be told apart by kind). */
  errors: number;
  /** Of the successful responses, sorted, so that kinds can be pooled. */
  latencies: Float64Array;
};

export type Measurement = {
  target: string;
  baseline?: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors, timeouts and every response that is not 2xx. */
  errors: number;
  statusCodes: Record<string, number>;
  /** Per request kind, when the variants name kinds. */
  byKind?: Record<string, KindFigures>;
  /** A few answers that were not 2xx, to say why. */
  errorSamples: string[];
  /** CPU milliseconds per request of the API process and of PostgreSQL, where they could be read. */
  cpu?: { apiMs?: number; databaseMs?: number };
};

export type LoadSettings = { connections: number; seconds: number; warmupSeconds: number };

const MAX_ERROR_SAMPLES = 5;

/**
 * Requests in variant order across all connections, so that one request in ten of a mixed load is
 * of the tenth kind whatever each connection is doing. The kind goes into the connection's
 * context, which autocannon keeps per connection and resets before each request is set up.
 */
/**
 * Where each target's rotation stands: the warm-up, then the measured run, go on from where the
 * last left off, so a variant that may be sent once (a booking of one hour) is not sent again.
 */
const rotations = new WeakMap<Target, { next: number }>();

function rotating(target: Target, errorSamples: string[]): autocannon.Request[] {
  const rotation = rotations.get(target) ?? { next: 0 };
  rotations.set(target, rotation);
  return [
    {
      method: target.method,
      setupRequest: (request, context) => {
        const variant = target.variants[rotation.next++ % target.variants.length] as Variant;
        (context as { kind?: string }).kind = variant.kind;
        return {
          ...request,
          method: variant.method ?? target.method,
          path: variant.path,
          body: variant.body ?? "",
          headers: { ...request.headers, ...variant.headers, ...target.perRequest?.() },
        };
      },
      onResponse: (status, body) => {
        if ((status < 200 || status > 299) && errorSamples.length < MAX_ERROR_SAMPLES)
          errorSamples.push(`${status} ${body.slice(0, 300)}`);
      },
    },
  ];
}

/** Growable list of latencies in milliseconds. */
class Latencies {
  values = new Float64Array(1 << 12);
  count = 0;
  errors = 0;
  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }
  sorted(): Float64Array {
    return this.values.subarray(0, this.count).sort();
  }
}

type Run = { result: autocannon.Result; latencies: Latencies; byKind: Map<string, Latencies> };

/** The kind of the request a connection is answering: responses come before the next request is set up. */
function kindOf(client: unknown): string | undefined {
  return (client as { requestIterator?: { context?: { kind?: string } } }).requestIterator?.context?.kind;
}

/**
 * autocannon's own latency histogram keeps whole milliseconds, which flattens every fast target
 * to 0 or 1 ms; the per-response timings it emits are exact, so percentiles are taken from those.
 */
function run(
  target: Target,
  connections: number,
  seconds: number,
  errorSamples: string[] = [],
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies = new Latencies();
    const byKind = new Map<string, Latencies>();
    const instance = autocannon(
      {
        url: target.origin,
        connections,
        duration: seconds,
        headers: target.headers,
        requests: rotating(target, errorSamples),
        // Slow SSR pages under load must show up as latency, not as spurious timeouts.
        timeout: 30,
      },
      (error: unknown, result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ result, latencies, byKind });
      },
    );
    instance.on("response", (client, statusCode, _bytes, responseTime) => {
      const kind = kindOf(client);
      let ofKind: Latencies | undefined;
      if (kind !== undefined) {
        ofKind = byKind.get(kind) ?? new Latencies();
        byKind.set(kind, ofKind);
      }
      // Like autocannon, only successful responses count towards latency.
      if (statusCode < 200 || statusCode > 299) {
        if (ofKind) ofKind.errors++;
        return;
      }
      latencies.add(responseTime);
      ofKind?.add(responseTime);
    });
  });
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Requests cut off when a load ends are still being served; on a server that handles them in turn
 * (PGlite runs one query at a time) this request returns only once they are done, so the next
 * window does not start with the previous one's backlog.
 */
async function drain(target: Target): Promise<void> {
  const first = target.variants[0] as Variant;
  const started = Date.now();
  try {
    await send(
      target.origin,
      first.method ?? target.method,
      first.path,
      { ...target.headers, ...first.headers, ...target.perRequest?.() },
      first.body,
      300_000,
    );
  } catch (error) {
    console.warn(
      `[bench] ${target.name}: still busy after ${Date.now() - started} ms (${(error as Error).message})`,
    );
  }
}

/** One target of a load and the connections it gets. */
export type Part = { target: Target; connections: number };

function measurementOf(
  part: Part,
  { result, latencies, byKind }: Run,
  seconds: number,
  errorSamples: string[],
): Measurement {
  const sorted = latencies.sorted();
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stats.count ?? 0;
  const measured: Measurement = {
    target: part.target.name,
    baseline: part.target.baseline,
    requestsPerSecond: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    statusCodes,
    errorSamples,
  };
  if (byKind.size > 0) {
    measured.byKind = {};
    for (const [kind, figures] of byKind) {
      const ofKind = figures.sorted();
      measured.byKind[kind] = {
        requestsPerSecond: (figures.count + figures.errors) / seconds,
        p50: percentile(ofKind, 50),
        p99: percentile(ofKind, 99),
        requests: figures.count + figures.errors,
        errors: figures.errors,
        latencies: ofKind,
      };
    }
  }
  return measured;
}

/**
 * Loads several targets at once, each with its own connections (a mixed load over two servers),
 * and measures each: warm-up together, drain, measured window together, drain.
 */
export async function measureTogether(
  parts: Part[],
  settings: LoadSettings,
  sampleCpu?: CpuSampler,
): Promise<Measurement[]> {
  const drainAll = () => Promise.all(parts.map((part) => drain(part.target)));
  // Warm-up lets the JIT, connection pools and database caches settle; its figures are discarded.
  if (settings.warmupSeconds > 0) {
    await Promise.all(parts.map((part) => run(part.target, part.connections, settings.warmupSeconds)));
    await drainAll();
  }
  const samples = parts.map((): string[] => []);
  // CPU per request only when one target has the servers to itself.
  const sampled = parts.length === 1 ? (parts[0] as Part).target.origin : undefined;
  const cpuBefore = sampled ? await sampleCpu?.(sampled) : undefined;
  const runs = await Promise.all(
    parts.map((part, i) => run(part.target, part.connections, settings.seconds, samples[i])),
  );
  const cpuAfter = sampled ? await sampleCpu?.(sampled) : undefined;
  // The next target must not start with this one's backlog either.
  await drainAll();
  const measured = parts.map((part, i) =>
    measurementOf(part, runs[i] as Run, settings.seconds, samples[i] ?? []),
  );
  if (cpuBefore && cpuAfter) {
    const only = measured[0] as Measurement;
    only.cpu = cpuPerRequest(cpuBefore, cpuAfter, only.requests);
  }
  return measured;
}

export async function measure(
  target: Target,
  settings: LoadSettings,
  sampleCpu?: CpuSampler,
): Promise<Measurement> {
  const [measured] = await measureTogether(
    [{ target, connections: settings.connections }],
    settings,
    sampleCpu,
  );
  return measured as Measurement;
}

/** A single request sent like autocannon sends it; fetch would silently replace the Host header. */
export function send(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  timeoutMs = 30_000,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(path, origin),
      { method, headers, timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Asks every distinct request of a target once, a few at a time, so that a load meant to measure
 * kept answers does not measure the first computation of each. Answers that are not 200 are counted.
 */
export async function prime(target: Target, concurrency = 8): Promise<number> {
  const distinct = new Map<string, Variant>();
  for (const variant of target.variants)
    distinct.set(`${variant.method ?? target.method} ${variant.path} ${variant.body ?? ""}`, variant);
  const queue = [...distinct.values()];
  let failed = 0;
  const worker = async () => {
    for (let variant = queue.pop(); variant; variant = queue.pop()) {
      const { status } = await send(
        target.origin,
        variant.method ?? target.method,
        variant.path,
        { ...target.headers, ...variant.headers, ...target.perRequest?.() },
        variant.body,
      );
      if (status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failed;
}

/**
 * One request per variant (up to `limit`) before loading: a target that answers 404 or 500 would
 * otherwise be measured at error speed and look fast.
 */
export async function preflight(target: Target, limit: number): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of target.variants.slice(0, limit)) {
    const { status, text } = await send(
      target.origin,
      variant.method ?? target.method,
      variant.path,
      { ...target.headers, ...variant.headers, ...target.perRequest?.() },
      variant.body,
    );
    if (status !== 200)
      problems.push(`${variant.method ?? target.method} ${variant.path} → ${status} ${text.slice(0, 160)}`);
  }
  return problems;
}
