// `npm run bench`: for each database backend, prepares the large catalogue, starts the API, the
// storefront and two bare baselines as child processes, loads each target with autocannon and
// prints one markdown table per database (also written to .data/bench/last.md).
import { mkdirSync, writeFileSync } from "node:fs";
import type { CheckoutRequestInput } from "@stoa/contract";
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";
import { prepareBookings } from "./bookings.ts";
import { browsingWhileEditing } from "./browse-edits.ts";
import { ensureBuilds, type Releases } from "./builds.ts";
import { CARD_GATEWAYS, type CardFakes, cardBodies, cardCostNote, startCardFakes } from "./cards.ts";
import {
  BARE_RR_DIR,
  BENCH_DIR,
  cardRounds as CARD_ROUNDS,
  cpuProfile,
  databases,
  LOG_DIR,
  log,
  orderProducts,
  PROFILE_DIR,
  postgresServer,
  productTarget,
  ROOT,
  settings,
  staffOrderTarget,
  targetKeys,
} from "./config.ts";
import { type CpuSampler, cpuTimes } from "./cpu.ts";
import type { Backend, Workload } from "./data.ts";
import { prepareDineIn } from "./dine-in.ts";
import {
  type Measurement,
  measure,
  measureTogether,
  type Part,
  preflight,
  prime,
  type Target,
} from "./measure.ts";
import { type Checkout, checkoutWorkload, checkStock, type StockCheck, settledSnapshot } from "./orders.ts";
import { prepareReferrals, sweepNote } from "./referrals.ts";
import { databaseSection, fullReport, mixedTable } from "./report.ts";
import { prepareReservations } from "./reservations.ts";
import { freePort, killAllNow, type RunningServer, startServer, stopAll } from "./servers.ts";
import { prepareStaffOrders } from "./staff-orders.ts";
import {
  ANSWER_CACHE_TARGETS,
  CARD_CREATE_NAMES,
  CREATE_EVERY,
  CREATE_NAME,
  commitFloorTarget,
  createTarget,
  mixedParts,
  PAGE_TARGETS,
  RENDERED_AFRESH,
  type Servers,
  targetsFor,
  usableSearchBodies,
} from "./targets.ts";

type DataModule = typeof import("./data.ts");

const CHECKOUT_TARGETS = ["calculate", "create", "createStripe", "createBambora", "mixed"] as const;
const wantsCheckout = CHECKOUT_TARGETS.some((key) => targetKeys.includes(key));
const CARD_TARGETS = { createStripe: "stripe", createBambora: "bambora" } as const;
const wantsCards = targetKeys.some((key) => key in CARD_TARGETS);
const wantsStaffOrders = (
  [
    "staffOrders",
    "staffOrderSearch",
    "staffReport",
    "staffProductSearch",
    "staffProductList",
    "staffImportDryRun",
  ] as const
).some((key) => targetKeys.includes(key));

const wantsDineIn = (["roundsOneTab", "roundsManyTables"] as const).some((key) => targetKeys.includes(key));
const wantsReservations = (["reserveOneSlot", "reserveManySlots"] as const).some((key) =>
  targetKeys.includes(key),
);
const wantsBookings = (["bookOneSlot", "bookManySlots"] as const).some((key) => targetKeys.includes(key));
const wantsReferrals = (["referralLedger", "staffCommissions", "referralSweep"] as const).some((key) =>
  targetKeys.includes(key),
);

/** A script of the repository run with the bench's own Node through tsx, on a free port. */
async function startScript(
  name: string,
  cwd: string,
  script: string,
  env: (port: number) => Record<string, string>,
  ready: { path: string; headers?: Record<string, string> } = { path: "/" },
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  return startServer(
    {
      name,
      args: [...nodeArgs, "--import", "tsx", script],
      cwd,
      env: { NODE_ENV: "production", ...env(port) },
      port,
      readyPath: ready.path,
      readyHeaders: ready.headers,
    },
    LOG_DIR,
  );
}

