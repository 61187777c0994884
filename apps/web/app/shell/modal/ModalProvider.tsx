import type {
  BillingProfile,
  BookAddress,
  DeliverySchedule,
  ModalView,
  Order,
  OwnReview,
  ProductSummary,
  ReviewPhoto,
  SavedCardGateway,
  SavedCardView,
  StoreByDomain,
  TimedDeliveryType,
  TipOption,
} from "@stoa/contract";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { AddressType } from "../../account/address.ts";
import type { ReservationTimesPayload } from "../../booking/reservations/time-choice.ts";

/**
 * The tip dialog's payload: the goods the tip is on (minor units; null when not known yet, so no
 * amounts nor bound are shown), their currency, the tip chosen so far, and what takes the choice.
 */
export type TipDialogPayload = {
  goods: number | null;
  currency: string;
  current: TipOption | null;
  choose: (tip: TipOption | null) => void;
};

/** Payloads of the modal views that take one (spec §2); every other view takes none. */
export type ModalPayloads = {
  PRODUCT_DETAILS: ProductSummary;
  RESTAURANT_OPTION: ProductSummary;
  CARPART: ProductSummary;
  SHOP_INFO: StoreByDomain;
  /** The product id as text: the spec passes a slug, but products are found by id here. */
  SELECT_PRODUCT_VARIATION: string;
  ADD_OR_UPDATE_ADDRESS: { type: AddressType; address: BookAddress | null; forOrder?: boolean };
  DELETE_ADDRESS: { type: AddressType; id: number };
  ADD_OR_UPDATE_PROFILE_CONTACT: { kind: "email" | "phone"; hasValue: boolean };
  /** A digital order's contact must be an email: the download links go there. */
  ADD_OR_UPDATE_CHECKOUT_CONTACT: { emailOnly: boolean };
  /** What the tip is on, the tip chosen so far, and where the choice goes (a checkout, a bill's share). */
  ADD_OR_UPDATE_CHECKOUT_TIP_OPTION: TipDialogPayload;
  /**
   * The times to choose from: a delivery's or a pickup's windows, or a reservation's slots of a
   * day (`kind: "reservation"`, with where choosing one leads).
   */
  SEL_TIME: { schedule: DeliverySchedule; deliveryType: TimedDeliveryType } | ReservationTimesPayload;
  /** The order, and the address of its page, whose action takes the request. */
  REFUND_REQUEST: { order: Order; action: string };
  CANCEL_ORDER: { order: Pick<Order, "id" | "orderNumber" | "payment_gateway">; action: string };
  /** Where Bambora tokenizes the card, its billing profile so far, and whether the checkout pays with it. */
  ADD_NEW_CARD_BAMBORA: {
    tokenizationUrl: string;
    /** Bambora runs on a test account: the form names its test cards. */
    testCards: boolean;
    profile: BillingProfile | null;
    purpose: "checkout" | "profile";
  };
  /** A card for this order only: tokenized by Bambora, or typed into Stripe's element. */
  USE_NEW_PAYMENT:
    | { gateway: "bambora"; tokenizationUrl: string; testCards: boolean }
    | { gateway: "stripe"; stripeJsUrl: string; publishableKey: string; testCards?: boolean };
  /** A card saved with Stripe through Stripe's element, and whether the checkout pays with it. */
  ADD_NEW_CARD: {
    stripeJsUrl: string;
    publishableKey: string;
    testCards?: boolean;
    purpose: "checkout" | "profile";
  };
  DELETE_CARD_MODAL: { gateway: SavedCardGateway; card: SavedCardView };
  STRIPE_ELEMENT_MODAL: { stripeJsUrl: string; publishableKey: string; testCards?: boolean };
  /** The product reviewed, and the shopper's review when they edit it. */
  REVIEW_RATING: { productId: number; productName: string; review: OwnReview | null };
  /** A review's photos, the one to show first, and whose review it is. */
  REVIEW_IMAGE_POPOVER: { productId: number; photos: ReviewPhoto[]; start: number; authorName: string };
  /** The product asked about; a question when a buyer answers it. */
  QUESTION_FORM: { productId: number; productName: string; question: { id: number; text: string } | null };
  /** What is reported, on which product's page. */
  ABUSE_REPORT: { productId: number; target: "review" | "photo" | "question" | "answer"; targetId: number };
};
export type ModalPayload<V extends ModalView> = V extends keyof ModalPayloads ? ModalPayloads[V] : undefined;

export type OpenModalState = {
  [V in ModalView]: { isOpen: true; view: V; data: ModalPayload<V> };
}[ModalView];
/** Spec §4: closing clears the view and the data. */
export type ModalState = OpenModalState | { isOpen: false; view: ""; data: null };

export const CLOSED_MODAL: ModalState = { isOpen: false, view: "", data: null };

type ModalApi = {
  modal: ModalState;
  /** Counts openings, so a view opened again (another address, say) starts with a fresh form. */
  opening: number;
  openModal: <V extends ModalView>(
    view: V,
    ...data: ModalPayload<V> extends undefined ? [] : [ModalPayload<V>]
  ) => void;
  closeModal: () => void;
};

const ModalContext = createContext<ModalApi | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<ModalState>(CLOSED_MODAL);
  const [opening, setOpening] = useState(0);
  const openModal = useCallback<ModalApi["openModal"]>((view, ...data) => {
    setModal({ isOpen: true, view, data: data[0] } as OpenModalState);
    setOpening((count) => count + 1);
  }, []);
  const closeModal = useCallback(() => setModal(CLOSED_MODAL), []);
  const api = useMemo(
    () => ({ modal, opening, openModal, closeModal }),
    [modal, opening, openModal, closeModal],
  );
  return <ModalContext.Provider value={api}>{children}</ModalContext.Provider>;
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModal must be used inside ModalProvider");
  return api;
}
