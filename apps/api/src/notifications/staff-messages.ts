import type { Locale, StaffRole } from "@stoa/contract";
import { STAFF_INVITATION_DAYS } from "@stoa/contract";

/** To a person joining a shop's staff, or to a member whose password the owner reset. */
export type StaffAccessMessage = {
  kind: "staffAccess";
  purpose: "invite" | "reset";
  name: string;
  role: StaffRole;
  /** The link that sets the password, on the shop's own domain. */
  link: string;
};

/** To the shop's staff: products on sale that fell to or under their low-stock threshold. */
export type LowStockMessage = {
  kind: "lowStock";
  products: { name: string; sku: string; stock: number }[];
  /** The console's list of low products. */
  link: string;
};

const LOW_STOCK_TEXTS: Record<
  Locale,
  {
    subject: (store: string, count: number) => string;
    intro: string;
    left: (stock: number) => string;
    open: string;
  }
> = {
  en: {
    subject: (store, count) =>
      `${store}: ${count === 1 ? "a product is" : `${count} products are`} low on stock`,
    intro: "These products fell to or under their low-stock level:",
    left: (stock) => `${stock} left`,
    open: "Restock them from the console:",
  },
  ar: {
    subject: (store, count) => `${store}: ${count === 1 ? "منتج" : `${count} منتجات`} بمخزون منخفض`,
    intro: "انخفض مخزون هذه المنتجات إلى حدّه الأدنى أو أقل:",
    left: (stock) => `المتبقي ${stock}`,
    open: "أعد تخزينها من لوحة المتجر:",
  },
  he: {
    subject: (store, count) => `${store}: ${count === 1 ? "מוצר אחד" : `${count} מוצרים`} במלאי נמוך`,
    intro: "המלאי של המוצרים האלה ירד לרמת המלאי הנמוך שלהם או מתחתיה:",
    left: (stock) => `נותרו ${stock}`,
    open: "אפשר לחדש את המלאי מלוח הבקרה:",
  },
};

export function composeLowStockMessage(message: LowStockMessage, locale: Locale, storeName: string) {
  const t = LOW_STOCK_TEXTS[locale];
  const clean = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
  const lines = message.products.map((p) => `- ${clean(p.name)} (${clean(p.sku)}): ${t.left(p.stock)}`);
  return {
    subject: t.subject(storeName, message.products.length),
    body: `${t.intro}\n${lines.join("\n")}\n\n${t.open}\n${message.link}`,
  };
}

type StaffTexts = {
  roles: Record<StaffRole, string>;
  inviteSubject: (store: string) => string;
  inviteBody: (name: string, store: string, role: string, link: string, days: number) => string;
  resetSubject: (store: string) => string;
  resetBody: (name: string, store: string, link: string, days: number) => string;
  ignore: string;
};

const TEXTS: Record<Locale, StaffTexts> = {
  en: {
    roles: { owner: "owner", manager: "manager", staff: "staff", kitchen: "kitchen" },
    inviteSubject: (store) => `You are invited to run ${store}`,
    inviteBody: (name, store, role, link, days) =>
      `Hello ${name},\n\nYou are invited to join the staff of ${store} as ${role}. Set your password to sign in to the shop's console:\n${link}\n\nThe link works once, for ${days} days.`,
    resetSubject: (store) => `Set a new password for ${store}`,
    resetBody: (name, store, link, days) =>
      `Hello ${name},\n\nThe owner of ${store} reset your console password. Set a new one here:\n${link}\n\nThe link works once, for ${days} days. Your sessions on other devices were ended.`,
    ignore: "If you did not expect this email, you can ignore it.",
  },
  ar: {
    roles: { owner: "مالك", manager: "مدير", staff: "موظف", kitchen: "مطبخ" },
    inviteSubject: (store) => `دعوة لإدارة ${store}`,
    inviteBody: (name, store, role, link, days) =>
      `مرحبًا ${name}،\n\nأنت مدعو للانضمام إلى طاقم ${store} بدور ${role}. عيّن كلمة المرور لتسجيل الدخول إلى لوحة المتجر:\n${link}\n\nيعمل الرابط مرة واحدة، لمدة ${days} أيام.`,
    resetSubject: (store) => `عيّن كلمة مرور جديدة لـ ${store}`,
    resetBody: (name, store, link, days) =>
      `مرحبًا ${name}،\n\nأعاد مالك ${store} تعيين كلمة مرور لوحتك. عيّن كلمة جديدة هنا:\n${link}\n\nيعمل الرابط مرة واحدة، لمدة ${days} أيام. تم إنهاء جلساتك على الأجهزة الأخرى.`,
    ignore: "إن لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.",
  },
  he: {
    roles: { owner: "בעלים", manager: "מנהל", staff: "עובד", kitchen: "מטבח" },
    inviteSubject: (store) => `הוזמנת לנהל את ${store}`,
    inviteBody: (name, store, role, link, days) =>
      `שלום ${name},\n\nהוזמנת להצטרף לצוות של ${store} בתפקיד ${role}. יש להגדיר סיסמה כדי להתחבר ללוח הבקרה של החנות:\n${link}\n\nהקישור פועל פעם אחת, במשך ${days} ימים.`,
    resetSubject: (store) => `הגדרת סיסמה חדשה עבור ${store}`,
    resetBody: (name, store, link, days) =>
      `שלום ${name},\n\nבעלי ${store} איפסו את הסיסמה שלך ללוח הבקרה. אפשר להגדיר סיסמה חדשה כאן:\n${link}\n\nהקישור פועל פעם אחת, במשך ${days} ימים. החיבורים שלך במכשירים אחרים נותקו.`,
    ignore: "אם לא ציפית למייל הזה, אפשר להתעלם ממנו.",
  },
};

export function composeStaffMessage(message: StaffAccessMessage, locale: Locale, storeName: string) {
  const t = TEXTS[locale];
  const name = message.name.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
  return message.purpose === "invite"
    ? {
        subject: t.inviteSubject(storeName),
        body: `${t.inviteBody(name, storeName, t.roles[message.role], message.link, STAFF_INVITATION_DAYS)}\n${t.ignore}`,
      }
    : {
        subject: t.resetSubject(storeName),
        body: `${t.resetBody(name, storeName, message.link, STAFF_INVITATION_DAYS)}\n${t.ignore}`,
      };
}