/**
 * A release's server (compiled JavaScript) run with plain Node on a free port, as `npm start` runs
 * it: no TypeScript loader between the server and the modules it imports while it serves.
 */
async function startRelease(
  name: string,
  entry: string,
  env: (port: number) => Record<string, string>,
  ready: { path: string; headers?: Record<string, string> },
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  return startServer(
    {
      name,
      args: [...nodeArgs, entry],
      cwd: ROOT,
      env: { NODE_ENV: "production", ...env(port) },
      port,
      readyPath: ready.path,
      readyHeaders: ready.headers,
    },
    LOG_DIR,
  );
}

async function startBaselines(): Promise<Pick<Servers, "hono" | "rr">> {
  const hono = targetKeys.includes("hono")
    ? await startScript("bare-hono", ROOT, "scripts/bench/bare-hono.ts", (port) => ({ PORT: String(port) }))
    : undefined;
  const rr = targetKeys.includes("rr")
    ? await startScript("bare-react-router", BARE_RR_DIR, "server.ts", (port) => ({ PORT: String(port) }))
    : undefined;
  return { hono, rr };
}

async function loadTargets(
  targets: Target[],
  notes: string[],
  sampleCpu?: CpuSampler,
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const target of targets) {
    const checked = Math.min(10, target.variants.length);
    let problems: string[];
    try {
      problems = await preflight(target, checked);
    } catch (error) {
      // One unreachable or hung target should not cost the figures of all the others.
      problems = Array.from({ length: checked }, () => (error as Error).message);
    }
    if (problems.length > 0) {
      log(`${target.name}: ${problems.length} of ${checked} checks not 200, e.g. ${problems[0]}`);
      // Measuring a target that only answers errors would report error-page speed as its speed.
      if (problems.length === checked) {
        notes.push(`${target.name} not measured: ${problems[0]}`);
        continue;
      }
    }
    if (target.primed) {
      log(`priming ${target.name}`);
      const failed = await prime(target);
      if (failed > 0) notes.push(`${target.name}: ${failed} priming requests not 200`);
    }
    log(`measuring ${target.name} (${target.variants.length} variants)`);
    const result = await measure(target, settings, sampleCpu);
    const codes = Object.entries(result.statusCodes)
      .map(([code, n]) => `${code}×${n}`)
      .join(" ");
    log(
      `  ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${codes}`,
    );
    if (result.errorSamples.length > 0) notes.push(`${target.name}: e.g. ${result.errorSamples[0]}`);
    // With fewer responses than open connections most requests were still queued at the end, and
    // the percentiles describe only the lucky ones.
    if (result.requests < settings.connections * 2) {
      notes.push(
        `${target.name}: only ${result.requests} responses in ${settings.seconds} s with ${settings.connections} connections; its latencies cover completed requests only and understate the wait.`,
      );
    }
    results.push(result);
  }
  return results;
}

/** What the stock check after a load of creates says, for the notes under the table. */
function stockNote(load: string, check: StockCheck): string {
  const counted = `${check.orders.toLocaleString("en-US")} orders placed (warm-up and checks included), ${check.units.toLocaleString("en-US")} units`;
  const negative =
    check.negative === 0 ? "no stock below zero in the store" : `${check.negative} stock figures BELOW ZERO`;
  if (check.mismatches.length === 0)
    return `${load}: ${counted}; every product and variation of the pool lost exactly the units its orders hold, ${negative}.`;
  return `${load}: ${counted}; STOCK AND ORDERS DISAGREE on ${check.mismatches.length} products or variations (e.g. ${check.mismatches.slice(0, 3).join("; ")}), ${negative}.`;
}

/** Preflight of each part: a mixed load whose requests fail would measure error speed. */
async function checkedParts(parts: Part[], notes: string[]): Promise<boolean> {
  for (const { target } of parts) {
    const problems = await preflight(target, CREATE_EVERY);
    if (problems.length > 0) {
      notes.push(`${target.name} not measured: ${problems[0]}`);
      return false;
    }
  }
  return true;
}

