// Where things live and what the environment asks of this run; read once at start.
import { fileURLToPath } from "node:url";
import type { LoadSettings } from "./measure.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const BENCH_DIR = `${ROOT}.data/bench`;
export const LOG_DIR = `${BENCH_DIR}/logs`;
export const PROFILE_DIR = `${BENCH_DIR}/profiles`;
export const BARE_RR_DIR = `${ROOT}scripts/bench/bare-react-router`;
export const WEB_DIR = `${ROOT}apps/web`;
export const API_DIR = `${ROOT}apps/api`;

export const TARGET_KEYS = [
  "hono",
  "rr",
  "search",
  "searchTypo",
  "listing",
  "listingDeep",
  "info",
  "reviews",
  "ratedSearch",
  "me",
  "login",
  "home",
  "product",
  "calculate",
  "commitFloor",
  "create",
  "createStripe",
  "createBambora",
  "mixed",
  "browseEdits",
  "staffOrders",
  "staffOrderSearch",
  "staffReport",
  "staffProductSearch",
  "staffProductList",
  "staffImportDryRun",
  "roundsOneTab",
  "roundsManyTables",
  "reserveOneSlot",
  "reserveManySlots",
  "bookOneSlot",
  "bookManySlots",
  "referralLedger",
  "staffCommissions",
  "referralSweep",
] as const;
export type TargetKey = (typeof TARGET_KEYS)[number];

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name}=${raw}: expected a whole number`);
  return value;
}

function listFromEnv<T extends string>(name: string, allowed: readonly T[]): T[] {
  const raw = process.env[name];
  if (!raw) return [...allowed];
  const picked = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = picked.filter((p) => !allowed.includes(p as T));
  if (unknown.length > 0) {
    throw new Error(`${name}: unknown ${unknown.join(", ")} (choose from ${allowed.join(", ")})`);
  }
  return picked as T[];
}

export const settings: LoadSettings = {
  connections: intFromEnv("BENCH_CONNECTIONS", 32),
  seconds: intFromEnv("BENCH_SECONDS", 10),
  warmupSeconds: intFromEnv("BENCH_WARMUP_SECONDS", 2),
};
export const productTarget = intFromEnv("BENCH_PRODUCTS", 100_000);
export const orderProducts = intFromEnv("BENCH_ORDER_PRODUCTS", 1_000);
/** Orders the bench store holds for the staff's order list (issue 32: "fast at 100,000 orders"). */
export const staffOrderTarget = intFromEnv("BENCH_STAFF_ORDERS", 100_000);
export const databases = listFromEnv("BENCH_DATABASES", ["pglite", "postgres"] as const);
export const targetKeys = listFromEnv("BENCH_TARGETS", TARGET_KEYS);
/** Rounds of cash and card creates taking turns, when card creates are measured (issue 11). */
export const cardRounds = intFromEnv("BENCH_CARD_ROUNDS", 3);
export const cpuProfile = process.env.BENCH_CPU_PROFILE === "1";
export const postgresServer = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
/** The bench's own database on that server; another name keeps a trial run off the usual data. */
export const postgresDatabase = process.env.BENCH_POSTGRES_DATABASE ?? "stoa_bench";
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(postgresDatabase))
  throw new Error(`BENCH_POSTGRES_DATABASE=${postgresDatabase}: lower-case letters, digits and _ only`);

export const log = (line: string) => console.log(`[bench] ${line}`);
