import {
  type CartAction,
  type CartItemInput,
  type CartState,
  cartReducer,
  emptyCart,
  type Locale,
  STORAGE_KEYS,
} from "@stoa/contract";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { applyStorageChanges, readStorage } from "../platform/browser-storage.ts";
import { parseStoredCart, readStoredCart, writeStoredCart } from "./cart-storage.ts";
import {
  CART_SYNCED_KEY,
  cartFromSaved,
  parseSyncedMark,
  type StockNote,
  savedLinesOf,
} from "./cart-sync.ts";
import { type CartSyncer, createCartSyncer } from "./cart-syncer.ts";
import { lineNamesIn, savedCartTransport } from "./saved-cart-client.ts";

type CartContextValue = {
  cart: CartState;
  /** False on the server and until the stored cart has been read after hydration. */
  ready: boolean;
  /** Lines the saved cart brought down to their stock, with how many the shopper had asked for. */
  stockNotes: ReadonlyMap<string, StockNote>;
  dispatch: (action: CartAction) => CartState;
  addItem: (item: CartItemInput, quantity: number) => CartState;
  setQuantity: (id: string, quantity: number) => CartState;
  removeItem: (id: string) => CartState;
  /** Signing out (spec §4): the cart empties here only; the saved cart stays for the next sign-in. */
  forget: () => void;
};

const CartContext = createContext<CartContextValue | null>(null);

const NO_NOTES: ReadonlyMap<string, StockNote> = new Map();

/**
 * The cart of spec §4 over the contract's reducer, kept under `STORAGE_KEYS.cart`. The server and
 * the first client render show an empty cart (so hydration matches); the stored cart is read right
 * after, and a change in another tab arrives through the `storage` event.
 *
 * While someone is signed in (a customer or a guest session), the cart is also the saved cart of
 * decision 015: merged into it at sign-in, read again when a page opens, and every change made on
 * this page saved (see `createCartSyncer`).
 */
export function CartProvider({
  userId,
  currency,
  locale,
  children,
}: {
  /** Who is signed in (customer or guest), null for nobody; sign-in is this changing on the page. */
  userId: number | null;
  /** The shop's currency, for lines rebuilt from the saved cart. */
  currency: string;
  /** The page's language: the cart's lines are named in it. */
  locale: Locale;
  children: ReactNode;
}) {
  const [cart, setCart] = useState<CartState>(() => emptyCart());
  const [ready, setReady] = useState(false);
  const [stockNotes, setStockNotes] = useState<ReadonlyMap<string, StockNote>>(NO_NOTES);
  const current = useRef(cart);
  current.current = cart;
  const shopCurrency = useRef(currency);
  shopCurrency.current = currency;

  const replace = useCallback((next: CartState) => {
    current.current = next;
    setCart(next);
    writeStoredCart(next);
  }, []);

  const syncer = useRef<CartSyncer | null>(null);
  syncer.current ??= createCartSyncer({
    transport: savedCartTransport,
    cart: () => current.current,
    adopt: (saved) => {
      const rebuilt = cartFromSaved(current.current, saved, shopCurrency.current);
      setStockNotes(rebuilt.notes);
      replace(rebuilt.cart);
    },
    readMark: () => parseSyncedMark(readStorage(CART_SYNCED_KEY)),
    writeMark: (mark) =>
      applyStorageChanges({ set: { [CART_SYNCED_KEY]: JSON.stringify(mark) }, remove: [] }),
  });

  useEffect(() => {
    const stored = readStoredCart();
    current.current = stored;
    // A transition: every button that reads the cart draws again with it, and as a transition
    // React does it in slices between the browser's other work instead of one long task right
    // after hydration (a page's total blocking time). A click meanwhile reads `current` already.
    startTransition(() => {
      setCart(stored);
      setReady(true);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.cart && event.key !== null) return;
      const next = parseStoredCart(event.newValue) ?? emptyCart();
      current.current = next;
      setCart(next);
    };
    const flush = () => syncer.current?.flush();
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("storage", onStorage);
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onHidden);
    };
  }, []);

  // The one place sign-in is seen, whichever way it happened: who is signed in changes. The first
  // value after the page opens is no sign-in, only a session this page found.
  const seenUser = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!ready || seenUser.current === userId) return;
    const signedInHere = seenUser.current !== undefined;
    seenUser.current = userId;
    if (userId === null) {
      syncer.current?.stop();
      applyStorageChanges({ set: {}, remove: [CART_SYNCED_KEY] });
      setStockNotes(NO_NOTES);
    } else {
      syncer.current?.start(userId, signedInHere);
    }
  }, [ready, userId]);

  // A cart filled in another language (another visit, or before the switch on this page) gets its
  // lines' names in this one (decision 035). Only this page's language starts it, never a cart
  // another tab wrote: two tabs in two languages would otherwise rename the cart back and forth.
  useEffect(() => {
    if (!ready || current.current.language === locale) return;
    if (current.current.isEmpty) {
      replace({ ...current.current, language: locale });
      return;
    }
    let live = true;
    void lineNamesIn(locale, savedLinesOf(current.current.items)).then((names) => {
      if (live && names)
        replace(cartReducer(current.current, { type: "RENAME_ITEMS", language: locale, names }));
    });
    return () => {
      live = false;
    };
  }, [ready, locale, replace]);

  // The reducer runs here, not inside setState, so a refused quantity throws to the caller.
  const dispatch = useCallback(
    (action: CartAction) => {
      const next = cartReducer(current.current, action);
      replace(next);
      syncer.current?.changed();
      return next;
    },
    [replace],
  );

  const forget = useCallback(() => {
    syncer.current?.stop();
    applyStorageChanges({ set: {}, remove: [CART_SYNCED_KEY] });
    setStockNotes(NO_NOTES);
    replace(cartReducer(current.current, { type: "RESET_CART" }));
  }, [replace]);

  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      ready,
      stockNotes,
      dispatch,
      addItem: (item, quantity) => dispatch({ type: "ADD_ITEM_WITH_QUANTITY", item, quantity }),
      setQuantity: (id, quantity) => dispatch({ type: "SET_ITEM_QUANTITY", id, quantity }),
      removeItem: (id) => dispatch({ type: "REMOVE_ITEM", id }),
      forget,
    }),
    [cart, ready, stockNotes, dispatch, forget],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart needs a CartProvider");
  return value;
}
