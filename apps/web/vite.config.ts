import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Found up front, so the first page in development does not reload once they are discovered.
  optimizeDeps: { include: ["zod"] },
  build: { rollupOptions: { output: { experimentalMinChunkSize: 1500 } } },
});
