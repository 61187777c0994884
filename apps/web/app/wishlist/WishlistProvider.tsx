import type { ProductSummary } from "@stoa/contract";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from "react";
import { useNavigate } from "react-router";
import { type ActionFailure, isMessageKey } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { SESSION_ENDED_CODES, signedInCustomer } from "../platform/session/auth-state.ts";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { useAuth } from "../shell/root-data.ts";
import {
  EMPTY_WISHLIST,
  type WishlistChange,
  type WishlistRecordRef,
  type WishlistState,
  wishlistReducer,
} from "./wishlist-state.ts";

export const WISHLIST_ITEMS_PATH = "/wishlist/items";

type WishlistProduct = Pick<ProductSummary, "id">;

type WishlistApi = {
  state: WishlistState;
  isSaved: (productId: number) => boolean;
  /** Saves or unsaves; a visitor is asked to sign in first (LOGIN_VIEW). */
  toggle: (product: WishlistProduct) => void;
  /** A page that read the whole wishlist itself (the wishlist page) shares it with the hearts. */
  adopt: (records: readonly WishlistRecordRef[]) => void;
};

const WishlistContext = createContext<WishlistApi | null>(null);

type Answer<T> = { ok: true; value: T } | { ok: false; failure: ActionFailure | null };

async function ask<T>(input: string, init?: RequestInit): Promise<Answer<T>> {
  try {
    const response = await fetch(input, { credentials: "same-origin", ...init });
    const body = (await response.json()) as (T & { ok: true }) | ActionFailure;
    return body.ok ? { ok: true, value: body as T } : { ok: false, failure: body };
  } catch {
    // Offline, or an answer that is not JSON: said as "something went wrong".
    return { ok: false, failure: null };
  }
}

/**
 * The signed-in customer's wishlist, shared by every heart on the page: loaded once per customer,
 * changed optimistically and put back (with an error toast, spec §8) when the API refuses.
 * Signing out forgets it (spec §4).
 */
export function WishlistProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const customer = signedInCustomer(auth);
  const customerId = customer?.userId ?? null;
  const { openModal } = useModal();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(wishlistReducer, EMPTY_WISHLIST);
  // Clicks read the latest state without rebuilding every heart's handler on each change.
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  useEffect(() => {
    if (customerId === null) return;
    const controller = new AbortController();
    dispatch({ type: "load-started" });
    void ask<{ records: WishlistRecordRef[] }>(WISHLIST_ITEMS_PATH, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        dispatch(answer.ok ? { type: "loaded", records: answer.value.records } : { type: "load-failed" });
      },
    );
    return () => {
      controller.abort();
      // Another customer, or none (signed out, spec §4): nothing of this wishlist stays.
      dispatch({ type: "reset" });
    };
  }, [customerId]);

  const adopt = useCallback((records: readonly WishlistRecordRef[]) => {
    dispatch({ type: "loaded", records });
  }, []);

  const refused = useCallback(
    (failure: ActionFailure | null) => {
      const key = failure?.key;
      showToast(key && isMessageKey(key) ? t(key) : failure?.message || t("error-something-wrong"), "error");
      // Spec §8: an ended session drops the token (the answer's cookie did) and goes home.
      if (failure && SESSION_ENDED_CODES.has(failure.code)) navigate("/");
    },
    [showToast, t, navigate],
  );

  const toggle = useCallback(
    (product: WishlistProduct) => {
      if (auth.status === "unverified") {
        navigate("/verify-email");
        return;
      }
      if (customerId === null) {
        openModal("LOGIN_VIEW");
        return;
      }
      const current = stateRef.current;
      const productId = product.id;
      if (current.pending.has(productId)) return;
      const recordId = current.saved.get(productId);
      const body = new FormData();
      if (recordId === undefined) {
        dispatch({ type: "add-started", productId });
        body.set("intent", "add");
        body.set("productId", String(productId));
      } else if (recordId !== null) {
        dispatch({ type: "remove-started", productId });
        body.set("intent", "remove");
        body.set("id", String(recordId));
      } else {
        return;
      }
      void ask<WishlistChange>(WISHLIST_ITEMS_PATH, { method: "POST", body }).then((answer) => {
        if (recordId === undefined) {
          if (answer.ok && answer.value.record) {
            dispatch({ type: "add-done", productId, recordId: answer.value.record.id });
          } else {
            dispatch({ type: "add-failed", productId });
            refused(answer.ok ? null : answer.failure);
          }
        } else if (answer.ok) {
          dispatch({ type: "remove-done", productId });
        } else {
          dispatch({ type: "remove-failed", productId, recordId });
          refused(answer.failure);
        }
      });
    },
    [auth.status, customerId, navigate, openModal, refused],
  );

  const api = useMemo<WishlistApi>(
    () => ({ state, isSaved: (productId) => state.saved.has(productId), toggle, adopt }),
    [state, toggle, adopt],
  );
  return <WishlistContext.Provider value={api}>{children}</WishlistContext.Provider>;
}

export function useWishlist(): WishlistApi {
  const api = useContext(WishlistContext);
  if (!api) throw new Error("useWishlist must be used inside WishlistProvider");
  return api;
}
