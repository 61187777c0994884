/** Drawer and modal view names of spec §2. */

export const DRAWER_VIEWS = [
  "cart",
  "FILTER_VIEW",
  "FILTER_LAYOUT_TWO",
  "MAIN_MENU_VIEW",
  "AUTH_MENU_VIEW",
  "SEARCH_VIEW",
  "LEFT_MENU",
  "LEFT_CATEGORY",
  "SEARCH_FILTER",
] as const;
export type DrawerView = (typeof DRAWER_VIEWS)[number];

/** Drawers that open from the start side (left in ltr); every other drawer opens from the end side. */
export const START_SIDE_DRAWER_VIEWS: readonly DrawerView[] = [
  "FILTER_VIEW",
  "MAIN_MENU_VIEW",
  "FILTER_LAYOUT_TWO",
  "SEARCH_FILTER",
  "SEARCH_VIEW",
  "LEFT_MENU",
  "LEFT_CATEGORY",
];

export type DrawerSide = "left" | "right";

/** Physical side a drawer slides in from: start-side drawers are left in ltr and right in rtl. */
export function drawerSide(view: DrawerView, rtl: boolean): DrawerSide {
  const startSide = START_SIDE_DRAWER_VIEWS.includes(view);
  if (rtl) return startSide ? "right" : "left";
  return startSide ? "left" : "right";
}

export const MODAL_VIEWS = [
  "SEARCH_VIEW",
  "LOGIN_VIEW",
  "REGISTER",
  "REGISTER_PHONE",
  "FORGOT_VIEW",
  "FORGOT_EMAIL_VIEW",
  "FORGOT_PHONE_VIEW",
  "OTP_LOGIN",
  "REFUND_REQUEST",
  "ADD_OR_UPDATE_ADDRESS",
  "ADD_OR_UPDATE_GUEST_ADDRESS",
  "ADD_OR_UPDATE_GUEST_BILLING_ADDRESS",
  "UPDATE_GUEST_ADDRESS",
  "LOCATION_BASED_SHOP",
  "ADD_OR_UPDATE_CHECKOUT_CONTACT",
  "ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD",
  "ADD_OR_UPDATE_CHECKOUT_TIP_OPTION",
  "ADD_OR_UPDATE_PROFILE_CONTACT",
  "DELETE_ADDRESS",
  "RESTAURANT_OPTION",
  "PRODUCT_DETAILS",
  "CARPART",
  "SHOP_INFO",
  "REVIEW_RATING",
  "ABUSE_REPORT",
  "QUESTION_FORM",
  "SELECT_PRODUCT_VARIATION",
  "REVIEW_IMAGE_POPOVER",
  "USE_NEW_PAYMENT",
  "ADD_NEW_CARD",
  "ADD_NEW_CARD_BAMBORA",
  "DELETE_CARD_MODAL",
  "GATEWAY_MODAL",
  "STRIPE_ELEMENT_MODAL",
  "SEL_TIME",
  "NEWSLETTER",
  "PAYMENT_MODAL",
  // Not named in spec §2: the confirmation before an order is cancelled.
  "CANCEL_ORDER",
] as const;
export type ModalView = (typeof MODAL_VIEWS)[number];

/** PAYMENT_MODAL replaces the whole modal wrapper instead of rendering inside it. */
export const FULL_SCREEN_MODAL_VIEWS: readonly ModalView[] = ["PAYMENT_MODAL"];
