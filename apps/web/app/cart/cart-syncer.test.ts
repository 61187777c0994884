import {
  type CartAction,
  type CartState,
  cartReducer,
  emptyCart,
  type SavedCartLineInput,
} from "@stoa/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cartSignature, type SavedCartAnswer, type SyncedMark } from "./cart-sync.ts";
import { type CartSyncer, createCartSyncer, type SavedCartOutcome, type SyncFailure } from "./cart-syncer.ts";

const DELAY = 500;

type Outcome = SavedCartOutcome | { ok: true } | SyncFailure;
/** One request of the syncer; the test answers it. */
type Call = {
  kind: "merge" | "read" | "save";
  items?: SavedCartLineInput[];
  answer: (outcome: Outcome) => void;
};

/** A device: its cart, its mark, and the requests its syncer sent, answered by the test. */
function device(mark: SyncedMark | null = null) {
  const state = { cart: emptyCart(), mark, adopted: [] as SavedCartAnswer[] };
  const calls: Call[] = [];
  const syncer: CartSyncer = createCartSyncer({
    delay: DELAY,
    transport: {
      merge: (items) =>
        new Promise((answer) => calls.push({ kind: "merge", items, answer: answer as Call["answer"] })),
      read: () => new Promise((answer) => calls.push({ kind: "read", answer: answer as Call["answer"] })),
      save: (items) =>
        new Promise((answer) => calls.push({ kind: "save", items, answer: answer as Call["answer"] })),
    },
    cart: () => state.cart,
    adopt: (saved) => {
      state.adopted.push(saved);
      state.cart = cartReducer(cartReducer(state.cart, { type: "RESET_CART" }), {
        type: "ADD_ITEMS_WITH_QUANTITY",
        items: saved.items.map((line) => ({ ...line, stock: line.stock })),
      });
    },
    readMark: () => state.mark,
    writeMark: (next) => {
      state.mark = next;
    },
  });
  /** The shopper changes the cart on this page. */
  const change = (action: CartAction) => {
    state.cart = cartReducer(state.cart, action);
    syncer.changed();
  };
  const add = (productId: number, quantity = 1) =>
    change({
      type: "ADD_ITEM_WITH_QUANTITY",
      item: { productId, name: `P${productId}`, image: null, price: 100, stock: 50 },
      quantity,
    });
  return { state, calls, syncer, change, add };
}

const savedAnswer = (...lines: [number, number][]): SavedCartAnswer => ({
  items: lines.map(([productId, quantity]) => ({
    id: `${productId}::`,
    productId,
    quantity,
    name: `Saved ${productId}`,
    image: null,
    price: 100,
    stock: 50,
    isAvailable: true,
    isDigital: false,
  })),
  options: {},
});

