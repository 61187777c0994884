import { MAX_CLIENT_LOG_MESSAGE } from "@stoa/contract";

/** A page that fails in a loop must not flood the log: a few reports per page load are enough. */
const MAX_REPORTS_PER_PAGE = 5;

export type LogLine = { level: "error"; code: string; message: string };

/** What an uncaught error or rejection says, cut to the size the API accepts. */
export function logLineOf(code: string, reason: unknown, where: string): LogLine {
  const text =
    reason instanceof Error ? `${reason.name}: ${reason.message}\n${reason.stack ?? ""}` : String(reason);
  return { level: "error", code, message: `${where} ${text}`.slice(0, MAX_CLIENT_LOG_MESSAGE) };
}

/**
 * Reports uncaught errors and rejected promises of the page to `/auth/log` with a beacon (it is
 * sent even while the page unloads), or a keepalive POST where beacons are missing.
 */
export function reportUncaughtErrors(target: Window): () => void {
  let sent = 0;
  const send = (line: LogLine) => {
    if (sent >= MAX_REPORTS_PER_PAGE) return;
    sent += 1;
    const body = JSON.stringify(line);
    const beaconSent = target.navigator.sendBeacon?.(
      "/auth/log",
      new Blob([body], { type: "application/json" }),
    );
    if (!beaconSent) {
      void target
        .fetch("/auth/log", {
          method: "POST",
          body,
          keepalive: true,
          headers: { "content-type": "application/json" },
        })
        .catch(() => undefined);
    }
  };
  const onError = (event: ErrorEvent) =>
    send(logLineOf("uncaught-error", event.error ?? event.message, target.location.pathname));
  const onRejection = (event: PromiseRejectionEvent) =>
    send(logLineOf("unhandled-rejection", event.reason, target.location.pathname));
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
