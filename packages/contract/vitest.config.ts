import { defineConfig } from "vitest/config";

// The contract's own configuration: without one, vitest takes the first vite or vitest config it
// finds in a folder above the checkout, whatever project that belongs to.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
  },
});
