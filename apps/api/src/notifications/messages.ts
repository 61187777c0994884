import type { Locale } from "@stoa/contract";
import { composeRefundedMessage, type RefundedMessage } from "./refund-messages.ts";
import {
  composeLowStockMessage,
  composeStaffMessage,
  type LowStockMessage,
  type StaffAccessMessage,
} from "./staff-messages.ts";
import { composeTableReceipt, type TableReceiptMessage } from "./table-messages.ts";

/**
 * How long a one-time code lives. The code's message states it to the shopper, and the auth module
 * issues codes for exactly this long; it lives here so the outbox needs nothing from auth.
 */
export const CODE_TTL_SECONDS = 10 * 60;

/** What a message says; every text exists in every storefront locale. */
export type MessageKind =
  | StaffAccessMessage
  | LowStockMessage
  | RefundedMessage
  | TableReceiptMessage
  | {
      kind: "code";
      purpose: "register" | "retrievePwd" | "editEmail" | "login" | "editPhone" | "bindPhone";
      code: string;
    }
  | { kind: "verifyEmail"; link: string }
  | { kind: "alreadyRegistered"; signInLink: string }
  | { kind: "noAccount" }
  | {
      kind: "orderPlaced";
      orderNumber: number;
      /** The amount to pay, formatted in the shopper's language. */
      total: string;
      /** The order's page; for a guest, with the token that opens it. */
      link: string;
      /** Signed links to the digital goods bought, which work for a day. */
      downloads: { name: string; link: string }[];
      /** The codes of the gift cards bought, once paid: each to give or to redeem at the shop. */
      giftCards?: string[];
    }
  | {
      /**
       * An order to be paid on delivery or collection that the shop did not confirm in its time was
       * cancelled and holds nothing any more (decision 040).
       */
      kind: "orderReleased";
      orderNumber: number;
      /** The order's page; for a guest, with the token that opens it. */
      link: string;
    }
  | {
      /** The shop cancelled the order; `refunded` when money it took goes back with the cancel. */
      kind: "orderCancelled";
      orderNumber: number;
      /** The order's page; for a guest, with the token that opens it. */
      link: string;
      refunded: boolean;
    }
  | {
      /** The order left the shop; with the parcel's carrier and tracking number when the shop gave them. */
      kind: "orderShipped";
      orderNumber: number;
      /** The order's page; for a guest, with the token that opens it. */
      link: string;
      tracking: { carrierName: string; number: string; link: string | null } | null;
    }
  | {
      /** A product the shopper asked to hear about is back in stock (sent once per alert). */
      kind: "backInStock";
      productName: string;
      /** The product's page (with the variation chosen, for a variation's alert). */
      link: string;
    }
  | {
      /** A gift card bought as a present, to its recipient on the day the buyer chose. */
      kind: "giftCardSent";
      recipientName: string;
      fromName: string;
      /** The value of each card, formatted in the recipient's language. */
      value: string;
      codes: string[];
      /** The buyer's message, as written (may be empty). */
      note: string;
      /** The shop, where a card is spent. */
      link: string;
    }
  | {
      /** To the shop's staff: what a shopper wrote from the contact page, answered by replying. */
      kind: "contactMessage";
      name: string;
      email: string;
      phone: string | null;
      subject: string | null;
      message: string;
      /** The language the shopper wrote from. */
      locale: Locale;
    };

