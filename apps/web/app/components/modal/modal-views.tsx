import { useTranslation } from "react-i18next";
import { InfoIcon } from "../icons.tsx";
import { LoginModal } from "./LoginModal.tsx";
import type { OpenModalState } from "./ModalProvider.tsx";
import { ProductDetailsModal } from "./ProductDetailsModal.tsx";
import { ShopInfoModal } from "./ShopInfoModal.tsx";

export const MODAL_TITLE_ID = "modal-title";

/** Views that are part of later work: an honest notice instead of a half-built form. */
function NotAvailableModal() {
  const { t } = useTranslation();
  return (
    <div className="px-6 pt-12 pb-8 text-center sm:px-10">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand/10 text-brand">
        <InfoIcon />
      </span>
      <h2 id={MODAL_TITLE_ID} className="mt-4 text-xl font-semibold text-stone-950">
        {t("dialog.not-available-title")}
      </h2>
      <p className="mt-2 text-stone-600">{t("dialog.not-available-text")}</p>
    </div>
  );
}

export function ModalContent({ state }: { state: OpenModalState }) {
  switch (state.view) {
    case "LOGIN_VIEW":
      return <LoginModal />;
    case "SHOP_INFO":
      return <ShopInfoModal store={state.data} />;
    case "PRODUCT_DETAILS":
      return <ProductDetailsModal product={state.data} />;
    default:
      return <NotAvailableModal />;
  }
}
