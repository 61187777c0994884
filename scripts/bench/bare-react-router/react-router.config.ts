import type { Config } from "@react-router/dev/config";

// Same rendering mode as the storefront, so the baseline differs from it only in what pages do.
export default {
  ssr: true,
} satisfies Config;
