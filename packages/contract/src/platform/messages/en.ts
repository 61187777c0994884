import { SOMETHING_WRONG_TEXT } from "../something-wrong.ts";

/**
 * The error and notice messages in English: a module of their own, so a page loads only its language.
 * errors.ts checks that every message key is here.
 */
export const ERROR_MESSAGES_EN = {
  "error-invalid-input": "Some of the information sent is not valid.",
  "error-unauthorized": "Please sign in to continue.",
  "error-forbidden": "You are not allowed to do this.",
  "error-not-found": "We could not find what you asked for.",
  "error-method-not-allowed": "This address does not accept this kind of request.",
  "error-store-not-found": "There is no shop at this address.",
  "error-product-not-found": "This product does not exist or is no longer sold.",
  "error-invalid-session": "Your session has ended. Please sign in again.",
  "email-not-verified": "Your email address is not verified yet.",
  "error-conflict": "This conflicts with something that already exists.",
  "error-unprocessable": "This request cannot be processed.",
  "error-payload-too-large": "The request is too large.",
  "error-too-many-requests": "Too many attempts. Please wait a moment and try again.",
  "error-something-wrong": SOMETHING_WRONG_TEXT,
  "error-service-unavailable": "We could not reach our records just now. Please try again in a moment.",
  "error-field-required": "This field is required.",
  "error-field-invalid": "This value is not valid.",
  "error-field-too-long": "This value is too long.",
  "error-field-too-small": "This value is too small.",
  "error-field-too-short": "This is too short. Please write a little more.",
  "error-field-too-large": "This value is too large.",
  "error-email-format": "The provided email address format is not valid.",
  "error-email-required": "Please enter your email address.",
  "error-password-required": "Please enter your password.",
  "error-min-price-above-max": "The minimum price must not be above the maximum price.",
  "error-registration-closed": "This shop opens accounts itself: please ask the shop to create yours.",
  "error-code-cooldown": "We sent you a message a moment ago. You can ask for a new one in a minute.",
  "error-email-taken": "This email address is already used by another account.",
  "error-phone-taken": "This phone number is already used by another account.",
  "error-country-code-format": "Enter the country calling code, for example 1 or 972.",
  "error-control-character": "This text contains characters that cannot be saved.",
  "error-body-too-deep": "This request nests its data deeper than any form of the shop does.",
  "error-wishlist-full": "Your wishlist is full. Remove something to add more.",
  "error-cart-changed":
    "Your cart changed since you saw the total. Please check the new total and place the order again.",
  "error-out-of-stock": "Some items are not available in the quantity you asked for.",
  "error-invalid-coupon": "This coupon code is not valid.",
  "error-delivery-window-full": "This delivery time is fully booked. Please choose another one.",
  "error-shop-closed":
    "The shop is closed now and opens again on {{opens}}. Please choose a time for your order.",
  "error-guest-checkout-closed": "This shop asks you to sign in to place an order.",
  "error-idempotency-key-reused": "This order request was already used for a different order.",
  "error-refund-not-allowed":
    "A refund can be asked only for delivered orders, and not for more than was bought.",
  "error-download-link-expired": "This download link has expired. Open your downloads for a new one.",
  "error-order-link-expired":
    "This link to your order has expired. Ask the shop about your order, or create an account to follow your next ones.",
  "error-payment-declined": "Your card was declined. Nothing was charged; please try another card.",
  "error-insufficient-funds":
    "Your card has insufficient funds. Nothing was charged; please try another card.",
  "error-card-expired": "Your card has expired. Please use another card.",
  "error-payment-unavailable":
    "We could not get an answer from the payment service. We are checking with your bank and will settle it ourselves: if your card was charged, the payment goes to your order or is given back. Please wait a few minutes before trying again.",
  // Said by the page itself, before any card reached a provider: nothing can have been charged.
  "error-card-service-unreachable":
    "We could not reach the payment service. Nothing was charged; please try again.",
  "error-saved-cards-sign-in": "Please sign in to save cards or pay with a saved card.",
  "error-payment-method-not-offered": "This shop does not take this way of paying.",
  "error-webhook-signature": "The signature of this notification does not match.",
  "error-too-many-unpaid-orders":
    "You already have as many unpaid orders as this shop allows. Once one of them is paid, delivered or cancelled, you can place this one: your cart and details are kept.",
  "error-unpaid-order-too-large":
    "An order paid on delivery or collection can hold at most {{units}} items and {{value}} of goods at this shop. Pay by card, or make the order smaller: your cart and details are kept.",
  "error-unpaid-holds-too-large":
    "Your orders still to be paid on delivery or collection can hold at most {{units}} items and {{value}} of goods together at this shop. Pay this one by card, or place it once one of them is paid, delivered or cancelled: your cart and details are kept.",
  "error-transition-refused": "This order cannot be moved to that state now.",
  "error-digital-goods-delivered":
    "Digital goods are delivered once they can be downloaded, so this order can no longer be cancelled. Please contact the shop.",
  "error-card-number": "This card number is not valid.",
  "error-card-expiry-past": "This expiry date has passed.",
  "error-card-cvc": "Enter the 3-digit security code (4 digits on American Express).",
  "code-sent": "We sent you a code. Please check your messages.",
  "token-verified": "The code is correct. Choose a new password.",
  "password-successful": "Your password has been changed.",
  "email-already-verified": "Your email address is already verified.",
  "verification-email-sent": "We sent you a new verification email.",
  "email-verified": "Your email address is verified.",
  "signed-out": "You are signed out.",
  "profile-update-successful": "Your profile has been updated.",
  "log-received": "Received.",
  "error-invalid-credentials": "The email or password is not correct.",
  "error-invalid-code": "The code is not correct.",
  "error-code-expired": "The code has expired or was used too many times. Please ask for a new one.",
  "error-password-too-short": "The password must have at least 8 characters.",
  "error-phone-format": "Please enter a valid phone number.",
  "error-code-format": "The code has 6 digits.",
  "error-coupon-not-started": "This coupon cannot be used yet.",
  "error-coupon-expired": "This coupon has expired.",
  "error-coupon-used-up": "This coupon has been used as many times as it can be.",
  "error-coupon-minimum": "Your order is below the minimum amount for this coupon.",
  "error-coupon-first-order": "This coupon is only for a first order.",
  "error-coupon-sign-in": "Please sign in to use this coupon.",
  "error-coupon-too-many-tries": "Too many coupon codes were tried. Please wait a few minutes and try again.",
  "error-delivery-type-unavailable": "This shop does not offer this way of delivery for your order.",
  "error-delivery-window-unavailable":
    "This delivery time can no longer be booked. Please choose another one.",
  "error-digital-only": "Only digital products can be delivered by download.",
  "error-digital-needs-no-shipping": "Your order has only digital products: choose download.",
  "error-payment-required": "Please choose how you want to pay.",
  "error-cash-not-accepted": "Cash is not accepted for this order. Please pay by card.",
  "error-tip-too-large": "A tip can be at most as much as the goods in the order.",
};
