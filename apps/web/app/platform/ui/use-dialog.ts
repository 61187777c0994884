import { type RefObject, useEffect, useState } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
}

/** Keeps Tab and Shift+Tab cycling inside the open dialog. */
function trapTab(event: KeyboardEvent, container: HTMLElement) {
  const items = focusables(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** Focus goes to the control marked `[data-autofocus]`, else the first control, else the panel. */
function focusInto(node: HTMLElement) {
  const target = node.querySelector<HTMLElement>("[data-autofocus]") ?? focusables(node)[0] ?? node;
  target.focus({ preventScroll: true });
}

/**
 * A dialog's view may arrive after the dialog opened (its code loads on first use): once it is in,
 * focus moves on from the bare panel to the view's first control, unless the shopper moved it on already.
 */
export function useFocusOnArrival(panel: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const node = panel.current;
      if (!node) return;
      const active = document.activeElement;
      // The panel itself and its close button are where focus waits while the view loads. Focus
      // anywhere else means the shopper has moved on, or closed the dialog before its view came
      // (Escape gives focus back to the opener): it stays where it is.
      const waiting =
        active === node ||
        active === document.body ||
        active === null ||
        (node.contains(active) && active.hasAttribute("data-close"));
      if (waiting) focusInto(node);
    });
    return () => cancelAnimationFrame(frame);
  }, [panel]);
}

/**
 * When one dialog opens another (the account drawer opens the sign-in modal), the first cannot give
 * focus back to its opener, which sits in the page that is inert by then; the second takes it over.
 */
let handedOver: HTMLElement | null = null;

/**
 * What every drawer and modal does while open: moves focus in (to `[data-autofocus]` or the first
 * control), traps Tab, closes on Escape, stops the page behind from scrolling, and gives focus back
 * to whatever opened it when it closes, or to the successor it names (`data-focus-successor`, a
 * selector) when the dialog's work replaced it.
 */
export function useDialogBehaviour(open: boolean, panel: RefObject<HTMLElement | null>, onClose: () => void) {
  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const returnTo =
      handedOver ?? (active instanceof HTMLElement && active !== document.body ? active : null);
    handedOver = null;
    // An opener that what the dialog makes will replace ("Add address" by the address's card) names
    // its successor, read now: once replaced, it is gone.
    const successor = returnTo?.dataset.focusSuccessor;
    const frame = requestAnimationFrame(() => {
      if (panel.current) focusInto(panel.current);
    });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      } else if (event.key === "Tab" && panel.current) {
        trapTab(event, panel.current);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKeyDown);
      root.style.overflow = overflow;
      if (!returnTo?.isConnected) {
        if (successor) document.querySelector<HTMLElement>(successor)?.focus({ preventScroll: true });
        return;
      }
      returnTo.focus({ preventScroll: true });
      if (document.activeElement !== returnTo) {
        handedOver = returnTo;
        // Only a dialog opening in this same update may take it over.
        setTimeout(() => {
          handedOver = null;
        });
      }
    };
  }, [open, panel, onClose]);
}

/** The last value seen while `active` was true, so a closing panel keeps its content while it animates out. */
export function useLastWhile<T>(value: T, active: boolean): T {
  const [last, setLast] = useState(value);
  useEffect(() => {
    if (active) setLast(value);
  }, [active, value]);
  return active ? value : last;
}
