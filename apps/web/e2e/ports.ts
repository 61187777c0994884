/** Ports of the journey servers, away from the dev defaults (4000/3000) so both can run at once. */
export const API_PORT = 4100;
export const WEB_PORT = 3100;
