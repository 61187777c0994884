import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * Makes `res.once("drain")` and `res.off("drain")` safe behind `compression`. That middleware sends
 * `res.on("drain")` to its zlib stream but leaves `removeListener` on the response, so each
 * `once("drain")` of a streamed page (React Router waits for drain on every full write) stays on
 * the zlib stream until the response ends: dozens per large page, and Node warns of a leak. Here a
 * single listener per response serves every waiter, and a waiter that is taken back is really gone.
 * Must be installed after `compression()`.
 */
export function drainWaiters() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const waiting = new Set<Listener>();
    let listening = false;
    const once = res.once.bind(res);
    const removeListener = res.removeListener.bind(res);
    res.once = ((event: string | symbol, listener: Listener) => {
      if (event !== "drain") return once(event, listener);
      waiting.add(listener);
      if (!listening) {
        listening = true;
        res.on("drain", (...args: unknown[]) => {
          const due = [...waiting];
          waiting.clear();
          for (const waiter of due) waiter(...args);
        });
      }
      return res;
    }) as Response["once"];
    res.removeListener = ((event: string | symbol, listener: Listener) => {
      if (event === "drain" && waiting.delete(listener)) return res;
      return removeListener(event, listener);
    }) as Response["removeListener"];
    res.off = res.removeListener;
    next();
  };
}
