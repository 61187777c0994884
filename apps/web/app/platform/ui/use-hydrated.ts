import { useEffect, useState } from "react";

/**
 * False on the server and at the first render in the browser (so hydration matches), true once the
 * page's scripts run: what a plain form does before then, the scripts may do differently after.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
