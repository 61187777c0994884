import { STORAGE_KEYS } from "@stoa/contract";
import { useEffect } from "react";
import { applyStorageChanges, readStorage } from "../platform/browser-storage.ts";
import { storageChangesFor } from "../platform/session/auth-state.ts";
import { useAuth } from "../shell/root-data.ts";

/**
 * Mirrors the session into local storage (spec §9: userInfo and emailVerified; never the token).
 * A file of its own: every page mounts it, and it must not bring the sign-in forms along.
 */
export function AuthStorageSync() {
  const auth = useAuth();
  useEffect(() => {
    applyStorageChanges(storageChangesFor(auth, readStorage(STORAGE_KEYS.userInfo)));
  }, [auth]);
  return null;
}
