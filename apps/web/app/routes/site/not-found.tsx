import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { ProblemPage } from "../../shell/ProblemPage.tsx";

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
