import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { AuthStorageSync } from "../account/AuthStorageSync.tsx";
import { ShellCartNotice } from "../cart/CartNoticeBanner.tsx";
import { CheckoutProvider } from "../checkout/CheckoutProvider.tsx";
import { TableBanner } from "../dine-in/TableBanner.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { useIsScreenRoute } from "../platform/screen-route.ts";
import { ToastProvider } from "../platform/ui/ToastProvider.tsx";
import { WishlistProvider } from "../wishlist/WishlistProvider.tsx";
import { DrawerProvider, useDrawer } from "./drawer/DrawerProvider.tsx";
import { ManagedDrawer } from "./drawer/ManagedDrawer.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { ManagedModal } from "./modal/ManagedModal.tsx";
import { ModalProvider, useModal } from "./modal/ModalProvider.tsx";
import { useAuth } from "./root-data.ts";

/**
 * Dialogs belong to the page they were opened on: any navigation closes them, the language switch
 * (which comes back to the same page) included. A link to `?login=1` (e.g. from an "already
 * registered" email) opens the login view.
 */
function DialogsFollowNavigation() {
  const { key, search } = useLocation();
  const { closeModal, openModal } = useModal();
  const { closeDrawer } = useDrawer();
  const auth = useAuth();
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    closeModal();
    closeDrawer();
  }, [key, closeModal, closeDrawer]);
  const askedToSignIn = new URLSearchParams(search).get("login") === "1" && auth.status === "signed-out";
  useEffect(() => {
    if (askedToSignIn) openModal("LOGIN_VIEW");
  }, [askedToSignIn, openModal]);
  return null;
}

/** The page behind an open drawer or modal is inert: not clickable, not focusable, not read out. */
function Page({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { drawer } = useDrawer();
  const { modal } = useModal();
  // An in-store screen (a menu on the wall) has nothing to click through to.
  if (useIsScreenRoute()) {
    return (
      <main id="main" tabIndex={-1} className="min-h-dvh outline-none">
        {children}
      </main>
    );
  }
  return (
    <div inert={drawer.isOpen || modal.isOpen} className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t("shell.skip-to-content")}
      </a>
      <TableBanner />
      <Header />
      <ShellCartNotice />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function ShopShell({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <ModalProvider>
        <DrawerProvider>
          <WishlistProvider>
            <CheckoutProvider>
              <AuthStorageSync />
              <DialogsFollowNavigation />
              <Page>{children}</Page>
              <ManagedDrawer />
              <ManagedModal />
            </CheckoutProvider>
          </WishlistProvider>
        </DrawerProvider>
      </ModalProvider>
    </ToastProvider>
  );
}