/**
 * Order create alone, then the mixed run (browsing alone, then browsing with creates), each load
 * of creates followed by the stock check. PostgreSQL only: the check reads the database while the
 * API runs, which a PGlite directory does not allow.
 */
async function loadOrderTargets(
  servers: Servers & { api: RunningServer },
  workload: Workload,
  searchBodies: Parameters<typeof mixedParts>[2],
  checkout: Checkout,
  db: DatabaseHandle | undefined,
  sampleCpu: CpuSampler,
  notes: string[],
  tables: string[],
  cards?: CardFakes,
): Promise<Measurement[]> {
  const keys = targetKeys.filter(
    (key) => key === "create" || key === "mixed" || key === "createStripe" || key === "createBambora",
  );
  const pool = workload.orderPool;
  if (keys.length === 0 || !pool) return [];
  if (!db) {
    notes.push(
      `${keys.join(" and ")}: measured on PostgreSQL only (the stock check reads the database during the run)`,
    );
    return [];
  }
  const results: Measurement[] = [];
  /** One load of creates from a fresh checkpoint, its stock checked after it. */
  const loadCreates = async (
    name: string,
    bodies?: CheckoutRequestInput[],
  ): Promise<Measurement | undefined> => {
    await vacuumAndCheckpoint(db);
    const before = await settledSnapshot(db, workload.storeId, pool);
    const target = createTarget(servers.api, checkout, servers.hono, {
      name,
      bodies: bodies ?? checkout.createBodies,
    });
    const [measured] = await loadTargets([target], notes, sampleCpu);
    if (measured) notes.push(stockNote(name, await checkStock(db, workload.storeId, pool, before)));
    return measured;
  };
  const cardKeys = (["createStripe", "createBambora"] as const).filter((key) => keys.includes(key));
  if (cardKeys.length > 0 && !cards)
    notes.push(`${cardKeys.join(" and ")}: the fake card providers did not start`);
  const cardRounds = cards && cardKeys.length > 0 && keys.includes("create") ? CARD_ROUNDS : 1;
  /*
   * Cash and card creates take turns, round after round, and each card is compared with the cash
   * loads of all rounds: the machine's speed and PostgreSQL's own work (a checkpoint's first
   * writes of each page, autovacuum) drift over a run by more than the 20 % being measured.
   */
  const runs = new Map<string, Measurement[]>();
  for (let round = 1; round <= cardRounds; round++) {
    const suffix = round === 1 ? "" : ` (round ${round})`;
    if (keys.includes("create")) {
      const cash = await loadCreates(`${CREATE_NAME}${suffix}`);
      if (cash) runs.set(CREATE_NAME, [...(runs.get(CREATE_NAME) ?? []), cash]);
    }
    if (!cards) continue;
    for (const key of cardKeys) {
      const gateway = CARD_TARGETS[key];
      const name = CARD_CREATE_NAMES[gateway];
      const card = await loadCreates(
        `${name}${suffix}`,
        cardBodies(checkout.createBodies, gateway, cards.bamboraToken),
      );
      if (card) runs.set(name, [...(runs.get(name) ?? []), card]);
    }
  }
  for (const measured of runs.values()) results.push(...measured);
  for (const key of cardKeys) {
    const name = CARD_CREATE_NAMES[CARD_TARGETS[key]];
    const card = runs.get(name);
    if (card) notes.push(cardCostNote(name, card, runs.get(CREATE_NAME)));
  }
  if (keys.includes("mixed")) {
    const parts = (withOrders: boolean) =>
      mixedParts(servers, workload, searchBodies, checkout, withOrders, settings.connections);
    if (searchBodies.length === 0) notes.push("Mixed run not measured: no search filter found products");
    else if ((await checkedParts(parts(false), notes)) && (await checkedParts(parts(true), notes))) {
      // Both loads should find the answers a running shop keeps, not compute them for the first time.
      for (const { target } of parts(false)) {
        log(`priming ${target.name}`);
        const failed = await prime(target);
        if (failed > 0) notes.push(`${target.name}: ${failed} priming requests not 200`);
      }
      log("measuring the mixed run: browsing alone");
      const alone = await measureTogether(parts(false), settings);
      const before = await settledSnapshot(db, workload.storeId, pool);
      log(`measuring the mixed run: browsing with one order create in ${CREATE_EVERY} API requests`);
      const mixed = await measureTogether(parts(true), settings);
      const check = await checkStock(db, workload.storeId, pool, before);
      tables.push(mixedTable(alone, mixed));
      notes.push(stockNote("Mixed run", check));
      for (const m of [...alone, ...mixed])
        if (m.errorSamples.length > 0) notes.push(`${m.target}: e.g. ${m.errorSamples[0]}`);
    }
  }
  return results;
}

