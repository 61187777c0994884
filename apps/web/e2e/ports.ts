/**
 * Ports of the journey servers, away from the dev defaults (4000/3000) so both can run at once;
 * E2E_API_PORT / E2E_WEB_PORT move them when two checkouts run their journeys side by side.
 */
export const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
export const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3100);
/**
 * The local stand-ins of the card providers (card-stand-ins.ts), on this port and the next. Not
 * 4190: it is on the Fetch standard's list of blocked ports, so Node's fetch refuses it ("bad port").
 */
export const CARD_FAKES_PORT = Number(process.env.E2E_CARD_FAKES_PORT ?? 4170);
