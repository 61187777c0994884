import { type Calculation, CHECKOUT_STORAGE_KEY, type LineProblem } from "@stoa/contract";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { useCart } from "../cart/CartProvider.tsx";
import { readStorage } from "../platform/browser-storage.ts";
import { linkedReferralCode } from "../referrals/referral-storage.ts";
import { useAuth } from "../shell/root-data.ts";
import {
  type CheckoutAction,
  type CheckoutChoices,
  type CheckoutState,
  cartSignature,
  checkoutReducer,
  initialCheckout,
  parseStoredCheckout,
  serializeCheckout,
} from "./checkout-state.ts";
import { lineProblemsOf } from "./line-problems.ts";

type CheckoutApi = {
  state: CheckoutState;
  /** False on the server and until the stored checkout has been read after hydration. */
  ready: boolean;
  dispatch: (action: CheckoutAction) => void;
  choose: (changes: Partial<CheckoutChoices>) => void;
  /** The API's last pricing of the cart, in this tab. */
  calculation: Calculation | null;
  setCalculation: (calculation: Calculation | null) => void;
  /** Problems of that pricing that still hold, by cart line id: the summary and the cart drawer show them. */
  problems: ReadonlyMap<string, LineProblem[]>;
};

const CheckoutContext = createContext<CheckoutApi | null>(null);

function writeStoredCheckout(state: CheckoutState): void {
  try {
    localStorage.setItem(CHECKOUT_STORAGE_KEY, serializeCheckout(state));
  } catch {
    // Private modes and full quotas refuse writes; the checkout then lasts as long as the page.
  }
}

/**
 * The checkout state of spec §3 for the whole shop: the checkout pages fill it, the checkout
 * dialogs (contact, tip, card, delivery time, guest addresses) change it, and the cart drawer shows
 * the problems the API found. Kept under the checkout storage key and shared by tabs, like the
 * cart; any change of the cart drops the verified totals (spec §4).
 */
export function CheckoutProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const userId = auth.status === "signed-in" ? auth.user.userId : null;
  const { cart, ready: cartReady } = useCart();
  const [state, dispatch] = useReducer(checkoutReducer, undefined, () => initialCheckout());
  const [ready, setReady] = useState(false);
  const [calculation, setCalculation] = useState<Calculation | null>(null);
  const lastWritten = useRef<string | null>(null);

  useEffect(() => {
    const stored = parseStoredCheckout(readStorage(CHECKOUT_STORAGE_KEY));
    // In slices, as the cart's own adoption (CartProvider).
    startTransition(() => {
      if (stored) dispatch({ type: "ADOPT", state: stored });
      setReady(true);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CHECKOUT_STORAGE_KEY && event.key !== null) return;
      lastWritten.current = event.newValue;
      dispatch({ type: "ADOPT", state: parseStoredCheckout(event.newValue) ?? initialCheckout() });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const text = serializeCheckout(state);
    if (text === lastWritten.current) return;
    lastWritten.current = text;
    writeStoredCheckout(state);
  }, [ready, state]);

  // A checkout belongs to the shopper who filled it in; another one (or a guest after a customer) starts afresh.
  useEffect(() => {
    if (ready && userId !== null && state.owner !== userId) {
      dispatch({ type: "RESET", owner: userId });
      setCalculation(null);
    }
  }, [ready, userId, state.owner]);

  // Spec §4: the code a share link left becomes the applied code when none is set yet (a typed one wins).
  useEffect(() => {
    if (!ready || state.refer_code !== null) return;
    const linked = linkedReferralCode();
    if (linked) dispatch({ type: "CHOOSE", changes: { refer_code: linked } });
  }, [ready, state.refer_code]);

  const signature = cartSignature(cart.items);
  useEffect(() => {
    if (ready && cartReady) dispatch({ type: "CART_CHANGED", cart: signature });
  }, [ready, cartReady, signature]);

  const choose = useCallback(
    (changes: Partial<CheckoutChoices>) => dispatch({ type: "CHOOSE", changes }),
    [],
  );
  const problems = useMemo(() => lineProblemsOf(calculation, cart.items), [calculation, cart.items]);

  const api = useMemo<CheckoutApi>(
    () => ({ state, ready: ready && cartReady, dispatch, choose, calculation, setCalculation, problems }),
    [state, ready, cartReady, choose, calculation, problems],
  );
  return <CheckoutContext.Provider value={api}>{children}</CheckoutContext.Provider>;
}

export function useCheckout(): CheckoutApi {
  const api = useContext(CheckoutContext);
  if (!api) throw new Error("useCheckout needs a CheckoutProvider");
  return api;
}