type Texts = {
  purposes: Record<"register" | "retrievePwd" | "editEmail" | "login" | "editPhone" | "bindPhone", string>;
  codeSubject: (store: string, purpose: string) => string;
  codeBody: (code: string, purpose: string, minutes: number) => string;
  verifySubject: (store: string) => string;
  verifyBody: (link: string) => string;
  alreadySubject: (store: string) => string;
  alreadyBody: (link: string) => string;
  noAccountSubject: (store: string) => string;
  noAccountBody: string;
  ignore: string;
  orderSubject: (store: string, orderNumber: number) => string;
  orderBody: (orderNumber: number, total: string, link: string) => string;
  downloadsIntro: string;
  giftCardsIntro: string;
  releasedSubject: (store: string, orderNumber: number) => string;
  releasedBody: (orderNumber: number, link: string) => string;
  cancelledBody: (orderNumber: number, link: string) => string;
  cancelledRefunded: string;
  cancelledReleased: string;
  backSubject: (store: string, product: string) => string;
  giftSubject: (store: string, from: string) => string;
  giftBody: (to: string, from: string, value: string, link: string) => string;
  giftNote: (from: string) => string;
  backBody: (product: string, link: string) => string;
  shippedSubject: (store: string, orderNumber: number) => string;
  shippedBody: (orderNumber: number, link: string) => string;
  /** The parcel's line: carrier (may be empty) and number, then its tracking page when there is one. */
  trackingLine: (carrier: string, number: string) => string;
  trackingLink: (link: string) => string;
  contactSubject: (store: string, name: string) => string;
  contactIntro: (name: string) => string;
  contactLabels: Record<"email" | "phone" | "subject" | "language", string>;
  contactReply: (name: string) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    purposes: {
      register: "create your account",
      retrievePwd: "reset your password",
      editEmail: "change your email address",
      login: "sign in",
      editPhone: "change your phone number",
      bindPhone: "add your phone number",
    },
    codeSubject: (store, purpose) => `${store}: your code to ${purpose}`,
    codeBody: (code, purpose, minutes) =>
      `Your code to ${purpose} is ${code}. It expires in ${minutes} minutes.`,
    verifySubject: (store) => `${store}: please verify your email address`,
    verifyBody: (link) =>
      `Open this link to verify your email address:\n${link}\nThe link works for 24 hours.`,
    alreadySubject: (store) => `${store}: you already have an account`,
    alreadyBody: (link) =>
      `Someone tried to register with this email address, which already has an account. If it was you, sign in or reset your password here:\n${link}`,
    noAccountSubject: (store) => `${store}: password reset requested`,
    noAccountBody:
      "Someone asked to reset the password of this email address, but there is no account with it at this shop.",
    ignore: "If you did not ask for this, you can ignore this message.",
    orderSubject: (store, n) => `${store}: we received your order #${n}`,
    orderBody: (n, total, link) =>
      `Thank you for your order #${n}. Total: ${total}.\nFollow your order here:\n${link}`,
    downloadsIntro: "Your downloads (each link works for 24 hours; your downloads page gives new ones):",
    giftCardsIntro:
      "Your gift card codes (give one with the card, or redeem it from your account at checkout; each can be redeemed once):",
    backSubject: (store, product) => `${store}: ${product} is back in stock`,
    giftSubject: (store, from) => `${store}: a gift card from ${from}`,
    giftBody: (to, from, value, link) =>
      `Hello ${to},\n${from} sent you a gift card of ${value}. Pay with its code at checkout, in one order or several:\n${link}`,
    giftNote: (from) => `${from} wrote:`,
    backBody: (product, link) =>
      `${product} is back in stock. You asked us to tell you; we will not write about it again.\n${link}`,
    shippedSubject: (store, n) => `${store}: your order #${n} is on its way`,
    shippedBody: (n, link) => `Your order #${n} has left the shop. Follow it here: ${link}`,
    trackingLine: (carrier, number) => `Parcel: ${carrier ? `${carrier} ` : ""}${number}`,
    trackingLink: (link) => `Track the parcel: ${link}`,
    cancelledBody: (n, link) =>
      `The shop cancelled your order #${n}. Nothing is held for it any more.\nYour order:\n${link}`,
    cancelledRefunded:
      "What you paid goes back the way you paid it: a card refund can take a few days to appear on your statement.",
    cancelledReleased: "Nothing was charged: any amount held on your card is released.",
    releasedSubject: (store, n) => `${store}: your order #${n} was cancelled`,
    releasedBody: (n, link) =>
      `Your order #${n} was to be paid on delivery or collection, and the shop did not confirm it in time, so it was cancelled and nothing is held for it any more. Nothing was charged. You can order again at any time.\nYour order:\n${link}`,
    contactSubject: (store, name) => `${store}: a message from ${name}`,
    contactIntro: (name) => `${name} wrote to you from the shop's contact page.`,
    contactLabels: { email: "Email", phone: "Phone", subject: "Subject", language: "Language" },
    contactReply: (name) => `Reply to this email to answer ${name}.`,
  },
  ar: {
    purposes: {
      register: "إنشاء حسابك",
      retrievePwd: "إعادة تعيين كلمة المرور",
      editEmail: "تغيير بريدك الإلكتروني",
      login: "تسجيل الدخول",
      editPhone: "تغيير رقم هاتفك",
      bindPhone: "إضافة رقم هاتفك",
    },
    codeSubject: (store, purpose) => `${store}: رمزك من أجل ${purpose}`,
    codeBody: (code, purpose, minutes) =>
      `رمزك من أجل ${purpose} هو ${code}. تنتهي صلاحيته خلال ${minutes} دقائق.`,
    verifySubject: (store) => `${store}: يرجى تأكيد بريدك الإلكتروني`,
    verifyBody: (link) => `افتح هذا الرابط لتأكيد بريدك الإلكتروني:\n${link}\nيعمل الرابط لمدة 24 ساعة.`,
    alreadySubject: (store) => `${store}: لديك حساب بالفعل`,
    alreadyBody: (link) =>
      `حاول شخص ما التسجيل بهذا البريد الإلكتروني الذي لديه حساب بالفعل. إن كنت أنت، فسجّل الدخول أو أعد تعيين كلمة المرور من هنا:\n${link}`,
    noAccountSubject: (store) => `${store}: طلب إعادة تعيين كلمة المرور`,
    noAccountBody:
      "طلب شخص ما إعادة تعيين كلمة مرور هذا البريد الإلكتروني، لكن لا يوجد حساب به في هذا المتجر.",
    ignore: "إن لم تطلب ذلك، يمكنك تجاهل هذه الرسالة.",
    orderSubject: (store, n) => `${store}: استلمنا طلبك رقم ${n}`,
    orderBody: (n, total, link) => `شكرًا لطلبك رقم ${n}. الإجمالي: ${total}.\nتابع طلبك من هنا:\n${link}`,
    downloadsIntro: "تنزيلاتك (يعمل كل رابط لمدة 24 ساعة، وتمنحك صفحة التنزيلات روابط جديدة):",
    giftCardsIntro:
      "رموز بطاقات الهدايا (أهدِ الرمز مع البطاقة، أو استرده عند الدفع؛ يُسترد كل رمز مرة واحدة):",
    backSubject: (store, product) => `${store}: عاد ${product} إلى المخزون`,
    giftSubject: (store, from) => `${store}: بطاقة هدية من ${from}`,
    giftBody: (to, from, value, link) =>
      `مرحبًا ${to}،\nأرسل إليك ${from} بطاقة هدية بقيمة ${value}. ادفع برمزها عند الدفع، في طلب واحد أو أكثر:\n${link}`,
    giftNote: (from) => `كتب ${from}:`,
    backBody: (product, link) =>
      `عاد ${product} إلى المخزون. طلبت أن نخبرك بذلك، ولن نكتب إليك بشأنه مرة أخرى.\n${link}`,
    shippedSubject: (store, n) => `${store}: طلبك رقم ${n} في الطريق إليك`,
    shippedBody: (n, link) => `غادر طلبك رقم ${n} المتجر. تابِعه هنا: ${link}`,
    trackingLine: (carrier, number) => `الطرد: ${carrier ? `${carrier} ` : ""}${number}`,
    trackingLink: (link) => `تتبّع الطرد: ${link}`,
    cancelledBody: (n, link) => `ألغى المتجر طلبك رقم ${n}، ولم يعد شيء محجوزًا له.\nطلبك:\n${link}`,
    cancelledRefunded:
      "يُعاد ما دفعته بالطريقة التي دفعت بها: قد يستغرق ظهور الاسترداد على كشف بطاقتك بضعة أيام.",
    cancelledReleased: "لم يُحصَّل منك أي مبلغ، وأُفرج عن أي مبلغ محجوز على بطاقتك.",
    releasedSubject: (store, n) => `${store}: أُلغي طلبك رقم ${n}`,
    releasedBody: (n, link) =>
      `طلبك رقم ${n} كان سيُدفع عند التوصيل أو الاستلام، ولم يؤكده المتجر في الوقت المحدد، لذا أُلغي ولم يعد شيء محجوزًا له. لم يُحصَّل منك أي مبلغ. يمكنك الطلب من جديد في أي وقت.\nطلبك:\n${link}`,
    contactSubject: (store, name) => `${store}: رسالة من ${name}`,
    contactIntro: (name) => `كتب إليك ${name} من صفحة التواصل في المتجر.`,
    contactLabels: { email: "البريد الإلكتروني", phone: "الهاتف", subject: "الموضوع", language: "اللغة" },
    contactReply: (name) => `ردّ على هذه الرسالة للإجابة على ${name}.`,
  },
  he: {
    purposes: {
      register: "ליצור את החשבון",
      retrievePwd: "לאפס את הסיסמה",
      editEmail: "לשנות את כתובת האימייל",
      login: "להתחבר",
      editPhone: "לשנות את מספר הטלפון",
      bindPhone: "להוסיף את מספר הטלפון",
    },
    codeSubject: (store, purpose) => `${store}: הקוד שלך כדי ${purpose}`,
    codeBody: (code, purpose, minutes) =>
      `הקוד שלך כדי ${purpose} הוא ${code}. תוקפו יפוג בעוד ${minutes} דקות.`,
    verifySubject: (store) => `${store}: נא לאמת את כתובת האימייל`,
    verifyBody: (link) => `יש לפתוח את הקישור כדי לאמת את כתובת האימייל:\n${link}\nהקישור בתוקף 24 שעות.`,
    alreadySubject: (store) => `${store}: כבר יש לך חשבון`,
    alreadyBody: (link) =>
      `מישהו ניסה להירשם עם כתובת האימייל הזו, שכבר יש לה חשבון. אם זה היית את/ה, אפשר להתחבר או לאפס סיסמה כאן:\n${link}`,
    noAccountSubject: (store) => `${store}: התבקש איפוס סיסמה`,
    noAccountBody: "מישהו ביקש לאפס את הסיסמה של כתובת האימייל הזו, אבל אין חשבון איתה בחנות הזו.",
    ignore: "אם לא ביקשת זאת, אפשר להתעלם מההודעה.",
    orderSubject: (store, n) => `${store}: קיבלנו את הזמנה מס' ${n}`,
    orderBody: (n, total, link) =>
      `תודה על הזמנה מס' ${n}. סה"כ: ${total}.\nאפשר לעקוב אחרי ההזמנה כאן:\n${link}`,
    downloadsIntro: "ההורדות שלך (כל קישור בתוקף 24 שעות; דף ההורדות נותן קישורים חדשים):",
    giftCardsIntro:
      "קודי כרטיסי המתנה שלך (אפשר להעניק קוד עם הכרטיס, או לממש אותו בקופה; כל קוד ממומש פעם אחת):",
    backSubject: (store, product) => `${store}: ${product} חזר למלאי`,
    giftSubject: (store, from) => `${store}: כרטיס מתנה מ${from}`,
    giftBody: (to, from, value, link) =>
      `שלום ${to},\n${from} שלח/ה לך כרטיס מתנה בשווי ${value}. אפשר לשלם בקוד שלו בקופה, בהזמנה אחת או בכמה:\n${link}`,
    giftNote: (from) => `${from} כתב/ה:`,
    backBody: (product, link) => `${product} חזר למלאי. ביקשת שנעדכן אותך, ולא נכתוב על כך שוב.\n${link}`,
    shippedSubject: (store, n) => `${store}: הזמנה מס' ${n} בדרך אליך`,
    shippedBody: (n, link) => `הזמנה מס' ${n} יצאה מהחנות. אפשר לעקוב אחריה כאן: ${link}`,
    trackingLine: (carrier, number) => `חבילה: ${carrier ? `${carrier} ` : ""}${number}`,
    trackingLink: (link) => `מעקב אחר החבילה: ${link}`,
    cancelledBody: (n, link) =>
      `החנות ביטלה את הזמנה מס' ${n}. שום דבר כבר לא שמור עבורה.\nההזמנה שלך:\n${link}`,
    cancelledRefunded:
      "מה ששילמת יוחזר בדרך שבה שילמת: זיכוי לכרטיס עשוי להופיע בפירוט החשבון רק בעוד כמה ימים.",
    cancelledReleased: "לא חויבת בדבר: כל סכום שנתפס בכרטיס שלך משוחרר.",
    releasedSubject: (store, n) => `${store}: הזמנה מס' ${n} בוטלה`,
    releasedBody: (n, link) =>
      `הזמנה מס' ${n} הייתה אמורה להיות משולמת במסירה או באיסוף, והחנות לא אישרה אותה בזמן, ולכן היא בוטלה ושום דבר כבר לא שמור עבורה. לא חויבת בדבר. אפשר להזמין שוב בכל עת.\nההזמנה שלך:\n${link}`,
    contactSubject: (store, name) => `${store}: הודעה מאת ${name}`,
    contactIntro: (name) => `${name} כתב/ה לך מדף יצירת הקשר של החנות.`,
    contactLabels: { email: "אימייל", phone: "טלפון", subject: "נושא", language: "שפה" },
    contactReply: (name) => `אפשר להשיב למייל הזה כדי לענות ל-${name}.`,
  },
};

