/**
 * PostgreSQL's SQLSTATE classes and codes that mean the database, not the statement, failed: the
 * connection broke (class 08), the server is shutting down or starting (57P01–57P03), or it ran
 * out of connections (53300). A request that meets one may succeed when asked again shortly.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** Socket errors of a connection to the database that went away or never came. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);

/**
 * node-postgres says these in words only: a connection ended under a query, a client the pool
 * handed out already broken, or no connection within the pool's timeout.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
];

/**
 * Whether `error` (or what it wraps: Drizzle wraps a driver's error as `cause`) says the database
 * could not be reached, as opposed to a statement it refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (code.startsWith("08") && code.length === 5) return true;
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    const { message } = current;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}
