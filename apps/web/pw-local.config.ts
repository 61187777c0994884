import base from "./playwright.cards.config.ts";
export default { ...base, webServer: undefined };
