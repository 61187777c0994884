import { defineConfig } from "@playwright/test";
import { CARD_API_ENV, CARD_WEB_ENV } from "./e2e/card-stand-ins.ts";
import { CARD_FAKES_PORT } from "./e2e/ports.ts";
import base from "./playwright.config.ts";

type WebServer = { env?: Record<string, string> } & Record<string, unknown>;
const [api, web] = base.webServer as unknown as WebServer[];

/**
 * The card journeys (`npx playwright test -c playwright.cards.config.ts`): the same API and
 * storefront as every journey, with the demo stores taking Bambora through the local stand-in of
 * e2e/card-stand-ins.ts, which starts first. Nothing reaches a real card provider.
 */
export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: "card-payments.spec.ts",
  webServer: [
    {
      command: "npx tsx e2e/card-stand-ins.ts",
      port: CARD_FAKES_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    { ...api, env: { ...api?.env, ...CARD_API_ENV } } as never,
    { ...web, env: { ...web?.env, ...CARD_WEB_ENV } } as never,
  ],
});
