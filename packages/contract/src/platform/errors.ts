import type { Locale } from "./locale.ts";
import { ERROR_MESSAGES_AR } from "./messages/ar.ts";
import { ERROR_MESSAGES_EN } from "./messages/en.ts";
import { ERROR_MESSAGES_HE } from "./messages/he.ts";

/**
 * The error catalogue: one stable `code` per situation, the HTTP status the API answers with, and
 * the translation key the storefront (and the API's own `msg`) use. Codes are strings because the
 * envelope's success code is the string "0".
 */
export const ERRORS = {
  INVALID_INPUT: { code: "400", status: 400, key: "error-invalid-input" },
  UNAUTHORIZED: { code: "401", status: 401, key: "error-unauthorized" },
  FORBIDDEN: { code: "403", status: 403, key: "error-forbidden" },
  /** A staff member whose role does not allow the call (staff/roles.ts). */
  STAFF_ROLE_FORBIDDEN: { code: "3001", status: 403, key: "error-staff-role" },
  /** An invitation or password-reset link unknown, used already or expired. */
  STAFF_INVITATION_INVALID: { code: "3002", status: 422, key: "error-staff-invitation" },
  /** An invitation to an email that already has an account in this shop's staff. */
  STAFF_EMAIL_TAKEN: { code: "3003", status: 409, key: "error-staff-email-taken" },
  /** A change that would leave the shop with no owner able to sign in. */
  STAFF_LAST_OWNER: { code: "3004", status: 409, key: "error-staff-last-owner" },
  /** A refund larger than a member with the "staff" role may give; its text names the limit: `{{limit}}`. */
  REFUND_OVER_STAFF_LIMIT: { code: "3005", status: 403, key: "error-refund-over-limit" },
  /** A refund of more than the order was paid and has not had back: unpaid yet, or refunded already. */
  REFUND_OVER_PAID: { code: "3006", status: 409, key: "error-refund-over-paid" },
  /** Payment keys sent while the server has no PAYMENT_SECRETS_KEY to seal them with (decision 057). */
  PAYMENT_SECRETS_KEY_MISSING: { code: "3010", status: 409, key: "error-payment-secrets-key-missing" },
  /** A card provider turned on (or its keys removed while on) with no account to take cards on. */
  PAYMENT_PROVIDER_KEYS_MISSING: { code: "3011", status: 409, key: "error-payment-provider-keys-missing" },
  /**
   * An edit made from a version of the thing that someone else has changed since: nothing was
   * written; the answer's `data` carries the thing as it stands now, to make the change again on.
   */
  STAFF_EDIT_CONFLICT: { code: "3101", status: 409, key: "error-staff-edit-conflict" },
  /** A coupon code the shop has already, in any case (a field error on `code`). */
  COUPON_CODE_TAKEN: { code: "3102", status: 409, key: "error-coupon-code-taken" },
  /** A SKU the shop has already on a product or a variation (a field error on the SKU). */
  PRODUCT_SKU_TAKEN: { code: "3131", status: 409, key: "error-product-sku-taken" },
  /**
   * A product naming a category, tag or download file the shop does not have (a field error on
   * it): deleted by someone else since the form was read, or never the shop's.
   */
  PRODUCT_REFERENCE_UNKNOWN: { code: "3132", status: 422, key: "error-product-reference-unknown" },
  /** A picture added to a product that has PRODUCT_IMAGES_MAX already: one must be removed first. */
  PRODUCT_IMAGES_FULL: { code: "3141", status: 409, key: "error-product-images-full" },
  /** A wallet adjustment taking more credit than the customer has: nothing was taken. */
  WALLET_WOULD_GO_NEGATIVE: { code: "3121", status: 409, key: "error-wallet-would-go-negative" },
  /** A customer the shop blocked: they cannot sign in nor order. */
  CUSTOMER_BLOCKED: { code: "3122", status: 403, key: "error-customer-blocked" },
  /** A stock adjustment that would take more than there is: refused, never clamped. */
  STOCK_WOULD_GO_NEGATIVE: { code: "3111", status: 409, key: "error-stock-would-go-negative" },
  /**
   * A product CSV applied with bad rows: nothing was imported; `data.plan` carries the dry run with
   * every bad row's line and field (docs/decisions/064-product-csv-import-and-export.md).
   */
  PRODUCT_CSV_INVALID: { code: "3151", status: 422, key: "error-product-csv-invalid" },
  /** A table code that opens no table: never made, rotated since, or its table deactivated. */
  TABLE_CODE_UNKNOWN: { code: "3401", status: 404, key: "error-table-code-unknown" },
  /** A round or bill step on a tab that no longer takes it: the bill was asked for, or the tab paid or closed. */
  TAB_NOT_OPEN: { code: "3402", status: 409, key: "error-tab-not-open" },
  /** A dish the table cannot order now: not on the dine-in menu, snoozed by the kitchen, or sold out. */
  DISH_UNAVAILABLE: { code: "3403", status: 409, key: "error-dish-unavailable" },
  /** A round key sent again with other dishes: a round is added once, never changed by its key. */
  ROUND_KEY_REUSED: { code: "3404", status: 422, key: "error-round-key-reused" },
  /** Paying a tab whose bill has not been asked for yet. */
  TAB_BILL_NOT_ASKED: { code: "3405", status: 409, key: "error-tab-bill-not-asked" },
  /** A share paid already, or being paid on another phone: an even part, or a line someone else paid. */
  SHARE_TAKEN: { code: "3406", status: 409, key: "error-share-taken" },
  /** An even split into another number of parts than the one the bill is already being paid in. */
  SPLIT_CONFLICT: { code: "3407", status: 409, key: "error-split-conflict" },
  /** A table that has a tab already (seating, moving a tab onto it). */
  TABLE_BUSY: { code: "3408", status: 409, key: "error-table-busy" },
  /** A table name the shop uses already. */
  TABLE_NAME_TAKEN: { code: "3409", status: 409, key: "error-table-name-taken" },
  /** Closing a tab that still owes money: it is settled, not closed. */
  TAB_OWES: { code: "3410", status: 409, key: "error-tab-owes" },
  /** A kitchen move that does not follow from where the ticket stands (a held round, served twice). */
  KITCHEN_MOVE_INVALID: { code: "3411", status: 409, key: "error-kitchen-move-invalid" },
  /** Asking for the bill of a tab with nothing on it (no rounds, or every line voided). */
  TAB_BILL_EMPTY: { code: "3440", status: 409, key: "error-tab-bill-empty" },
  /** A coupon for a bill some of which is paid, or being paid: it applies to the whole bill, before any share. */
  TAB_COUPON_TOO_LATE: { code: "3441", status: 409, key: "error-tab-coupon-too-late" },
  /** A table more than the TABLES_PER_STORE_MAX a shop keeps. */
  TABLES_FULL: { code: "3420", status: 422, key: "error-tables-full" },
  /**
   * The time asked for is full or was just taken (issue 35): `data.nextFreeTimes` carries the next
   * free start times (ISO instants) of the same service, so the shopper can pick one at once.
   */
  SLOT_UNAVAILABLE: { code: "3501", status: 409, key: "error-slot-unavailable" },
  /** A party larger or smaller than the service takes: its text names the range (`{{min}}`, `{{max}}`). */
  PARTY_SIZE_INVALID: { code: "3502", status: 422, key: "error-party-size" },
  /** Sooner than the shop's lead time allows: its text names the soonest (`{{hours}}`). */
  BOOKING_TOO_SOON: { code: "3503", status: 422, key: "error-booking-too-soon" },
  /** Further ahead than the shop's calendar opens (`{{days}}`). */
  BOOKING_TOO_FAR: { code: "3504", status: 422, key: "error-booking-too-far" },
  /** A day or time the service or resource does not run: closed, an exception, outside its hours. */
  BOOKING_CLOSED: { code: "3505", status: 409, key: "error-booking-closed" },
  /** Cancelling or moving online after the shop's cancellation window: call the shop (`{{phone}}`). */
  CANCEL_WINDOW_PASSED: { code: "3506", status: 409, key: "error-cancel-window-passed" },
  /** A cancelled, finished or no-show reservation or booking cannot be changed. */
  APPOINTMENT_NOT_ACTIVE: { code: "3507", status: 409, key: "error-appointment-not-active" },
  /** A reschedule made from an earlier version of the booking (a replayed link or a second tab). */
  RESCHEDULE_STALE: { code: "3508", status: 409, key: "error-reschedule-stale" },
  /** A manage link that opens nothing: mistyped, or of another shop. */
  APPOINTMENT_LINK_INVALID: { code: "3509", status: 404, key: "error-appointment-link-invalid" },
  /** A service the shop does not offer (any more), or a resource that does not perform it. */
  SERVICE_NOT_OFFERED: { code: "3510", status: 404, key: "error-service-not-offered" },
  /** A waitlist offer whose hold ran out, or that went to the next in line. */
  WAITLIST_OFFER_EXPIRED: { code: "3511", status: 410, key: "error-waitlist-offer-expired" },
  /** Staff moving onto a full slot or outside hours without the reason an override needs. */
  OVERRIDE_REASON_REQUIRED: { code: "3512", status: 409, key: "error-override-reason-required" },
  /** Joining the waitlist of a slot that still has room for the party: reserve it instead. */
  WAITLIST_SLOT_NOT_FULL: { code: "3540", status: 409, key: "error-waitlist-slot-not-full" },
  /**
   * A referral code the caller cannot use (spec §8: shown as the invalid-coupon message); `data.reason`
   * says which rule refused it (REFERRAL_REFUSALS): unknown, disabled, own code, not a first order…
   */
  REFERRAL_CODE_INVALID: { code: "3601", status: 422, key: "error-invalid-coupon" },
  /** A commission or review staff act on that is not (any more) in a state that allows it. */
  REFERRAL_STATE_CHANGED: { code: "3602", status: 409, key: "error-referral-state-changed" },
  /** Reviewing, asking or reporting needs a signed-in customer (a guest session is not one). */
  REVIEW_SIGN_IN: { code: "3701", status: 401, key: "error-review-sign-in" },
  /** Reviewing a product the caller never ordered in this shop. */
  REVIEW_NOT_BOUGHT: { code: "3702", status: 403, key: "error-review-not-bought" },
  /** Reviewing a product ordered but not received yet (not delivered, collected or downloaded). */
  REVIEW_NOT_RECEIVED: { code: "3703", status: 409, key: "error-review-not-received" },
  /** A second review of one product: `data.reviewId` is the caller's review, to edit instead. */
  REVIEW_ALREADY_WRITTEN: { code: "3704", status: 409, key: "error-review-already-written" },
  /** A review (or its photo) unknown in this shop, or not the caller's to change. */
  REVIEW_NOT_FOUND: { code: "3705", status: 404, key: "error-review-not-found" },
  /** An upload that is not a picture sharp can read (or one too many pixels to be a photo). */
  REVIEW_PHOTO_UNREADABLE: { code: "3706", status: 422, key: "error-review-photo-unreadable" },
  /** A photo id that is not one the caller uploaded, or one already on another review. */
  REVIEW_PHOTO_UNKNOWN: { code: "3707", status: 422, key: "error-review-photo-unknown" },
  /** A question unknown in this shop (or hidden). */
  QUESTION_NOT_FOUND: { code: "3708", status: 404, key: "error-question-not-found" },
  /** Answering as a customer where the shop does not let buyers answer, or one who has not received it. */
  ANSWER_NOT_ALLOWED: { code: "3709", status: 403, key: "error-answer-not-allowed" },
  /** Reporting something that is not (any more) shown in this shop. */
  REPORT_TARGET_NOT_FOUND: { code: "3710", status: 404, key: "error-report-target-not-found" },
  /** Staff deciding a report already decided (by another member meanwhile). */
  REPORT_DECIDED: { code: "3711", status: 409, key: "error-report-decided" },
  /** Staff showing again a review or question that is shown already (another member did meanwhile). */
  MODERATION_ALREADY_SHOWN: { code: "3712", status: 409, key: "error-moderation-already-shown" },
  NOT_FOUND: { code: "404", status: 404, key: "error-not-found" },
  METHOD_NOT_ALLOWED: { code: "405", status: 405, key: "error-method-not-allowed" },
  STORE_NOT_FOUND: { code: "4041", status: 404, key: "error-store-not-found" },
  PRODUCT_NOT_FOUND: { code: "4042", status: 404, key: "error-product-not-found" },
  INVALID_SESSION: { code: "104", status: 401, key: "error-invalid-session" },
  EMAIL_NOT_VERIFIED: { code: "409", status: 409, key: "email-not-verified" },
  CONFLICT: { code: "4090", status: 409, key: "error-conflict" },
  UNPROCESSABLE: { code: "422", status: 422, key: "error-unprocessable" },
  PAYLOAD_TOO_LARGE: { code: "413", status: 413, key: "error-payload-too-large" },
  WISHLIST_FULL: { code: "1004", status: 422, key: "error-wishlist-full" },
  ADDRESS_BOOK_FULL: { code: "1010", status: 422, key: "error-address-book-full" },
  REGISTRATION_CLOSED: { code: "1005", status: 403, key: "error-registration-closed" },
  CODE_COOLDOWN: { code: "1006", status: 429, key: "error-code-cooldown" },
  EMAIL_TAKEN: { code: "1007", status: 409, key: "error-email-taken" },
  PHONE_TAKEN: { code: "1008", status: 409, key: "error-phone-taken" },
  INVALID_CREDENTIALS: { code: "1001", status: 422, key: "error-invalid-credentials" },
  /** Changing the password: the current password given is not the account's (there is no email to be wrong). */
  WRONG_CURRENT_PASSWORD: { code: "1009", status: 422, key: "error-wrong-current-password" },
  INVALID_CODE: { code: "1002", status: 422, key: "error-invalid-code" },
  CODE_EXPIRED: { code: "1003", status: 422, key: "error-code-expired" },
  TOO_MANY_REQUESTS: { code: "429", status: 429, key: "error-too-many-requests" },
  CART_CHANGED: { code: "2010", status: 409, key: "error-cart-changed" },
  OUT_OF_STOCK: { code: "2011", status: 409, key: "error-out-of-stock" },
  INVALID_COUPON: { code: "2012", status: 422, key: "error-invalid-coupon" },
  DELIVERY_WINDOW_FULL: { code: "2013", status: 409, key: "error-delivery-window-full" },
  /** An order for as soon as possible while the shop is closed: its `msg` says when it opens next. */
  SHOP_CLOSED: { code: "2019", status: 409, key: "error-shop-closed" },
  GUEST_CHECKOUT_CLOSED: { code: "2014", status: 403, key: "error-guest-checkout-closed" },
  IDEMPOTENCY_KEY_REUSED: { code: "2015", status: 422, key: "error-idempotency-key-reused" },
  REFUND_NOT_ALLOWED: { code: "2016", status: 409, key: "error-refund-not-allowed" },
  DOWNLOAD_LINK_EXPIRED: { code: "2017", status: 410, key: "error-download-link-expired" },
  ORDER_LINK_EXPIRED: { code: "2018", status: 410, key: "error-order-link-expired" },
  PAYMENT_DECLINED: { code: "2020", status: 402, key: "error-payment-declined" },
  INSUFFICIENT_FUNDS: { code: "2021", status: 402, key: "error-insufficient-funds" },
  CARD_EXPIRED: { code: "2022", status: 402, key: "error-card-expired" },
  PAYMENT_UNAVAILABLE: { code: "2023", status: 502, key: "error-payment-unavailable" },
  SAVED_CARDS_SIGN_IN: { code: "2024", status: 403, key: "error-saved-cards-sign-in" },
  PAYMENT_METHOD_NOT_OFFERED: { code: "2025", status: 404, key: "error-payment-method-not-offered" },
  WEBHOOK_SIGNATURE_INVALID: { code: "2026", status: 400, key: "error-webhook-signature" },
  // 409, not 429: the shopper's own open orders stand in the way, not how fast they ask. The same
  // order goes through once one of them is paid, delivered or cancelled, however soon that is; a
  // 429 says "wait and retry", which clients and proxies may do by themselves, to no avail.
  TOO_MANY_UNPAID_ORDERS: { code: "2027", status: 409, key: "error-too-many-unpaid-orders" },
  /**
   * An order paid on delivery or collection holds more than the shop lets one such order hold, or
   * than one shopper's such orders may hold together: its `msg` names the limits (`{{units}}`,
   * `{{value}}`), and `data.limits` carries them. 409 for the reason TOO_MANY_UNPAID_ORDERS is.
   */
  UNPAID_ORDER_TOO_LARGE: { code: "2028", status: 409, key: "error-unpaid-order-too-large" },
  UNPAID_HOLDS_TOO_LARGE: { code: "2029", status: 409, key: "error-unpaid-holds-too-large" },
  /** A back-in-stock alert for what is in stock now: it can be bought straight away. */
  IN_STOCK_ALREADY: { code: "2040", status: 409, key: "error-in-stock-already" },
  /** A gift card code this shop never issued, or one of an order not paid (or cancelled). */
  GIFT_CARD_INVALID: { code: "2041", status: 422, key: "error-gift-card-invalid" },
  GIFT_CARD_REDEEMED: { code: "2042", status: 409, key: "error-gift-card-redeemed" },
  TRANSITION_REFUSED: { code: "2001", status: 409, key: "error-transition-refused" },
  DIGITAL_GOODS_DELIVERED: { code: "2002", status: 409, key: "error-digital-goods-delivered" },
  INTERNAL: { code: "500", status: 500, key: "error-something-wrong" },
  /**
   * The database could not be reached or dropped the connection mid-request. A retry is safe where
   * the call is (orders carry an idempotency key), so the answer says to try again shortly.
   */
  SERVICE_UNAVAILABLE: { code: "503", status: 503, key: "error-service-unavailable" },
} as const satisfies Record<string, { code: string; status: number; key: string }>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]["code"];
export type ErrorStatus = (typeof ERRORS)[ErrorName]["status"];

