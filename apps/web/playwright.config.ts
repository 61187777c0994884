import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { ADD_NEW_SHOP } from "./e2e/new-shop.ts";
import { API_PORT, WEB_PORT } from "./e2e/ports.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = `${repoRoot}.data/e2e`;

/**
 * Browser journeys against the real built storefront and a store API on a fresh embedded database,
 * in the system Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: "./e2e",
  // The card journeys need the card providers' stand-ins: playwright.cards.config.ts runs them.
  testIgnore: "card-payments.spec.ts",
  fullyParallel: false,
  workers: 1,
  // One more try for a journey that fails: a busy machine can starve one step of a 17-minute run. A
  // journey that passes only on its retry is named in the summary of `npm test`, to be made steady.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${WEB_PORT}`,
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    {
      // The demo shops, then a shop added by the project's command as an operator adds one (the
      // journey e2e/new-shop.spec.ts walks its owner through the invitation), then the API.
      command: `rm -rf "${dataDir}" && npm run seed -w @stoa/api && ${ADD_NEW_SHOP} && npm run start -w @stoa/api`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${API_PORT}/health`,
      env: {
        API_PORT: String(API_PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        DEV_MAILBOX: "true",
        DEV_CLOCK: "true",
      },
      reuseExistingServer: false,
      timeout: 420_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npm run build -w @stoa/web && npm run start -w @stoa/web",
      cwd: repoRoot,
      url: `http://localhost:${WEB_PORT}/`,
      // Journeys may name a client address (X-Forwarded-For) the way a proxy in front of the
      // storefront would, so limits per address (contact messages) are counted per journey.
      env: {
        WEB_PORT: String(WEB_PORT),
        API_URL: `http://127.0.0.1:${API_PORT}`,
        LAYOUT_PREVIEW: "1",
        TRUST_PROXY: "loopback",
      },
      reuseExistingServer: false,
      timeout: 420_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
