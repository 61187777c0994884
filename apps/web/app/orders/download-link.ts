import { ERRORS } from "@stoa/contract";
import { SESSION_ENDED_CODES } from "../platform/session/auth-state.ts";

/** Why a download link opened nothing, as `/downloads?link=` says it to the shopper. */
export const DOWNLOAD_LINK_PROBLEMS = ["expired", "invalid", "unavailable"] as const;
export type DownloadLinkProblem = (typeof DOWNLOAD_LINK_PROBLEMS)[number];

/**
 * What a refused download means for the shopper: sign in again (the session ended), a link that
 * ran out (410), one that is not theirs, tampered with or of a line no longer paid (403, 404), or
 * the API failing.
 */
export function downloadProblemOf(failure: {
  code: string;
  status: number;
}): DownloadLinkProblem | "sign-in" {
  // Here a 403 is the link's signature refused for this shopper, not the session refused.
  if (failure.code === ERRORS.FORBIDDEN.code) return "invalid";
  if (SESSION_ENDED_CODES.has(failure.code)) return "sign-in";
  if (failure.code === ERRORS.DOWNLOAD_LINK_EXPIRED.code) return "expired";
  if (failure.status >= 500) return "unavailable";
  return "invalid";
}

/** Where a refused link sends the shopper: the downloads page, which gives fresh links (or asks to sign in). */
export function downloadsHref(problem: DownloadLinkProblem | "sign-in"): string {
  return problem === "sign-in" ? "/downloads" : `/downloads?link=${problem}`;
}

export function downloadLinkProblemOf(params: URLSearchParams): DownloadLinkProblem | null {
  const link = params.get("link");
  return (DOWNLOAD_LINK_PROBLEMS as readonly (string | null)[]).includes(link)
    ? (link as DownloadLinkProblem)
    : null;
}
