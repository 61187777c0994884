import { pino } from "pino";

/** Structured JSON logs, one line per event; request logs carry the request id. */
export function createLogger(level: string) {
  return pino({
    level,
    base: { service: "stoa-api" },
    redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
  });
}
export type Logger = ReturnType<typeof createLogger>;
