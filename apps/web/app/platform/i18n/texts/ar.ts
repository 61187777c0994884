import { ERROR_MESSAGES_AR } from "@stoa/contract";
import common from "../locales/ar/common.json";

/** Every text of the storefront in this language: its own and the contract's error catalogue. */
export default { ...ERROR_MESSAGES_AR, ...common };
