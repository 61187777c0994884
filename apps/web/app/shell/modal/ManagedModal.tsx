import { FULL_SCREEN_MODAL_VIEWS } from "@stoa/contract";
import { lazy, type RefObject, Suspense, useRef } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { CloseIcon } from "../../platform/ui/icons.tsx";
import { useDialogBehaviour, useFocusOnArrival, useLastWhile } from "../../platform/ui/use-dialog.ts";
import { type OpenModalState, useModal } from "./ModalProvider.tsx";
import { MODAL_TITLE_ID } from "./modal-ids.ts";

/**
 * The views (sign-in, addresses, checkout, quick view…) arrive the first time a dialog opens, so a
 * page's first load carries none of their code.
 */
const ModalContent = lazy(() =>
  import("./modal-views.tsx").then((views) => ({ default: views.ModalContent })),
);

/** Mounted next to the view, so it runs once the view's code has arrived and rendered. */
function FocusOnArrival({ panel }: { panel: RefObject<HTMLElement | null> }) {
  useFocusOnArrival(panel);
  return null;
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClose}
      className="absolute end-3 top-3 z-10 rounded-full bg-white/90 p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
      aria-label={t("dialog.close")}
      data-close
    >
      <CloseIcon className="size-5" />
    </button>
  );
}

/**
 * The generic modal of spec §2: backdrop, close button, right-to-left aware through logical
 * properties. PAYMENT_MODAL replaces the whole wrapper and takes the full screen.
 */
export function ManagedModal() {
  const { modal, opening, closeModal } = useModal();
  const panel = useRef<HTMLDivElement>(null);
  const shown = useLastWhile<OpenModalState | null>(modal.isOpen ? modal : null, modal.isOpen);
  useDialogBehaviour(modal.isOpen, panel, closeModal);
  const open = modal.isOpen;
  const fullScreen = shown !== null && FULL_SCREEN_MODAL_VIEWS.includes(shown.view);
  // A review's photos are shown large: the dialog takes more of a wide screen for them.
  const width = shown?.view === "REVIEW_IMAGE_POPOVER" ? "sm:max-w-3xl" : "sm:max-w-lg";

  if (fullScreen) {
    return (
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={MODAL_TITLE_ID}
        aria-hidden={!open}
        tabIndex={-1}
        data-modal-view={shown.view}
        className={`fixed inset-0 z-[55] overflow-y-auto bg-white outline-none ${open ? "visible" : "invisible"}`}
      >
        <CloseButton onClose={closeModal} />
        <div className="mx-auto max-w-2xl px-6 py-16">
          <Suspense fallback={null}>
            <ModalContent key={opening} state={shown} />
            <FocusOnArrival key={`focus-${opening}`} panel={panel} />
          </Suspense>
        </div>
      </div>
    );
  }

  return (
    <div
      className={`fixed inset-0 z-[55] flex items-end justify-center sm:items-center sm:p-6 ${
        // Shown at once on open so focus can move in; hidden only after the fade-out on close.
        open ? "visible" : "invisible transition-[visibility] duration-200"
      }`}
    >
      <div
        aria-hidden="true"
        onClick={closeModal}
        data-modal-backdrop
        className={`absolute inset-0 bg-stone-950/60 transition-opacity duration-200 motion-reduce:transition-none ${open ? "opacity-100" : "opacity-0"}`}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={MODAL_TITLE_ID}
        aria-hidden={!open}
        tabIndex={-1}
        data-modal-view={shown?.view}
        className={`relative max-h-[92dvh] w-full overflow-y-auto rounded-t-3xl bg-white shadow-2xl outline-none transition-[opacity,transform] duration-200 motion-reduce:transition-none ${width} sm:rounded-3xl ${
          open
            ? "translate-y-0 opacity-100 sm:scale-100"
            : "translate-y-4 opacity-0 sm:translate-y-0 sm:scale-95"
        }`}
      >
        <CloseButton onClose={closeModal} />
        {shown ? (
          <Suspense fallback={null}>
            <ModalContent key={opening} state={shown} />
            <FocusOnArrival key={`focus-${opening}`} panel={panel} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