const quantities = (cart: CartState) => cart.items.map((item) => [item.productId, item.quantity]);
/** Lets the syncer take the answers it was given. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("meeting the saved cart", () => {
  it("at sign-in merges the device's lines and puts the answer in their place", async () => {
    const d = device();
    d.add(1, 2);
    d.syncer.start(7, true);
    expect(d.calls.map((call) => call.kind)).toEqual(["merge"]);
    expect(d.calls[0]?.items).toEqual([{ productId: 1, quantity: 2 }]);
    d.calls[0]?.answer({ ok: true, saved: savedAnswer([3, 1], [1, 4]) });
    await settle();
    expect(quantities(d.state.cart)).toEqual([
      [3, 1],
      [1, 4],
    ]);
    expect(d.state.mark).toEqual({ userId: 7, lines: cartSignature(d.state.cart.items) });
  });

  it("on a page opened while signed in: reads when the cart is as last saved, saves when it changed", async () => {
    const clean = device();
    clean.add(1);
    clean.state.mark = { userId: 7, lines: cartSignature(clean.state.cart.items) };
    clean.syncer.start(7, false);
    expect(clean.calls.map((call) => call.kind)).toEqual(["read"]);
    clean.calls[0]?.answer({ ok: true, saved: savedAnswer([1, 3]) });
    await settle();
    expect(quantities(clean.state.cart)).toEqual([[1, 3]]);

    const changed = device({ userId: 7, lines: "1::*1" });
    changed.add(1, 2);
    changed.syncer.start(7, false);
    expect(changed.calls.map((call) => call.kind)).toEqual(["save"]);
    changed.calls[0]?.answer({ ok: true });
    await settle();
    expect(changed.state.adopted).toEqual([]);
    expect(changed.state.mark).toEqual({ userId: 7, lines: "1::*2" });

    // Another customer's mark says nothing about this one's saved cart.
    const other = device({ userId: 8, lines: "" });
    other.syncer.start(7, false);
    expect(other.calls.map((call) => call.kind)).toEqual(["merge"]);
  });

  it("does not put an answer over changes made while it was on its way", async () => {
    const d = device();
    d.syncer.start(7, true);
    d.add(1);
    d.calls[0]?.answer({ ok: true, saved: savedAnswer([3, 1]) });
    await settle();
    expect(d.state.adopted).toEqual([]);
    // Merged again, with the change.
    expect(d.calls.map((call) => call.kind)).toEqual(["merge", "merge"]);
    expect(d.calls[1]?.items).toEqual([{ productId: 1, quantity: 1 }]);
    d.calls[1]?.answer({ ok: true, saved: savedAnswer([3, 1], [1, 1]) });
    await settle();
    expect(quantities(d.state.cart)).toEqual([
      [3, 1],
      [1, 1],
    ]);
  });
});

describe("saving changes while signed in", () => {
  async function inStep() {
    const d = device();
    d.syncer.start(7, true);
    d.calls[0]?.answer({ ok: true, saved: savedAnswer() });
    await settle();
    d.calls.length = 0;
    return d;
  }

  it("saves a run of changes once, with the latest cart, after the shopper pauses", async () => {
    const d = await inStep();
    d.add(1);
    await vi.advanceTimersByTimeAsync(DELAY - 100);
    d.add(1);
    d.add(2, 3);
    await vi.advanceTimersByTimeAsync(DELAY - 100);
    expect(d.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(d.calls.map((call) => call.items)).toEqual([
      [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 3 },
      ],
    ]);
    d.calls[0]?.answer({ ok: true });
    await settle();
    expect(d.state.mark?.lines).toBe("1::*2|2::*3");
  });

  it("keeps one save on its way at a time and sends the latest cart after it", async () => {
    const d = await inStep();
    d.add(1);
    await vi.advanceTimersByTimeAsync(DELAY);
    d.add(2);
    d.change({ type: "SET_ITEM_QUANTITY", id: "1::", quantity: 5 });
    await vi.advanceTimersByTimeAsync(DELAY * 4);
    expect(d.calls).toHaveLength(1);
    d.calls[0]?.answer({ ok: true });
    await settle();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(d.calls).toHaveLength(2);
    expect(d.calls[1]?.items).toEqual([
      { productId: 1, quantity: 5 },
      { productId: 2, quantity: 1 },
    ]);
  });

  it("tries a failed save again at the next change and never touches the cart", async () => {
    const d = await inStep();
    d.add(1);
    await vi.advanceTimersByTimeAsync(DELAY);
    d.calls[0]?.answer({ ok: false, sessionEnded: false });
    await settle();
    await vi.advanceTimersByTimeAsync(DELAY * 10);
    expect(d.calls).toHaveLength(1);
    expect(quantities(d.state.cart)).toEqual([[1, 1]]);
    expect(d.state.mark?.lines).toBe("");
    d.add(2);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(d.calls).toHaveLength(2);
    expect(d.calls[1]?.items).toEqual([
      { productId: 1, quantity: 1 },
      { productId: 2, quantity: 1 },
    ]);
  });

  it("does not save over the saved cart before its merge has worked: the merge is tried again", async () => {
    const d = device();
    d.add(1);
    d.syncer.start(7, true);
    d.calls[0]?.answer({ ok: false, sessionEnded: false });
    await settle();
    d.add(2);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(d.calls.map((call) => call.kind)).toEqual(["merge", "merge"]);
    expect(d.calls[1]?.items).toHaveLength(2);
  });

  it("sends a waiting change at once when the page is hidden", async () => {
    const d = await inStep();
    d.add(1);
    d.syncer.flush();
    expect(d.calls.map((call) => call.kind)).toEqual(["save"]);
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(d.calls).toHaveLength(1);
  });

  it("stops at sign-out: nothing more is sent and answers on their way are ignored", async () => {
    const d = await inStep();
    d.add(1);
    d.syncer.stop();
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(d.calls).toEqual([]);

    const merging = device();
    merging.add(1);
    merging.syncer.start(7, true);
    merging.syncer.stop();
    merging.calls[0]?.answer({ ok: true, saved: savedAnswer([9, 9]) });
    await settle();
    expect(quantities(merging.state.cart)).toEqual([[1, 1]]);
    expect(merging.state.mark).toBeNull();
  });

  it("stops when the API says the session is over", async () => {
    const d = await inStep();
    d.add(1);
    await vi.advanceTimersByTimeAsync(DELAY);
    d.calls[0]?.answer({ ok: false, sessionEnded: true });
    await settle();
    d.add(2);
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(d.calls).toHaveLength(1);
  });
});
