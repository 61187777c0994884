import { useMatches } from "react-router";

/** A route's `handle` may mark it as a screen shown in the shop itself, drawn without the shop's header and footer. */
export type ScreenHandle = { screen?: boolean };

export function useIsScreenRoute(): boolean {
  return useMatches().some((match) => (match.handle as ScreenHandle | undefined)?.screen === true);
}