async function prepareData(data: DataModule, backend: Backend): Promise<Workload> {
  log(`${backend.title}: preparing data`);
  const started = Date.now();
  const handle = await data.openMigrated(backend, (line) => log(`  ${line}`));
  try {
    const storeId = await data.prepare(handle, productTarget, (line) => log(`  ${line}`));
    const workload = await data.workload(handle, storeId, wantsCheckout ? orderProducts : 0);
    if (wantsStaffOrders)
      workload.staffOrders = await prepareStaffOrders(handle, storeId, staffOrderTarget, (line) =>
        log(`  ${line}`),
      );
    if (wantsDineIn) workload.dineIn = await prepareDineIn(handle, storeId, (line) => log(`  ${line}`));
    if (wantsReservations)
      workload.reservations = await prepareReservations(handle, storeId, (line) => log(`  ${line}`));
    if (wantsBookings) workload.bookings = await prepareBookings(handle, storeId, (line) => log(`  ${line}`));
    if (wantsReferrals)
      workload.referrals = await prepareReferrals(handle, storeId, workload.shoppers, (line) =>
        log(`  ${line}`),
      );
    // The bench store takes both card gateways, on the accounts the API gets from its environment.
    if (wantsCards) await data.offerCardGateways(handle, storeId, CARD_GATEWAYS);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    log(`  ready in ${seconds} s: ${workload.productCount} products, ${workload.engine}`);
    return workload;
  } finally {
    // PGlite data dirs are single-process: the API can only open it once this one is closed.
    await handle.close();
  }
}

