import { ProblemPage } from "../components/ProblemPage.tsx";
import { pageProblem } from "../lib/responses.server.ts";

/**
 * Catch-all for unknown paths. Throwing from a loader (rather than letting nothing match) keeps the
 * root loader running, so the 404 page is in the shop's shell and language, with a real 404 status.
 */
export function loader() {
  throw pageProblem("not-found", 404);
}

export default function NotFound() {
  return <ProblemPage problem="not-found" />;
}
