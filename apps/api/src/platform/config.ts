import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_STORE_FRESH_MS } from "@stoa/contract";
import { z } from "zod";
import { parseTrustedProxies } from "./http/trusted-proxies.ts";

/** Bambora's own API; any other address is a stand-in (a local fake), whose cards are test cards. */
export const BAMBORA_LIVE_API_URL = "https://api.na.bambora.com";

/**
 * The repository's root, with a trailing slash: the nearest folder above this module that holds
 * the API's migrations. Found rather than counted, so it is the same from the sources and from a
 * release bundle (apps/api/scripts/start.mjs). Data of the embedded database lives under
 * `<root>/.data` unless DATA_DIR says otherwise.
 */
export const REPO_ROOT = findRepoRoot(fileURLToPath(new URL(".", import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "apps", "api", "drizzle"))) return `${dir.replace(/\/$/, "")}/`;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${from}`);
  }
}

export const DEFAULT_API_CACHE_MB = 64;

const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback);

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_PORT: port(4000),
  /**
   * Where the API listens. Loopback by default: the API sits behind the storefront server on the
   * same machine; set 0.0.0.0 (and TRUSTED_PROXIES) only when a separate proxy must reach it.
   */
  API_HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** A schema of that database to work in (created when missing), e.g. one per test run or tenant group. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a lower-case SQL name")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().min(1).default(`${REPO_ROOT}.data`),
  /** Where the files of digital products are kept (`<DATA_DIR>/downloads` when not set). */
  DOWNLOADS_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  /**
   * Peers whose X-Forwarded-For/-Host/-Proto are believed: comma-separated addresses or CIDR
   * ranges, `loopback` (the storefront on this machine, the default) or `none`. Anyone else's
   * forwarded headers are ignored, so a shopper cannot pick the address they are throttled under.
   */
  TRUSTED_PROXIES: z
    .string()
    .default("loopback")
    .transform((value, ctx) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Serve `/dev/mailbox` (every email and SMS the outbox holds, reset codes included). Off unless
   * switched on, never in production, and only with the API listening on loopback.
   */
  DEV_MAILBOX: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Serve `POST /dev/clock`, which moves this process's referral clock forward and matures
   * commissions at once (journeys see a return window pass). Off unless switched on, never in
   * production, and only with the API listening on loopback.
   */
  DEV_CLOCK: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Stoa <no-reply@stoa.localhost>"),
  /**
   * Key of the signed download links of digital goods (at least 32 characters). When not set, one
   * is made once and kept in the database, shared by every API process (decision 018). Set it to
   * keep the key out of the database, or to end every link given so far by changing it.
   */
  DOWNLOAD_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  /** Memory for finished catalogue answers, in MB; 0 turns the cache off. */
  API_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(DEFAULT_API_CACHE_MB),
  /**
   * How long a store row, once read, serves later requests of its domain, in ms: a change to a store
   * or its catalogue shows within this time in every API process. 0 reads it on every request.
   */
  STORE_FRESH_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_STORE_FRESH_MS),
  /**
   * Key that encrypts each store's card provider secrets in the database (AES-256-GCM, decision
   * 020): 32 bytes, as 64 hex digits or base64. Without it, no store keeps secrets in the database
   * and card providers take theirs from the variables below alone.
   */
  PAYMENT_SECRETS_KEY: z
    .string()
    .refine((value) => paymentSecretsKeyBytes(value) !== null, "must be 32 bytes as 64 hex digits or base64")
    .optional(),
  /** A Stripe account every store without keys of its own uses (decision 021). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * This installation's name at card providers several installations may share (one Stripe
   * account): it prefixes idempotency keys and marks metadata. Without it, a random one is made on
   * the first start and kept in the database (table payment_deployment).
   */
  STOA_DEPLOYMENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "letters, digits, - and _, at most 40")
    .optional(),
  /** Where Stripe's API is reached: its own address unless set (a local stand-in for journeys). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** A Bambora (Worldline North America) merchant account every store without its own uses. */
  BAMBORA_MERCHANT_ID: z.string().min(1).optional(),
  BAMBORA_PAYMENTS_PASSCODE: z.string().min(1).optional(),
  BAMBORA_PROFILES_PASSCODE: z.string().min(1).optional(),
  /** Bambora's reporting passcode: lets the sweeper look a payment up by its order number. */
  BAMBORA_REPORTING_PASSCODE: z.string().min(1).optional(),
  BAMBORA_API_URL: z.url({ protocol: /^https?$/ }).default(BAMBORA_LIVE_API_URL),
  /**
   * Card gateways (`stripe`, `bambora`, comma-separated) the demo stores take besides the test
   * provider, on the environment's accounts above: for trying the card screens against local
   * stand-ins of the providers. Off unless set, and never in production.
   */
  DEMO_CARD_PROVIDERS: z
    .string()
    .regex(/^(stripe|bambora)(,(stripe|bambora))*$/, "must list stripe and/or bambora, comma-separated")
    .transform((value) => [...new Set(value.split(","))] as ("stripe" | "bambora")[])
    .optional(),
  /**
   * Whether an empty database gets the demo stores (and their documented staff password): yes by
   * default, but not in production, where a shop's first start must not open demo stores to anyone
   * who sends their domain. Set it to say either way.
   */
  SEED_ON_EMPTY: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});

export type Config = Omit<z.infer<typeof configSchema>, "SEED_ON_EMPTY"> & { SEED_ON_EMPTY: boolean };

/** Variables whose value is never repeated in an error message or a log. */
const SECRET_VARIABLES = new Set([
  "PAYMENT_SECRETS_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "BAMBORA_PAYMENTS_PASSCODE",
  "BAMBORA_PROFILES_PASSCODE",
  "BAMBORA_REPORTING_PASSCODE",
  "DOWNLOAD_SECRET",
]);

/** The 32 bytes of PAYMENT_SECRETS_KEY, or null when the text is neither 64 hex digits nor base64 of 32 bytes. */
export function paymentSecretsKeyBytes(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(text)) return null;
  const bytes = Buffer.from(text, "base64");
  return bytes.length === 32 ? bytes : null;
}

/** The folder digital products are downloaded from. */
export function downloadsDir(config: Pick<Config, "DATA_DIR" | "DOWNLOADS_DIR">): string {
  return config.DOWNLOADS_DIR ?? `${config.DATA_DIR}/downloads`;
}

/** The dev mailbox and dev clock need a development start and a loopback listener. */
const mailboxSafety = configSchema.superRefine((config, ctx) => {
  if (config.DEMO_CARD_PROVIDERS && config.NODE_ENV === "production")
    ctx.addIssue({ code: "custom", path: ["DEMO_CARD_PROVIDERS"], message: "is never used in production" });
  // The mailbox reads every reset code; the clock lets anyone make commissions payable early.
  for (const name of ["DEV_MAILBOX", "DEV_CLOCK"] as const) {
    if (!config[name]) continue;
    if (config.NODE_ENV === "production")
      ctx.addIssue({ code: "custom", path: [name], message: "is never served in production" });
    if (!isLoopbackHost(config.API_HOST))
      ctx.addIssue({
        code: "custom",
        path: ["API_HOST"],
        message: `must be a loopback address (127.0.0.1, ::1, localhost) while ${name}=true`,
      });
  }
});

export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads the environment once at start; every bad variable is named with what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = mailboxSafety.safeParse(present);
  if (result.success)
    return {
      ...result.data,
      SEED_ON_EMPTY: result.data.SEED_ON_EMPTY ?? result.data.NODE_ENV !== "production",
    };
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = SECRET_VARIABLES.has(name) ? "(hidden)" : JSON.stringify(present[name]);
      return `${issue.path.join(".")}=${shown}: ${issue.message}`;
    }),
  );
}
