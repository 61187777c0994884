import { WEB_PORT } from "./ports.ts";

/**
 * The shop the journeys' API is given by the project's own command before it starts
 * (`npm run shop -- add`, playwright.config.ts), as an operator adds one to a running deployment:
 * no products, no settings beyond the command's defaults, an owner invited by email.
 */
export const NEW_SHOP = {
  domain: "corner.localhost",
  name: "Corner Shop",
  owner: "owner@corner.test",
  origin: `http://corner.localhost:${WEB_PORT}`,
} as const;

/** The command line that adds it, run in the repository's root. */
export const ADD_NEW_SHOP = `npm run shop -w @stoa/api -- add --domain ${NEW_SHOP.domain} --name "${NEW_SHOP.name}" --owner ${NEW_SHOP.owner} --origin ${NEW_SHOP.origin}`;