/** Translation keys of field errors (spec §5), sent as `data.errors: { field: key }`. */
export const FIELD_ERROR_KEYS = {
  required: "error-field-required",
  invalid: "error-field-invalid",
  tooLong: "error-field-too-long",
  tooSmall: "error-field-too-small",
  tooShort: "error-field-too-short",
  tooLarge: "error-field-too-large",
  emailFormat: "error-email-format",
  emailRequired: "error-email-required",
  passwordRequired: "error-password-required",
  minAboveMax: "error-min-price-above-max",
  passwordTooShort: "error-password-too-short",
  phoneFormat: "error-phone-format",
  codeFormat: "error-code-format",
  /** A coupon code staff make: 3–32 letters, digits, "-" and "_". */
  couponCodeFormat: "error-coupon-code-format",
  /** A percent off: a whole number from 1 to 100. */
  couponPercent: "error-coupon-percent",
  /** A period whose last day is before its first. */
  endBeforeStart: "error-end-before-start",
  /** A sale price that is not below the product's price. */
  saleNotBelowPrice: "error-sale-not-below-price",
  /** A digital product with no file to download. */
  digitalFileRequired: "error-digital-file-required",
  /** Two variation options, values, variations or add-ons with one key or the same values. */
  duplicate: "error-field-duplicate",
  /** An add-on group whose least choices are more than its most. */
  minAboveMaxSelect: "error-min-select-above-max",
  /** Erasing a customer: the number typed again is not theirs. */
  eraseConfirm: "error-erase-confirm",
  /** A report's range longer than it may be (SALES_REPORT_MAX_DAYS). */
  rangeTooLong: "error-range-too-long",
  countryCodeFormat: "error-country-code-format",
  controlCharacter: "error-control-character",
  tooDeep: "error-body-too-deep",
  cardNumber: "error-card-number",
  cardExpired: "error-card-expiry-past",
  cardCvc: "error-card-cvc",
  stripeSecretKey: "error-stripe-secret-key",
  stripePublishableKey: "error-stripe-publishable-key",
  stripeWebhookSecret: "error-stripe-webhook-secret",
  stripeKeyModes: "error-stripe-key-modes",
  bamboraMerchantId: "error-bambora-merchant-id",
  bamboraPasscode: "error-bambora-passcode",
  providerKeysMissing: "error-provider-keys-missing",
  keyTypedAndRemoved: "error-key-typed-and-removed",
  logoNotImage: "error-logo-not-image",
  logoTooLarge: "error-logo-too-large",
  /** A product CSV's header names a column the import does not know (`{{column}}`). */
  csvUnknownColumn: "error-csv-unknown-column",
  /** A product CSV's column named twice in its header. */
  csvRepeatedColumn: "error-csv-repeated-column",
  /** A product CSV line whose quotes do not close, or a quote inside an unquoted cell. */
  csvQuotes: "error-csv-quotes",
  /** A product CSV line with more or fewer cells than the header. */
  csvCellCount: "error-csv-cell-count",
  /** One SKU on two lines of one file (`{{line}}`: the first). */
  csvRepeatedSku: "error-csv-repeated-sku",
  /** A category slug the shop has no category for (`{{slug}}`). */
  csvUnknownCategory: "error-csv-unknown-category",
  /** A tag slug the shop has no tag for (`{{slug}}`). */
  csvUnknownTag: "error-csv-unknown-tag",
  /** A stock level given for a product whose stock is kept per variation. */
  csvStockByVariation: "error-csv-stock-by-variation",
  /** A CSV row naming, as a product, the SKU one of the shop's variations has. */
  csvVariationSku: "error-csv-variation-sku",
  /** A file over the import's size or row limit. */
  csvTooLarge: "error-csv-too-large",
  /** A file with no header line, or no `sku` column. */
  csvNoHeader: "error-csv-no-header",
  /** Yes or no, in a form the import reads (`yes`/`no`, `true`/`false`, `1`/`0`). */
  csvYesNo: "error-csv-yes-no",
  /** A money amount with more than the currency's decimals, or not a number. */
  csvMoney: "error-csv-money",
  imageNotPicture: "error-image-not-picture",
  imageTooLarge: "error-image-too-large",
  imagesTooMany: "error-images-too-many",
  imageUnknown: "error-image-unknown",
  categoryParentLoop: "error-category-parent-loop",
  categoryParentUnknown: "error-category-parent-unknown",
} as const;

