import { AddressFormView, DeleteAddressView } from "../../account/AddressViews.tsx";
import { ForgotChoiceView, ForgotEmailView, ForgotPhoneView } from "../../account/ForgotViews.tsx";
import { LoginView } from "../../account/LoginView.tsx";
import { OtpLoginView } from "../../account/OtpLoginView.tsx";
import { ProfileContactView } from "../../account/ProfileContactView.tsx";
import { RegisterPhoneView, RegisterView } from "../../account/RegisterViews.tsx";
import { ReservationTimesView } from "../../booking/reservations/ReservationTimesView.tsx";
import { BranchPickerModal } from "../../branches/BranchPickerModal.tsx";
import { CarPartModal } from "../../catalogue/product-modals/CarPartModal.tsx";
import { ProductDetailsModal } from "../../catalogue/product-modals/ProductDetailsModal.tsx";
import { RestaurantOptionModal } from "../../catalogue/product-modals/RestaurantOptionModal.tsx";
import { SelectVariationModal } from "../../catalogue/product-modals/SelectVariationModal.tsx";
import {
  CheckoutAddressView,
  CheckoutCardView,
  CheckoutContactView,
  CheckoutTipView,
  DeliveryTimeView,
  GuestAddressView,
} from "../../checkout/CheckoutModals.tsx";
import { CancelOrderView } from "../../orders/CancelOrderView.tsx";
import { RefundRequestView } from "../../orders/RefundRequestView.tsx";
import { AddBamboraCardView, DeleteCardView, UseNewPaymentView } from "../../payments/CardModals.tsx";
import { PaymentModalView } from "../../payments/PaymentModalView.tsx";
import { AddStripeCardView, StripeElementView } from "../../payments/StripeCard.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { InfoIcon } from "../../platform/ui/icons.tsx";
import {
  AbuseReportView,
  QuestionFormView,
  ReviewPhotosView,
  ReviewRatingView,
} from "../../reviews/ReviewModals.tsx";
import { SearchViewBody } from "../../search/SearchView.tsx";
import { ShopInfoModal } from "../ShopInfoModal.tsx";
import { type OpenModalState, useModal } from "./ModalProvider.tsx";
import { MODAL_TITLE_ID } from "./modal-ids.ts";

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

/** SEARCH_VIEW as a dialog: the same search box and categories as the search drawer. */
function SearchModal() {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  return (
    <div className="px-5 pt-6 pb-6 sm:px-8">
      <h2 id={MODAL_TITLE_ID} className="mb-5 pe-10 text-xl font-semibold text-stone-950">
        {t("search.title")}
      </h2>
      <SearchViewBody onDone={closeModal} />
    </div>
  );
}

export function ModalContent({ state }: { state: OpenModalState }) {
  switch (state.view) {
    case "SEARCH_VIEW":
      return <SearchModal />;
    case "LOGIN_VIEW":
      return <LoginView titleId={MODAL_TITLE_ID} />;
    case "REGISTER":
      return <RegisterView />;
    case "REGISTER_PHONE":
      return <RegisterPhoneView />;
    case "FORGOT_VIEW":
      return <ForgotChoiceView />;
    case "FORGOT_EMAIL_VIEW":
      return <ForgotEmailView />;
    case "FORGOT_PHONE_VIEW":
      return <ForgotPhoneView />;
    case "OTP_LOGIN":
      return <OtpLoginView />;
    case "ADD_OR_UPDATE_ADDRESS":
      return state.data.forOrder ? (
        <CheckoutAddressView {...state.data} />
      ) : (
        <AddressFormView {...state.data} />
      );
    case "DELETE_ADDRESS":
      return <DeleteAddressView {...state.data} />;
    case "ADD_OR_UPDATE_GUEST_ADDRESS":
    case "UPDATE_GUEST_ADDRESS":
      return <GuestAddressView type="shipping" />;
    case "ADD_OR_UPDATE_GUEST_BILLING_ADDRESS":
      return <GuestAddressView type="billing" />;
    case "ADD_OR_UPDATE_CHECKOUT_CONTACT":
      return <CheckoutContactView emailOnly={state.data.emailOnly} />;
    case "ADD_OR_UPDATE_CHECKOUT_TIP_OPTION":
      return <CheckoutTipView {...state.data} />;
    case "ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD":
      return <CheckoutCardView />;
    case "SEL_TIME":
      return "kind" in state.data ? (
        <ReservationTimesView {...state.data} />
      ) : (
        <DeliveryTimeView {...state.data} />
      );
    case "ADD_OR_UPDATE_PROFILE_CONTACT":
      return <ProfileContactView {...state.data} />;
    case "SHOP_INFO":
      return <ShopInfoModal store={state.data} />;
    case "LOCATION_BASED_SHOP":
      return <BranchPickerModal />;
    case "PRODUCT_DETAILS":
      return <ProductDetailsModal product={state.data} />;
    case "SELECT_PRODUCT_VARIATION":
      return <SelectVariationModal productId={state.data} />;
    case "RESTAURANT_OPTION":
      return <RestaurantOptionModal product={state.data} />;
    case "CARPART":
      return <CarPartModal product={state.data} />;
    case "REFUND_REQUEST":
      return <RefundRequestView {...state.data} />;
    case "CANCEL_ORDER":
      return <CancelOrderView {...state.data} />;
    case "ADD_NEW_CARD_BAMBORA":
      return <AddBamboraCardView {...state.data} />;
    case "USE_NEW_PAYMENT":
      return state.data.gateway === "stripe" ? (
        <StripeElementView
          stripeJsUrl={state.data.stripeJsUrl}
          publishableKey={state.data.publishableKey}
          testCards={state.data.testCards}
        />
      ) : (
        <UseNewPaymentView tokenizationUrl={state.data.tokenizationUrl} testCards={state.data.testCards} />
      );
    case "ADD_NEW_CARD":
      return <AddStripeCardView {...state.data} />;
    case "DELETE_CARD_MODAL":
      return <DeleteCardView {...state.data} />;
    case "PAYMENT_MODAL":
      return <PaymentModalView />;
    case "STRIPE_ELEMENT_MODAL":
      return <StripeElementView {...state.data} />;
    case "REVIEW_RATING":
      return <ReviewRatingView {...state.data} />;
    case "REVIEW_IMAGE_POPOVER":
      return <ReviewPhotosView {...state.data} />;
    case "QUESTION_FORM":
      return <QuestionFormView {...state.data} />;
    case "ABUSE_REPORT":
      return <AbuseReportView {...state.data} />;
    default:
      return <NotAvailableModal />;
  }
}
