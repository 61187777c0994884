import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOCALE_HEADER, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { inject } from "vitest";
import { createApp } from "../app.ts";
import { seedDemoStores } from "../demo/seed.ts";
import { folderFiles } from "../orders/files.ts";
import { type DatabaseHandle, openDatabase } from "../platform/db/database.ts";
import { createLogger } from "../platform/logger.ts";

type Harness = {
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
};

let shared: Promise<Harness> | undefined;

/** Where the test app reads the files of digital products: a folder of this test process's own. */
export const TEST_DOWNLOADS = join(tmpdir(), `stoa-test-downloads-${process.pid}`);

/**
 * The app under test, on a migrated and seeded database that every test file shares: PGlite by
 * default, PostgreSQL when TEST_DATABASE_URL is set.
 */
export function testHarness(): Promise<Harness> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const handle = url
      ? await openDatabase({
          kind: "postgres",
          url,
          schema: inject("testSchema"),
          poolSize: 8,
          // Told apart from the API processes some tests start, whose connections they end.
          applicationName: "stoa-api-tests",
        })
      : await openDatabase({ kind: "pglite" });
    await handle.migrate();
    await seedDemoStores(handle.db);
    return {
      handle,
      app: createApp({
        db: handle.db,
        logger: createLogger("silent"),
        serveDevMailbox: true,
        downloadFiles: folderFiles(TEST_DOWNLOADS),
      }),
    };
  })();
  return shared;
}

export type CallOptions = {
  domain?: string | null;
  locale?: string;
  token?: string;
  query?: Record<string, string | number>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /**
   * The socket peer the request comes from: the storefront on loopback unless a test says
   * otherwise (a client calling the API directly, from elsewhere).
   */
  peer?: string;
  /** Another app than the shared one (one made with dependencies of its own), on the same database. */
  app?: ReturnType<typeof createApp>;
};

export type CallResult = {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope data and assert on it.
  json: { code: string; msg: string; data: any };
};

/** Calls the in-process app as the storefront would: store-domain, locale and bearer headers. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const app = options.app ?? (await testHarness()).app;
  const url = new URL(path, "http://api.test");
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers = new Headers(options.headers);
  if (options.domain !== null) headers.set(STORE_DOMAIN_HEADER, options.domain ?? "localhost");
  if (options.locale) headers.set(LOCALE_HEADER, options.locale);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers.set("content-type", "application/json");
  const peer = { incoming: { socket: { remoteAddress: options.peer ?? "127.0.0.1" } } };
  const response = await app.request(url.pathname + url.search, { method, headers, body }, peer);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text.startsWith("{") ? JSON.parse(text) : { code: "", msg: text, data: null },
  };
}