/**
 * Translation keys of why a checkout cannot be placed as it stands: `storeOrder/create` answers them
 * as field errors, `calculate` says why a coupon does not apply (`couponError`), and the coupon check
 * names the reason beside the invalid-coupon message.
 */
export const CHECKOUT_ERROR_KEYS = {
  couponInvalid: "error-invalid-coupon",
  couponNotStarted: "error-coupon-not-started",
  couponExpired: "error-coupon-expired",
  couponUsedUp: "error-coupon-used-up",
  couponMinimum: "error-coupon-minimum",
  couponFirstOrder: "error-coupon-first-order",
  couponSignIn: "error-coupon-sign-in",
  couponTooManyTries: "error-coupon-too-many-tries",
  giftCardInvalid: "error-gift-card-invalid",
  giftCardEmpty: "error-gift-card-empty",
  giftSendDate: "error-gift-send-date",
  deliveryTypeUnavailable: "error-delivery-type-unavailable",
  deliveryWindowFull: "error-delivery-window-full",
  deliveryWindowUnavailable: "error-delivery-window-unavailable",
  /** Its text names the shop's next opening: `{{opens}}`, as `openingText` writes it. */
  shopClosed: "error-shop-closed",
  digitalOnly: "error-digital-only",
  digitalNeedsNoShipping: "error-digital-needs-no-shipping",
  paymentRequired: "error-payment-required",
  cashNotAccepted: "error-cash-not-accepted",
  /** A tip above what `maxTip` allows for the goods, on `tip_option`. */
  tipTooLarge: "error-tip-too-large",
  /** Referral codes (REFERRAL_ERROR_KEYS): an unknown or disabled code reads as `couponInvalid`. */
  referralOwnCode: "error-referral-own-code",
  referralFirstOrder: "error-referral-first-order",
  referralCapReached: "error-referral-cap-reached",
  referralSignIn: "error-referral-sign-in",
} as const;

