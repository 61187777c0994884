import type { Locale } from "./constants.ts";

/**
 * The error catalogue: one stable `code` per situation, the HTTP status the API answers with, and
 * the translation key the storefront (and the API's own `msg`) use. Codes are strings because the
 * envelope's success code is the string "0".
 */
export const ERRORS = {
  INVALID_INPUT: { code: "400", status: 400, key: "error-invalid-input" },
  UNAUTHORIZED: { code: "401", status: 401, key: "error-unauthorized" },
  FORBIDDEN: { code: "403", status: 403, key: "error-forbidden" },
  NOT_FOUND: { code: "404", status: 404, key: "error-not-found" },
  STORE_NOT_FOUND: { code: "4041", status: 404, key: "error-store-not-found" },
  PRODUCT_NOT_FOUND: { code: "4042", status: 404, key: "error-product-not-found" },
  INVALID_SESSION: { code: "104", status: 401, key: "error-invalid-session" },
  EMAIL_NOT_VERIFIED: { code: "409", status: 409, key: "email-not-verified" },
  CONFLICT: { code: "4090", status: 409, key: "error-conflict" },
  UNPROCESSABLE: { code: "422", status: 422, key: "error-unprocessable" },
  PAYLOAD_TOO_LARGE: { code: "413", status: 413, key: "error-payload-too-large" },
  WISHLIST_FULL: { code: "1004", status: 422, key: "error-wishlist-full" },
  INVALID_CREDENTIALS: { code: "1001", status: 422, key: "error-invalid-credentials" },
  INVALID_CODE: { code: "1002", status: 422, key: "error-invalid-code" },
  CODE_EXPIRED: { code: "1003", status: 422, key: "error-code-expired" },
  TOO_MANY_REQUESTS: { code: "429", status: 429, key: "error-too-many-requests" },
  INTERNAL: { code: "500", status: 500, key: "error-something-wrong" },
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
  tooLarge: "error-field-too-large",
  emailFormat: "error-email-format",
  emailRequired: "error-email-required",
  passwordRequired: "error-password-required",
  minAboveMax: "error-min-price-above-max",
  passwordTooShort: "error-password-too-short",
  phoneFormat: "error-phone-format",
  codeFormat: "error-code-format",
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
} as const;

type MessageKey =
  | (typeof ERRORS)[ErrorName]["key"]
  | (typeof FIELD_ERROR_KEYS)[keyof typeof FIELD_ERROR_KEYS]
  | (typeof SUCCESS_KEYS)[keyof typeof SUCCESS_KEYS];

/**
 * Texts of the error and success keys in every locale. The API answers `msg` in the caller's locale from this
 * table and the storefront loads the same table into i18next, so a key is translated once.
 */
