import { createHash, randomBytes, randomInt } from "node:crypto";

/** 256 random bits, URL-safe: session tokens and email-link tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A uniformly random six-digit code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