/** Translation keys of what a page says by itself, with no answer of the API behind it. */
export const PAGE_ERROR_KEYS = {
  /** A card form that could not reach its provider from the browser: no card left the page. */
  cardServiceUnreachable: "error-card-service-unreachable",
} as const;

/** Translation keys of success messages the API answers in `data.message`. */
export const SUCCESS_KEYS = {
  codeSent: "code-sent",
  tokenVerified: "token-verified",
  passwordReset: "password-successful",
  emailAlreadyVerified: "email-already-verified",
  verificationEmailSent: "verification-email-sent",
  emailVerified: "email-verified",
  signedOut: "signed-out",
  profileUpdated: "profile-update-successful",
  logReceived: "log-received",
  staffLinkSent: "staff-link-sent",
  signedOutEverywhere: "signed-out-everywhere",
  subscriberRemoved: "subscriber-removed",
} as const;

export type MessageKey =
  | (typeof ERRORS)[ErrorName]["key"]
  | (typeof FIELD_ERROR_KEYS)[keyof typeof FIELD_ERROR_KEYS]
  | (typeof CHECKOUT_ERROR_KEYS)[keyof typeof CHECKOUT_ERROR_KEYS]
  | (typeof PAGE_ERROR_KEYS)[keyof typeof PAGE_ERROR_KEYS]
  | (typeof SUCCESS_KEYS)[keyof typeof SUCCESS_KEYS];