export const ERROR_MESSAGES: Record<Locale, Record<MessageKey, string>> = {
  en: {
    "error-invalid-input": "Some of the information sent is not valid.",
    "error-unauthorized": "Please sign in to continue.",
    "error-forbidden": "You are not allowed to do this.",
    "error-not-found": "We could not find what you asked for.",
    "error-store-not-found": "There is no shop at this address.",
    "error-product-not-found": "This product does not exist or is no longer sold.",
    "error-invalid-session": "Your session has ended. Please sign in again.",
    "email-not-verified": "Your email address is not verified yet.",
    "error-conflict": "This conflicts with something that already exists.",
    "error-unprocessable": "This request cannot be processed.",
    "error-payload-too-large": "The request is too large.",
    "error-too-many-requests": "Too many attempts. Please wait a moment and try again.",
    "error-something-wrong": "Something went wrong. Please try again.",
    "error-field-required": "This field is required.",
    "error-field-invalid": "This value is not valid.",
    "error-field-too-long": "This value is too long.",
    "error-field-too-small": "This value is too small.",
    "error-field-too-large": "This value is too large.",
    "error-email-format": "The provided email address format is not valid.",
    "error-email-required": "You must need to provide your email address.",
    "error-password-required": "You must need to provide your password.",
    "error-min-price-above-max": "The minimum price must not be above the maximum price.",
    "error-wishlist-full": "Your wishlist is full. Remove something to add more.",
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
  },
  ar: {
    "error-invalid-input": "بعض المعلومات المرسلة غير صالحة.",
    "error-unauthorized": "يرجى تسجيل الدخول للمتابعة.",
    "error-forbidden": "غير مسموح لك بالقيام بذلك.",
    "error-not-found": "لم نتمكن من العثور على ما طلبته.",
    "error-store-not-found": "لا يوجد متجر على هذا العنوان.",
    "error-product-not-found": "هذا المنتج غير موجود أو لم يعد يُباع.",
    "error-invalid-session": "انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.",
    "email-not-verified": "لم يتم التحقق من بريدك الإلكتروني بعد.",
    "error-conflict": "هذا يتعارض مع شيء موجود بالفعل.",
    "error-unprocessable": "لا يمكن معالجة هذا الطلب.",
    "error-payload-too-large": "الطلب كبير جدًا.",
    "error-too-many-requests": "محاولات كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
    "error-something-wrong": "حدث خطأ ما. يرجى المحاولة مرة أخرى.",
    "error-field-required": "هذا الحقل مطلوب.",
    "error-field-invalid": "هذه القيمة غير صالحة.",
    "error-field-too-long": "هذه القيمة طويلة جدًا.",
    "error-field-too-small": "هذه القيمة صغيرة جدًا.",
    "error-field-too-large": "هذه القيمة كبيرة جدًا.",
    "error-email-format": "صيغة البريد الإلكتروني غير صحيحة.",
    "error-email-required": "يجب إدخال بريدك الإلكتروني.",
    "error-password-required": "يجب إدخال كلمة المرور.",
    "error-min-price-above-max": "يجب ألا يتجاوز الحد الأدنى للسعر الحد الأقصى.",
    "error-wishlist-full": "قائمة أمنياتك ممتلئة. احذف شيئًا لإضافة المزيد.",
    "code-sent": "أرسلنا إليك رمزًا. يرجى التحقق من رسائلك.",
    "token-verified": "الرمز صحيح. اختر كلمة مرور جديدة.",
    "password-successful": "تم تغيير كلمة المرور.",
    "email-already-verified": "بريدك الإلكتروني مؤكد بالفعل.",
    "verification-email-sent": "أرسلنا إليك رسالة تأكيد جديدة.",
    "email-verified": "تم تأكيد بريدك الإلكتروني.",
    "signed-out": "تم تسجيل خروجك.",
    "profile-update-successful": "تم تحديث ملفك الشخصي.",
    "log-received": "تم الاستلام.",
    "error-invalid-credentials": "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
    "error-invalid-code": "الرمز غير صحيح.",
    "error-code-expired": "انتهت صلاحية الرمز أو استُخدم مرات كثيرة. يرجى طلب رمز جديد.",
    "error-password-too-short": "يجب أن تتكون كلمة المرور من 8 أحرف على الأقل.",
    "error-phone-format": "يرجى إدخال رقم هاتف صحيح.",
    "error-code-format": "يتكون الرمز من 6 أرقام.",
  },
  he: {
    "error-invalid-input": "חלק מהמידע שנשלח אינו תקין.",
    "error-unauthorized": "יש להתחבר כדי להמשיך.",
    "error-forbidden": "אין לך הרשאה לבצע פעולה זו.",
    "error-not-found": "לא מצאנו את מה שביקשת.",
    "error-store-not-found": "אין חנות בכתובת הזו.",
    "error-product-not-found": "המוצר אינו קיים או שאינו נמכר עוד.",
    "error-invalid-session": "ההתחברות שלך הסתיימה. יש להתחבר שוב.",
    "email-not-verified": "כתובת האימייל שלך עדיין לא אומתה.",
    "error-conflict": "הפעולה מתנגשת עם משהו שכבר קיים.",
    "error-unprocessable": "לא ניתן לעבד את הבקשה.",
    "error-payload-too-large": "הבקשה גדולה מדי.",
    "error-too-many-requests": "יותר מדי ניסיונות. נא להמתין רגע ולנסות שוב.",
    "error-something-wrong": "משהו השתבש. נא לנסות שוב.",
    "error-field-required": "שדה חובה.",
    "error-field-invalid": "הערך אינו תקין.",
    "error-field-too-long": "הערך ארוך מדי.",
    "error-field-too-small": "הערך קטן מדי.",
    "error-field-too-large": "הערך גדול מדי.",
    "error-email-format": "פורמט כתובת האימייל אינו תקין.",
    "error-email-required": "יש להזין כתובת אימייל.",
    "error-password-required": "יש להזין סיסמה.",
    "error-min-price-above-max": "המחיר המינימלי לא יכול להיות גבוה מהמחיר המקסימלי.",
    "error-wishlist-full": "רשימת המשאלות מלאה. יש להסיר פריט כדי להוסיף עוד.",
    "code-sent": "שלחנו לך קוד. נא לבדוק את ההודעות.",
    "token-verified": "הקוד נכון. יש לבחור סיסמה חדשה.",
    "password-successful": "הסיסמה שלך שונתה.",
    "email-already-verified": "כתובת האימייל שלך כבר מאומתת.",
    "verification-email-sent": "שלחנו לך אימייל אימות חדש.",
    "email-verified": "כתובת האימייל שלך אומתה.",
    "signed-out": "התנתקת.",
    "profile-update-successful": "הפרופיל שלך עודכן.",
    "log-received": "התקבל.",
    "error-invalid-credentials": "האימייל או הסיסמה שגויים.",
    "error-invalid-code": "הקוד שגוי.",
    "error-code-expired": "תוקף הקוד פג או שנעשה בו שימוש יותר מדי פעמים. נא לבקש קוד חדש.",
    "error-password-too-short": "הסיסמה חייבת להכיל לפחות 8 תווים.",
    "error-phone-format": "נא להזין מספר טלפון תקין.",
    "error-code-format": "הקוד מכיל 6 ספרות.",
  },
};

export function messageText(key: string, locale: Locale): string {
  const table = ERROR_MESSAGES[locale] as Record<string, string>;
  return table[key] ?? (ERROR_MESSAGES.en as Record<string, string>)[key] ?? key;
}
