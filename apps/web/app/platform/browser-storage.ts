import type { StorageChanges } from "./session/auth-state.ts";

/** Applies storage changes; storage can be switched off or full, which must never break a page. */
export function applyStorageChanges({ set, remove }: StorageChanges): void {
  try {
    for (const [key, value] of Object.entries(set)) localStorage.setItem(key, value);
    for (const key of remove) localStorage.removeItem(key);
  } catch {
    // Private modes and full quotas refuse writes; the server-side session is what counts.
  }
}

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
