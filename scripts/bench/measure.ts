// One load test per target with autocannon. Requests rotate over many variants (ids, filters) so
// the figures are not those of a single hot row or a single cached plan.
import { request as httpRequest } from "node:http";
import autocannon from "autocannon";

export type Variant = { path: string; body?: string; headers?: Record<string, string> };

export type Target = {
  name: string;
  /** Name of the target whose requests/s this one is compared with; none for a baseline. */
  baseline?: string;
  origin: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  variants: Variant[];
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
};

export type LoadSettings = { connections: number; seconds: number; warmupSeconds: number };

function rotating(target: Target): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: target.method,
      setupRequest: (request) => {
        const variant = target.variants[next++ % target.variants.length] as Variant;
        return {
          ...request,
          method: target.method,
          path: variant.path,
          body: variant.body ?? "",
          headers: { ...request.headers, ...variant.headers },
        };
      },
    },
  ];
}

type Run = { result: autocannon.Result; latencies: Float64Array };

/**
 * autocannon's own latency histogram keeps whole milliseconds, which flattens every fast target
 * to 0 or 1 ms; the per-response timings it emits are exact, so percentiles are taken from those.
 */
function run(target: Target, connections: number, seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    let count = 0;
    const instance = autocannon(
      {
        url: target.origin,
        connections,
        duration: seconds,
        headers: target.headers,
        requests: rotating(target),
        // Slow SSR pages under load must show up as latency, not as spurious timeouts.
        timeout: 30,
      },
      (error: unknown, result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ result, latencies: latencies.subarray(0, count) });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      // Like autocannon, only successful responses count towards latency.
      if (statusCode < 200 || statusCode > 299) return;
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    });
  });
}

function percentile(sorted: Float64Array, p: number): number {
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
      target.method,
      first.path,
      { ...target.headers, ...first.headers },
      first.body,
      300_000,
    );
  } catch (error) {
    console.warn(
      `[bench] ${target.name}: still busy after ${Date.now() - started} ms (${(error as Error).message})`,
    );
  }
}

export async function measure(target: Target, settings: LoadSettings): Promise<Measurement> {
  // Warm-up lets the JIT, connection pools and database caches settle; its figures are discarded.
  if (settings.warmupSeconds > 0) {
    await run(target, settings.connections, settings.warmupSeconds);
    await drain(target);
  }
  const { result, latencies } = await run(target, settings.connections, settings.seconds);
  // The next target must not start with this one's backlog either.
  await drain(target);
  latencies.sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stats.count ?? 0;
  return {
    target: target.name,
    baseline: target.baseline,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    statusCodes,
  };
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
 * One request per variant (up to `limit`) before loading: a target that answers 404 or 500 would
 * otherwise be measured at error speed and look fast.
 */
export async function preflight(target: Target, limit: number): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of target.variants.slice(0, limit)) {
    const { status, text } = await send(
      target.origin,
      target.method,
      variant.path,
      { ...target.headers, ...variant.headers },
      variant.body,
    );
    if (status !== 200) problems.push(`${target.method} ${variant.path} → ${status} ${text.slice(0, 160)}`);
  }
  return problems;
}
