import { createHash, randomBytes, randomInt } from "node:crypto";
import { APPOINTMENT_CODE_ALPHABET, APPOINTMENT_CODE_LENGTH, MANAGE_TOKEN_PATTERN } from "@stoa/contract";

/*
 * The two ways a reservation or booking is named: a short code to read out over the phone, and a
 * manage link's token to open it. The code is not a key to anything; the token is, so only its
 * SHA-256 is kept.
 */

/** "R-7K3QXM" for a reservation, "B-…" for a booking. Unique per store by index: retry on a clash. */
export function appointmentCode(kind: "R" | "B"): string {
  let code = "";
  for (let i = 0; i < APPOINTMENT_CODE_LENGTH; i++) {
    code += APPOINTMENT_CODE_ALPHABET[randomInt(APPOINTMENT_CODE_ALPHABET.length)];
  }
  return `${kind}-${code}`;
}

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new manage link token (256 bits) and the hash to keep. */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashManageToken(token) };
}

/** The hash to look a manage token up by, or null for one that cannot be one (no database asked). */
export function manageTokenLookup(token: string): string | null {
  return MANAGE_TOKEN_PATTERN.test(token) ? hashManageToken(token) : null;
}