async function benchDatabase(
  data: DataModule,
  backend: Backend,
  baselines: Pick<Servers, "hono" | "rr">,
  releases: Releases,
): Promise<string> {
  const workload = await prepareData(data, backend);
  // Card creates are measured on PostgreSQL only (their stock check reads the database).
  const cardFakes = wantsCards && backend.name === "postgres" ? await startCardFakes() : undefined;
  /** The API as deployed, or with its answer cache off. */
  const startApi = (cacheOff = false) =>
    startRelease(
      `api-${backend.name}${cacheOff ? "-cache-off" : ""}`,
      `${releases.api ?? ""}/main.js`,
      (port) => ({
        ...backend.apiEnv,
        ...(cardFakes?.apiEnv ?? {}),
        API_PORT: String(port),
        API_HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        SEED_ON_EMPTY: "false",
        ...(cacheOff ? { API_CACHE_MB: "0" } : {}),
      }),
      { path: "/api/store/getByDomain", headers: { "store-domain": "localhost" } },
      // A CPU profile per API process, written when it stops, to see what bounds a target.
      cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
  let api = await startApi();
  let web: RunningServer | undefined;
  // A bare server that commits one insert per request: the machine's ceiling for order create.
  const floor =
    targetKeys.includes("commitFloor") && backend.name === "postgres"
      ? await startScript(
          "commit-floor",
          ROOT,
          "scripts/bench/commit-floor.ts",
          (port) => ({ PORT: String(port), DATABASE_URL: backend.apiEnv.DATABASE_URL ?? "" }),
          { path: "/health" },
        )
      : undefined;
  // A connection of the bench's own to PostgreSQL: the stock checks, and which backends serve the API.
  const db = backend.name === "postgres" ? await backend.open() : undefined;
  const sampleCpu: CpuSampler = async (origin) =>
    origin === api.origin || origin === floor?.origin
      ? {
          api: cpuTimes([origin === api.origin ? api.pid : (floor?.pid ?? api.pid)]),
          database: cpuTimes(db ? await backendPids(db) : []),
        }
      : undefined;
  /** The storefront as deployed (sharing pages), or rendering every page afresh (PAGE_CACHE_MB=0). */
  const startWeb = (afresh = false) =>
    startRelease(
      `web-${backend.name}${afresh ? "-afresh" : ""}`,
      `${releases.web}/server.js`,
      (port) => ({
        STOA_WEB_RELEASE: releases.web ?? "",
        WEB_PORT: String(port),
        API_URL: api.origin,
        // Priming a thousand product pages can take longer than a shared page's default age on a
        // busy machine; the shared rows measure pages held, so none expires during the run.
        ...(afresh ? { PAGE_CACHE_MB: "0" } : { PAGE_MAX_AGE_S: "3600" }),
      }),
      { path: "/", headers: { host: "localhost" } },
      cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
  try {
    if (releases.web) web = await startWeb();
    const notes: string[] = [];
    // Category listings reuse the categories of the search filters.
    const wantsFilters = targetKeys.some(
      (k) =>
        k === "search" ||
        k === "searchTypo" ||
        k === "listing" ||
        k === "listingDeep" ||
        k === "mixed" ||
        k === "browseEdits",
    );
    const searchBodies = wantsFilters ? await usableSearchBodies(api, workload.searchBodies) : [];
    if (targetKeys.includes("referralSweep") && workload.referrals) notes.push(sweepNote(workload.referrals));
    if (targetKeys.includes("search") && searchBodies.length === 0) {
      notes.push("API product search not measured: no filter found products");
    }
    const checkout =
      wantsCheckout && workload.orderPool
        ? await checkoutWorkload(
            api,
            workload.orderPool,
            workload.shoppers.map((s) => s.token),
          )
        : undefined;
    const targets = targetsFor({ ...baselines, api, web }, workload, searchBodies, false, checkout);
    const measurements = await loadTargets(targets, notes, sampleCpu);
    if (floor)
      measurements.push(...(await loadTargets([commitFloorTarget(floor, baselines.hono)], notes, sampleCpu)));
    const tables: string[] = [];
    if (checkout)
      measurements.push(
        ...(await loadOrderTargets(
          { ...baselines, api, web },
          workload,
          searchBodies,
          checkout,
          db,
          sampleCpu,
          notes,
          tables,
          cardFakes,
        )),
      );
    if (targetKeys.includes("browseEdits"))
      measurements.push(
        ...(await browsingWhileEditing(
          { ...baselines, api, web },
          workload,
          searchBodies,
          db,
          settings,
          notes,
          tables,
        )),
      );
    // The pages again from a storefront that renders every one (the API still keeps its answers).
    if (web && PAGE_TARGETS.some((key) => targetKeys.includes(key))) {
      await web.stop();
      web = await startWeb(true);
      const afresh = targetsFor({ ...baselines, api, web }, workload, [], false, undefined, "afresh").filter(
        (target) => target.name.endsWith(RENDERED_AFRESH),
      );
      measurements.push(...(await loadTargets(afresh, notes, sampleCpu)));
    }
    // The same catalogue requests against an API that keeps no answers: what a request no shopper
    // has asked since the last catalogue change costs. One API at a time: a PGlite directory has
    // one owner.
    if (ANSWER_CACHE_TARGETS.some((key) => targetKeys.includes(key))) {
      await Promise.all([web?.stop(), api.stop()]);
      web = undefined;
      api = await startApi(true);
      const uncached = targetsFor({ ...baselines, api }, workload, searchBodies, true);
      measurements.push(...(await loadTargets(uncached, notes, sampleCpu)));
    }
    return databaseSection({
      title: backend.title,
      engine: workload.engine,
      productCount: workload.productCount,
      measurements,
      tables,
      notes,
    });
  } finally {
    await Promise.all([web?.stop(), api.stop(), floor?.stop(), db?.close(), cardFakes?.stop()]);
  }
}

/**
 * Vacuums, then writes out what PostgreSQL holds dirty, so each load of creates starts on tables as
 * autovacuum keeps a running shop's, just after a checkpoint, and pays the same first writes of
 * each page it touches, whenever the last one happened to run. A server may run without autovacuum
 * (a test server often does): every order a load settles leaves dead index entries behind, and
 * without a vacuum each load, and each run of the bench on the same database, walks all the
 * earlier ones' (a card load's database time grew 2.3 → 2.5 → 2.7 ms an order over three rounds).
 */
async function vacuumAndCheckpoint(db: DatabaseHandle): Promise<void> {
  await db.query("VACUUM");
  try {
    await db.query("CHECKPOINT");
  } catch {
    // Only a superuser (or pg_checkpoint) may ask; the loads then run wherever the server is.
  }
}

/** The database's other backends: the API's pool (the bench's own are idle during a load). */
async function backendPids(db: DatabaseHandle): Promise<number[]> {
  const rows = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  return rows.map((row) => row.pid);
}

/** The selected databases that can be reached; the others are named in `skipped`. */
async function backendsOf(data: DataModule, skipped: string[]): Promise<Backend[]> {
  const backends: Backend[] = [];
  for (const name of databases) {
    if (name === "pglite") {
      backends.push(data.pgliteBackend(BENCH_DIR));
      continue;
    }
    const backend = await data.postgresBackend(postgresServer);
    if (typeof backend === "string") {
      log(backend);
      skipped.push(backend);
    } else backends.push(backend);
  }
  return backends;
}

async function main(): Promise<void> {
  const started = Date.now();
  mkdirSync(BENCH_DIR, { recursive: true });
  const { notes: skipped, ...releases } = await ensureBuilds();
  const wantsDatabase = targetKeys.some((k) => k !== "hono" && k !== "rr");
  // Loaded only when needed: a baseline-only run needs neither the API code nor a database.
  const data = wantsDatabase ? await import("./data.ts") : undefined;
  const backends = data ? await backendsOf(data, skipped) : [];

  const baselines = await startBaselines();
  const sections: string[] = [];
  if (!data || backends.length === 0) {
    const notes: string[] = [];
    const measurements = await loadTargets(targetsFor(baselines), notes);
    sections.push(
      databaseSection({
        title: "Baselines only",
        engine: "No database",
        measurements,
        notes,
      }),
    );
  } else {
    for (const backend of backends) sections.push(await benchDatabase(data, backend, baselines, releases));
  }
  await stopAll();

  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const markdown = `${fullReport(settings, sections, skipped)}\nFull run: ${minutes} min.\n`;
  writeFileSync(`${BENCH_DIR}/last.md`, markdown);
  console.log(`\n${markdown}`);
  log("written to .data/bench/last.md; child logs in .data/bench/logs/");
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping servers`);
    stopAll().finally(() => process.exit(130));
  });
}
// Synchronous last resort if the process leaves by any other path.
process.on("exit", killAllNow);

try {
  await main();
} catch (error) {
  console.error(`[bench] ${(error as Error).stack ?? String(error)}`);
  await stopAll();
  process.exitCode = 1;
}
