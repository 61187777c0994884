import type { ERROR_MESSAGES } from "@stoa/contract";
import type common from "./locales/en/common.json";

/** Translation keys are checked at compile time against the English texts and the error catalogue. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: { common: typeof common & (typeof ERROR_MESSAGES)["en"] };
  }
}
