import { ERROR_MESSAGES_HE } from "@stoa/contract";
import common from "../locales/he/common.json";

/** Every text of the storefront in this language: its own and the contract's error catalogue. */
export default { ...ERROR_MESSAGES_HE, ...common };
