import {
  type CartAction,
  type CartItemInput,
  type CartState,
  cartReducer,
  emptyCart,
  STORAGE_KEYS,
} from "@stoa/contract";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { parseStoredCart, readStoredCart, writeStoredCart } from "./cart-storage.ts";

type CartContextValue = {
  cart: CartState;
  /** False on the server and until the stored cart has been read after hydration. */
  ready: boolean;
  dispatch: (action: CartAction) => CartState;
  addItem: (item: CartItemInput, quantity: number) => CartState;
  setQuantity: (id: string, quantity: number) => CartState;
  removeItem: (id: string) => CartState;
};

const CartContext = createContext<CartContextValue | null>(null);

/**
 * The cart of spec §4 over the contract's reducer, kept under `STORAGE_KEYS.cart`. The server and
 * the first client render show an empty cart (so hydration matches); the stored cart is read right
 * after, and a change in another tab arrives through the `storage` event.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, setCart] = useState<CartState>(() => emptyCart());
  const [ready, setReady] = useState(false);
  const current = useRef(cart);
  current.current = cart;

  useEffect(() => {
    const stored = readStoredCart();
    current.current = stored;
    setCart(stored);
    setReady(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.cart && event.key !== null) return;
      const next = parseStoredCart(event.newValue) ?? emptyCart();
      current.current = next;
      setCart(next);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // The reducer runs here, not inside setState, so a refused quantity throws to the caller.
  const dispatch = useCallback((action: CartAction) => {
    const next = cartReducer(current.current, action);
    current.current = next;
    setCart(next);
    writeStoredCart(next);
    return next;
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      ready,
      dispatch,
      addItem: (item, quantity) => dispatch({ type: "ADD_ITEM_WITH_QUANTITY", item, quantity }),
      setQuantity: (id, quantity) => dispatch({ type: "SET_ITEM_QUANTITY", id, quantity }),
      removeItem: (id) => dispatch({ type: "REMOVE_ITEM", id }),
    }),
    [cart, ready, dispatch],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart needs a CartProvider");
  return value;
}
