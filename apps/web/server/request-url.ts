import type { Request } from "express";

/**
 * The address the shopper asked for, built as @react-router/express builds the loaders'
 * `request.url` (a trusted proxy's X-Forwarded-Host and -Proto included), so the store API made
 * for the request names the very shop and scheme the route modules see.
 */
export function requestUrlOf(req: Request): string {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
}
