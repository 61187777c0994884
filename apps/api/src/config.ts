import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Repository root: data of the embedded database lives under `<root>/.data` unless DATA_DIR says otherwise. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export const DEFAULT_API_CACHE_MB = 64;

const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback);

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_PORT: port(4000),
  API_HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().min(1).default(`${REPO_ROOT}.data`),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  /** Trust X-Forwarded-For/-Host: the API is reached through the storefront server or a load balancer. */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Stoa <no-reply@stoa.localhost>"),
  /** Memory for finished catalogue answers, in MB; 0 turns the cache off. */
  API_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(DEFAULT_API_CACHE_MB),
  /**
   * How long a store row, once read, serves later requests of its domain, in ms: a change to a store
   * or its catalogue shows within this time in every API process. 0 reads it on every request.
   */
  STORE_FRESH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SEED_ON_EMPTY: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads the environment once at start; every bad variable is named with what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map(
      (issue) =>
        `${issue.path.join(".")}=${JSON.stringify(present[String(issue.path[0])])}: ${issue.message}`,
    ),
  );
}
