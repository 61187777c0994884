import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * How near the viewport a later part of a page is asked for: about a phone screen ahead, so it is
 * there by the time a scrolling shopper reaches it.
 */
export const LATER_MARGIN = "800px";

export type LaterAnswer<T> = {
  /** Put on the placeholder: the answer is asked for once it comes near the viewport. */
  ref: RefObject<HTMLDivElement | null>;
  data: T | null;
  /** The call failed: the part is left out, as the server leaves out a section whose call fails. */
  failed: boolean;
};

/**
 * A part of a page below the fold that the server does not render (decision 031): its JSON is
 * fetched from `url` once its placeholder comes near the viewport, at once where the browser cannot
 * tell. Remount (a `key`) to ask again, for another language say.
 */
export function useLaterAnswer<T>(url: string): LaterAnswer<T> {
  const ref = useRef<HTMLDivElement | null>(null);
  const [answer, setAnswer] = useState<{ url: string; data: T } | { url: string; failed: true } | null>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const controller = new AbortController();
    const ask = () => {
      fetch(url, { headers: { accept: "application/json" }, signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<T>) : Promise.reject(response.status)))
        .then((data) => setAnswer({ url, data }))
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ url, failed: true });
        });
    };
    if (typeof IntersectionObserver === "undefined") {
      ask();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        ask();
      },
      { rootMargin: LATER_MARGIN },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [url]);
  const current = answer?.url === url ? answer : null;
  return {
    ref,
    data: current && "data" in current ? current.data : null,
    failed: current !== null && "failed" in current,
  };
}
