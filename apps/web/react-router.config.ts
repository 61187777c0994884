import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Each release builds into a folder of its own (scripts/releases.mjs); a plain build goes to build/.
  buildDirectory: process.env.STOA_BUILD_DIR ?? "build",
  future: {
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