/**
 * Texts of the error and success keys in every locale. The API answers `msg` in the caller's locale from this
 * table and the storefront loads the same table into i18next, so a key is translated once.
 */
/**
 * Whether a text is one of the catalogue's keys. Read from the key tables rather than from the
 * texts, so a page that only checks keys does not carry every locale's messages.
 */
const MESSAGE_KEYS: ReadonlySet<string> = new Set<string>([
  ...Object.values(ERRORS).map((error) => error.key),
  ...Object.values(FIELD_ERROR_KEYS),
  ...Object.values(CHECKOUT_ERROR_KEYS),
  ...Object.values(PAGE_ERROR_KEYS),
  ...Object.values(SUCCESS_KEYS),
]);

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && MESSAGE_KEYS.has(value);
}

/** What a page says when even its shop's translations are missing (the English of "error-something-wrong"). */
export { SOMETHING_WRONG_TEXT } from "./something-wrong.ts";
export { ERROR_MESSAGES_AR, ERROR_MESSAGES_EN, ERROR_MESSAGES_HE };

export const ERROR_MESSAGES: Record<Locale, Record<MessageKey, string>> = {
  en: ERROR_MESSAGES_EN,
  ar: ERROR_MESSAGES_AR,
  he: ERROR_MESSAGES_HE,
};

/** `{{name}}` placeholders, as the storefront's translations write them too. */
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The text of a key in a locale (English when the locale lacks it), its placeholders filled from `values`. */
export function messageText(key: string, locale: Locale, values: Record<string, string> = {}): string {
  const table = ERROR_MESSAGES[locale] as Record<string, string>;
  const text = table[key] ?? (ERROR_MESSAGES.en as Record<string, string>)[key] ?? key;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => values[name] ?? placeholder);
}
