import { defineConfig } from "vitest/config";

// Unit tests only: the React Router plugin is left out on purpose, and browser journeys (e2e/) run
// under Playwright.
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "*.test.ts"],
    exclude: ["e2e/**", "node_modules/**", "build/**"],
    environment: "node",
  },
});
