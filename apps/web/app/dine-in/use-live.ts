import { DINE_IN_REFRESH_SECONDS } from "@stoa/contract";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

/**
 * What a live screen shows (the table page's tab, the table board, the kitchen's tickets): the
 * loader's answer, then every DINE_IN_REFRESH_SECONDS what `href` answers, taken only when its
 * `version` moved, so the screen redraws on news and not otherwise. A hidden page does not ask.
 */
export function useLive<T extends { version: string | number }>(
  href: string,
  initial: T | null,
): { current: T | null; ended: boolean } {
  const fetcher = useFetcher<{ live: T | null; ended?: boolean }>();
  const [current, setCurrent] = useState(initial);
  const version = useRef(initial?.version);
  const { load, state, data } = fetcher;

  // A newer answer of the page's own loader or action (after a round was sent) replaces it.
  useEffect(() => {
    if (initial && initial.version !== version.current) {
      version.current = initial.version;
      setCurrent(initial);
    }
  }, [initial]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") load(href);
    }, DINE_IN_REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [href, load, state]);

  useEffect(() => {
    const next = data?.live;
    if (next && next.version !== version.current) {
      version.current = next.version;
      setCurrent(next);
    }
  }, [data]);

  return { current, ended: data?.ended === true };
}
