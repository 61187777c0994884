import { type CartState, SAVED_CART_LIMIT, type SavedCartLineInput } from "@stoa/contract";
import {
  cartSignature,
  type SavedCartAnswer,
  type SyncedMark,
  type SyncStep,
  savedLinesOf,
  stepOnPageLoad,
} from "./cart-sync.ts";

export type SyncFailure = { ok: false; sessionEnded: boolean };
export type SavedCartOutcome = { ok: true; saved: SavedCartAnswer } | SyncFailure;

/** How the device reaches the saved cart (the storefront's cart route, in the browser). */
export type SavedCartTransport = {
  merge(items: SavedCartLineInput[], known: string[]): Promise<SavedCartOutcome>;
  read(known: string[]): Promise<SavedCartOutcome>;
  /** Sent so that it is not dropped when the page goes away meanwhile. */
  save(items: SavedCartLineInput[]): Promise<{ ok: true } | SyncFailure>;
};

export type CartSyncerOptions = {
  transport: SavedCartTransport;
  /** The device's cart as it is now. */
  cart(): CartState;
  /** Puts the saved cart in place of the device's (not a shopper's change, so not saved back). */
  adopt(saved: SavedCartAnswer): void;
  readMark(): SyncedMark | null;
  writeMark(mark: SyncedMark): void;
  /** Quiet time after a change before it is saved, so a run of clicks is one request. */
  delay?: number;
};

export type CartSyncer = {
  /** Someone is signed in: `signedIn` when it happened on this page (merge), else the page just opened. */
  start(userId: number, signedIn: boolean): void;
  /** Nobody is signed in any more: nothing owed is sent, answers on their way are ignored. */
  stop(): void;
  /** The shopper changed the cart on this page. */
  changed(): void;
  /** The page is hidden or going away: a change still waiting for the shopper to pause is sent now. */
  flush(): void;
};

export const SAVE_DELAY_MS = 700;

type Step = SyncStep | "save";

/**
 * Keeps a signed-in shopper's saved cart in step with the device's. First the step of
 * `stepOnPageLoad` (or a merge at sign-in), then every change is saved with the whole cart once the
 * shopper pauses: at most one request on its way, the latest cart sent after it (last write wins).
 * A failed step is owed and tried again at the next change; the device's cart is never touched by
 * a failure. Until the first step has worked, changes are not saved: a save would replace lines of
 * the saved cart this device has not merged yet.
 */
export function createCartSyncer(options: CartSyncerOptions): CartSyncer {
  const { transport, delay = SAVE_DELAY_MS } = options;
  let userId: number | null = null;
  // Answers of an earlier session (or of a stopped one) are told apart by this and ignored.
  let generation = 0;
  let owed: Step = "merge";
  let busy = false;
  let changedWhileBusy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const linesNow = () => savedLinesOf(options.cart().items);
  // The lines sent are the only ones the answer can hold.
  const knownNow = () =>
    options
      .cart()
      .items.slice(-SAVED_CART_LIMIT)
      .map((item) => item.id);
  const signatureNow = () => cartSignature(options.cart().items);

  function clearTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule() {
    clearTimer();
    timer = setTimeout(() => {
      timer = undefined;
      void run(owed);
    }, delay);
  }

  async function run(step: Step): Promise<void> {
    if (userId === null) return;
    if (busy) {
      changedWhileBusy = true;
      return;
    }
    const session = generation;
    const who = userId;
    busy = true;
    changedWhileBusy = false;
    const sent = signatureNow();
    const outcome: { ok: true; saved?: SavedCartAnswer } | SyncFailure =
      step === "merge"
        ? await transport.merge(linesNow(), knownNow())
        : step === "pull"
          ? await transport.read(knownNow())
          : await transport.save(linesNow());
    if (session !== generation) return;
    busy = false;
    if (!outcome.ok) {
      owed = step;
      // The session is over: nothing more is sent until someone signs in again.
      if (outcome.sessionEnded) stop();
      else if (changedWhileBusy) schedule();
      return;
    }
    const changedMeanwhile = signatureNow() !== sent;
    if (outcome.saved) {
      if (changedMeanwhile) {
        // The shopper changed the cart while it was asked for: merge again, or (the saved cart only
        // read) save this device's newer one.
        owed = step === "merge" ? "merge" : "push";
        void run(owed);
        return;
      }
      options.adopt(outcome.saved);
      options.writeMark({ userId: who, lines: signatureNow() });
    } else {
      options.writeMark({ userId: who, lines: sent });
    }
    owed = "save";
    if (changedMeanwhile || changedWhileBusy) schedule();
  }

  function stop() {
    generation += 1;
    userId = null;
    busy = false;
    changedWhileBusy = false;
    clearTimer();
  }

  return {
    start(id, signedIn) {
      stop();
      userId = id;
      owed = signedIn ? "merge" : stepOnPageLoad(options.readMark(), id, options.cart());
      void run(owed);
    },
    stop,
    changed() {
      if (userId === null) return;
      if (busy) changedWhileBusy = true;
      else schedule();
    },
    flush() {
      // A change made while a save is on its way waits for it: two saves at once could land out of order.
      if (userId === null || owed !== "save" || timer === undefined || busy) return;
      clearTimer();
      void run("save");
    },
  };
}