/** Subject and body of a message in the recipient's locale; SMS use the body alone. */
export function composeMessage(message: MessageKind, locale: Locale, storeName: string, codeMinutes: number) {
  const t = TEXTS[locale];
  switch (message.kind) {
    case "staffAccess":
      return composeStaffMessage(message, locale, storeName);
    case "lowStock":
      return composeLowStockMessage(message, locale, storeName);
    case "orderRefunded":
      return composeRefundedMessage(message, locale, storeName);
    case "tableReceipt":
      return composeTableReceipt(message, locale, storeName);
    case "code": {
      const purpose = t.purposes[message.purpose];
      return {
        subject: t.codeSubject(storeName, purpose),
        body: `${t.codeBody(message.code, purpose, codeMinutes)}\n${t.ignore}`,
      };
    }
    case "verifyEmail":
      return { subject: t.verifySubject(storeName), body: `${t.verifyBody(message.link)}\n${t.ignore}` };
    case "alreadyRegistered":
      return {
        subject: t.alreadySubject(storeName),
        body: `${t.alreadyBody(message.signInLink)}\n${t.ignore}`,
      };
    case "noAccount":
      return { subject: t.noAccountSubject(storeName), body: `${t.noAccountBody}\n${t.ignore}` };
    case "orderPlaced": {
      const downloads = message.downloads.map((d) => `- ${d.name}: ${d.link}`);
      return {
        subject: t.orderSubject(storeName, message.orderNumber),
        body: [
          t.orderBody(message.orderNumber, message.total, message.link),
          ...(downloads.length > 0 ? [t.downloadsIntro, ...downloads] : []),
          ...(message.giftCards?.length
            ? [t.giftCardsIntro, ...message.giftCards.map((code) => `- ${code}`)]
            : []),
        ].join("\n"),
      };
    }
    case "orderReleased":
      return {
        subject: t.releasedSubject(storeName, message.orderNumber),
        body: t.releasedBody(message.orderNumber, message.link),
      };
    case "orderCancelled":
      return {
        subject: t.releasedSubject(storeName, message.orderNumber),
        body: [
          t.cancelledBody(message.orderNumber, message.link),
          message.refunded ? t.cancelledRefunded : t.cancelledReleased,
        ].join("\n"),
      };
    case "backInStock":
      return {
        subject: t.backSubject(storeName, oneLine(message.productName)),
        body: t.backBody(oneLine(message.productName), message.link),
      };
    case "giftCardSent": {
      const from = oneLine(message.fromName);
      return {
        subject: t.giftSubject(storeName, from),
        body: [
          t.giftBody(oneLine(message.recipientName), from, message.value, message.link),
          ...message.codes.map((code) => `- ${code}`),
          ...(message.note ? ["", t.giftNote(from), message.note] : []),
        ].join("\n"),
      };
    }
    case "orderShipped": {
      const { tracking } = message;
      return {
        subject: t.shippedSubject(storeName, message.orderNumber),
        body: [
          t.shippedBody(message.orderNumber, message.link),
          ...(tracking ? [t.trackingLine(tracking.carrierName, tracking.number)] : []),
          ...(tracking?.link ? [t.trackingLink(tracking.link)] : []),
        ].join("\n"),
      };
    }
    case "contactMessage": {
      // Plain text, every shopper-written field on a line of its own: a name or subject with line
      // breaks cannot pose as another line of the message, nor reach the email's headers.
      const name = oneLine(message.name);
      const subject = message.subject ? oneLine(message.subject) : "";
      const labels = t.contactLabels;
      return {
        subject: subject ? `${storeName}: ${subject}` : t.contactSubject(storeName, name),
        body: [
          t.contactIntro(name),
          `${labels.email}: ${oneLine(message.email)}`,
          ...(message.phone ? [`${labels.phone}: ${oneLine(message.phone)}`] : []),
          ...(subject ? [`${labels.subject}: ${subject}`] : []),
          `${labels.language}: ${message.locale}`,
          "",
          message.message,
          "",
          t.contactReply(name),
        ].join("\n"),
      };
    }
  }
}

/** A shopper's text for one line: control characters and line separators become spaces. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}
