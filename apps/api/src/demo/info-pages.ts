import type { InfoPageSlug, Locale, Vertical } from "@stoa/contract";
import { INFO_PAGES } from "@stoa/contract";
import type { InfoPageText } from "../content/tables.ts";
import type { Texts } from "./types.ts";

/*
 * The demo shops' information pages (spec §2) in English, Arabic and Hebrew. Every text is a
 * `Texts` triple in the order of LOCALES, so the three languages have the same sections by
 * construction. The pages every shop publishes (contact, help, privacy, terms) are built from
 * shared paragraphs and what the shop's kind changes (SHOP_KINDS); `{shop}` stands for the shop's
 * name. Contact channels are fictitious: the reserved `.example` domain and 555-01xx numbers.
 */

export type DemoInfoPage = { slug: InfoPageSlug; texts: Record<Locale, InfoPageText> };

type Section = { heading: Texts; paragraphs: readonly Texts[] };
type Page = { title: Texts; summary: Texts; sections: readonly Section[] };

/** A section of the paragraphs given; a null paragraph is one this shop leaves out. */
const section = (heading: Texts, ...paragraphs: (Texts | null)[]): Section => ({
  heading,
  paragraphs: paragraphs.filter((paragraph): paragraph is Texts => paragraph !== null),
});

type Trade = { summary: Texts; who: Texts; offer: readonly Texts[] };

/** What the pages of one kind of shop say differently. */
type ShopKind = {
  /** Sells gift cards or printable downloads. */
  digital: boolean;
  guestCheckout: boolean;
  /** Of the fictitious addresses `hello@…` and `privacy@…`. */
  domain: string;
  /** Fictitious (555-01xx); null: the shop gives no number. */
  phone: string | null;
  about: { summary: Texts; who: Texts; what: readonly Texts[]; promise: Texts };
  /** How an order reaches the shopper: delivery, pickup, post, times. */
  reach: Texts;
  /** Paying in cash, where the shop takes it. */
  cash: Texts;
  /** Currency and what checkout adds to the prices. */
  prices: Texts;
  /** Examples of the choices a product may ask for before it goes in the cart. */
  options: Texts;
  /** When the shop answers messages. */
  hours: Texts;
  /** What to add to a message about an order. */
  orderQuestion: Texts;
  /** A tip for finding products in this shop, if any. */
  findTip: Texts | null;
  /** The questions shoppers of this kind of shop ask, before the shared ones. */
  faq: readonly Section[];
  /** What the shopper should know about using the goods safely. */
  liability: Texts;
  returns: { summary: Texts; sections: readonly Section[] };
  /** Published as the reseller page where trade buyers make sense. */
  trade: Trade | null;
};

// Paragraphs several pages or shops share.

const HOLD: Texts = [
  "We hold the amount on your card when you order and take it only when your order leaves us, so a cancelled order costs you nothing.",
  "نحجز المبلغ على بطاقتك عند الطلب ولا نقتطعه إلا عندما يغادر طلبك المتجر، فلا يكلّفك الطلب الملغى شيئًا.",
  "הסכום נשמר בכרטיס בזמן ההזמנה והחיוב מתבצע רק כשההזמנה יוצאת מאיתנו, כך שהזמנה שבוטלה לא עולה לכם דבר.",
];

const CASH_AT_DOOR: Texts = [
  "You can also pay in cash when we deliver or when you collect your order.",
  "ويمكنك أيضًا الدفع نقدًا عند التوصيل أو عند استلام طلبك.",
  "אפשר גם לשלם במזומן במסירה או באיסוף ההזמנה.",
];

const CANCEL_HOW: Texts = [
  "Until an order leaves us, you can cancel it: open it under My orders and choose Cancel order. Anything held on your card is released, and a coupon or wallet credit you used is returned to you.",
  "يمكنك إلغاء الطلب ما دام لم يغادر المتجر بعد: افتحه من «طلباتي» واختر «إلغاء الطلب». يُلغى حجز أي مبلغ على بطاقتك، وتُعاد إليك القسيمة أو رصيد المحفظة إن استخدمتهما.",
  "כל עוד ההזמנה לא יצאה מאיתנו, אפשר לבטל אותה: פתחו אותה תחת „ההזמנות שלי” ובחרו „ביטול ההזמנה”. הסכום השמור בכרטיס משתחרר, וקופון או זיכוי מהארנק שהשתמשתם בהם חוזרים אליכם.",
];

const AFTER_DISPATCH: Texts = [
  "Once an order is on its way, our returns and exchanges policy applies instead.",
  "وبعد أن يصبح الطلب في الطريق، تسري عليه سياسة الإرجاع والاستبدال.",
  "אחרי שההזמנה כבר בדרך, חלה עליה מדיניות ההחזרות וההחלפות.",
];

const REFUND_HOW: Texts = [
  "Open the delivered order under My orders, choose Request a refund, pick the items and quantities and tell us what went wrong. We answer within one working day, and you can follow the answer under Refunds.",
  "افتح الطلب الذي استلمته من «طلباتي»، واختر «طلب استرداد»، وحدّد المنتجات والكميات وأخبرنا بما حدث. نرد خلال يوم عمل واحد، ويمكنك متابعة الرد في صفحة «الاستردادات».",
  "פתחו את ההזמנה שנמסרה תחת „ההזמנות שלי”, בחרו „בקשת החזר”, סמנו את הפריטים והכמויות וספרו לנו מה השתבש. אנחנו עונים תוך יום עבודה אחד, ואת התשובה אפשר לראות בעמוד „החזרים”.",
];

/** Where an approved refund goes; only a shop with guest checkout has guests to pay back in cash. */
function refundWhere({ guestCheckout }: ShopKind): Texts {
  const [en, ar, he]: Texts = guestCheckout
    ? [
        ", or in cash if you ordered as a guest",
        "، أو يُردّ نقدًا إن طلبت كضيف",
        ", או במזומן אם הזמנתם כאורחים",
      ]
    : ["", "", ""];
  return [
    `An approved refund goes back to the card you paid with; your bank may take a few working days to show it. Wallet credit you used goes back to your wallet, and a cash payment is refunded to your wallet${en}.`,
    `يُعاد المبلغ المعتمد إلى البطاقة التي دفعت بها، وقد يستغرق ظهوره لدى مصرفك بضعة أيام عمل. ويعود رصيد المحفظة الذي استخدمته إلى محفظتك، أما المبلغ المدفوع نقدًا فيُضاف إلى محفظتك${ar}.`,
    `החזר שאושר מועבר לכרטיס שבו שילמתם, וייתכן שיעברו כמה ימי עסקים עד שהוא יופיע אצלכם. זיכוי מהארנק שהשתמשתם בו חוזר לארנק, ותשלום במזומן מוחזר לארנק${he}.`,
  ];
}

const SUBSTITUTE_BACK: Texts = [
  "Would you rather not keep a replacement? Hand it back to the driver, or tell us within 24 hours, and we refund it in full.",
  "لا تريد الاحتفاظ بالبديل؟ أعده إلى السائق، أو أخبرنا خلال 24 ساعة، وسنعيد لك ثمنه كاملًا.",
  "לא רוצים לשמור את המוצר החלופי? החזירו אותו לשליח, או ספרו לנו תוך 24 שעות, ותקבלו החזר מלא.",
];

const ALLERGEN_TRACES: Texts = [
  "Our kitchen handles gluten, milk, eggs, nuts, peanuts, sesame, soy and fish, so we cannot promise that any dish is free of traces.",
  "يتعامل مطبخنا مع الغلوتين والحليب والبيض والمكسرات والفول السوداني والسمسم والصويا والأسماك، لذا لا يمكننا أن نضمن خلوّ أي طبق من آثارها.",
  "במטבח שלנו יש גלוטן, חלב, ביצים, אגוזים, בוטנים, שומשום, סויה ודגים, ולכן איננו יכולים להבטיח שמנה כלשהי נקייה לגמרי מעקבות שלהם.",
];

const ALLERGEN_NOTES: Texts = [
  "Tell us about any allergy in the order notes, and ask us before you order if you are unsure.",
  "أخبرنا بأي حساسية في ملاحظات الطلب، واسألنا قبل الطلب إن لم تكن متأكدًا.",
  "ספרו לנו על כל אלרגיה בהערות להזמנה, ואם אינכם בטוחים, שאלו אותנו לפני ההזמנה.",
];

const USD_PRICES_WITH_TIP: Texts = [
  "Prices are in US dollars. Sales tax, the delivery fee and any tip you choose are added at checkout and shown before you pay.",
  "الأسعار بالدولار الأمريكي. تُضاف ضريبة المبيعات ورسوم التوصيل وأي إكرامية تختارها عند إتمام الطلب، وتظهر قبل الدفع.",
  "המחירים בדולר אמריקאי. מס מכירה, דמי משלוח וטיפ, אם תבחרו לתת, מתווספים בקופה ומוצגים לפני התשלום.",
];

const DEMO_NOTE: Texts = [
  "This page is a demo text for a demo shop: it shows what a shop might say here and is not written for the law of any one country.",
  "هذه الصفحة نص تجريبي لمتجر تجريبي: توضّح ما قد يقوله متجر هنا، وليست مكتوبة وفق قانون بلد بعينه.",
  "העמוד הזה הוא טקסט הדגמה לחנות הדגמה: הוא מראה מה חנות עשויה לכתוב כאן, ואינו כתוב לפי החוק של מדינה מסוימת.",
];

const TIP_QUESTION = section(
  ["Can I add a tip?", "هل يمكنني إضافة إكرامية؟", "אפשר להוסיף טיפ?"],
  [
    "Yes, at checkout, as a percentage or an amount of your choice. It is optional, and all of it goes to the team that prepares and brings your order.",
    "نعم، عند إتمام الطلب، كنسبة مئوية أو بالمبلغ الذي تختاره. الإكرامية اختيارية، وتذهب كاملة إلى الفريق الذي يحضّر طلبك ويوصله.",
    "כן, בקופה, כאחוז או כסכום שתבחרו. הטיפ אינו חובה, וכולו הולך לצוות שמכין את ההזמנה ומביא אותה אליכם.",
  ],
);

const FOOD_NOT_RETURNABLE = section(
  ["Why food cannot be returned", "لماذا لا يمكن إرجاع الطعام", "למה אי אפשר להחזיר אוכל"],
  [
    "For food safety, food that has left our kitchen cannot be returned or exchanged. Instead, we replace or refund whatever was not right.",
    "حفاظًا على سلامة الغذاء، لا يمكن إرجاع الطعام أو استبداله بعد أن يغادر مطبخنا. وبدلًا من ذلك نستبدل أو نردّ ثمن كل ما لم يكن كما ينبغي.",
    "מטעמי בטיחות מזון, אי אפשר להחזיר או להחליף אוכל שיצא מהמטבח שלנו. במקום זאת, אנחנו מחליפים או מזכים על כל מה שלא היה בסדר.",
  ],
);

// How orders reach the shopper, told in the about page, the FAQ, help and the terms.

const GROCERY_REACH: Texts = [
  "Choose a two-hour delivery window between 8 am and 8 pm, up to three days ahead, or collect your order from our Market Hall. Chilled and frozen food travels in insulated bags.",
  "اختر موعد توصيل مدته ساعتان بين الثامنة صباحًا والثامنة مساءً وحتى ثلاثة أيام مقدمًا، أو استلم طلبك من قاعة السوق. وتُنقل الأطعمة المبردة والمجمدة في أكياس معزولة حراريًا.",
  "אפשר לבחור חלון משלוח של שעתיים בין 8:00 ל־20:00, עד שלושה ימים מראש, או לאסוף את ההזמנה מאולם השוק שלנו. מוצרים מצוננים וקפואים נשלחים בשקיות מבודדות.",
];

const CATERING_REACH: Texts = [
  "We deliver in three-hour windows between 10 am and 7 pm, up to a week ahead, or you collect from our kitchen. Order at least a day ahead; some items need 48 hours or more, as their page says.",
  "نوصل الطلبات في فترات مدتها ثلاث ساعات بين العاشرة صباحًا والسابعة مساءً وحتى أسبوع مقدمًا، أو يمكنك استلامها من مطبخنا. اطلب قبل يوم على الأقل؛ فبعض الأصناف تحتاج إلى 48 ساعة أو أكثر كما هو مذكور في صفحتها.",
  "אנחנו מביאים את ההזמנות בחלונות של שלוש שעות בין 10:00 ל־19:00, עד שבוע מראש, ואפשר גם לאסוף מהמטבח שלנו. יש להזמין לפחות יום מראש; פריטים מסוימים דורשים 48 שעות או יותר, כמצוין בעמוד שלהם.",
];

const RESTAURANT_REACH: Texts = [
  "Order for delivery, collect from Downtown or Riverside, or scan the QR code on your table and order from your phone. We cook from 11 am to 11 pm, as soon as possible or for the time you choose.",
  "اطلب للتوصيل، أو استلم طلبك من فرع وسط المدينة أو فرع النهر، أو امسح رمز QR على طاولتك واطلب من هاتفك. نطبخ من الحادية عشرة صباحًا حتى الحادية عشرة ليلًا، في أقرب وقت ممكن أو في الموعد الذي تختاره.",
  "אפשר להזמין משלוח, לאסוף מהסניף במרכז העיר או על הנהר, או לסרוק את קוד ה־QR שעל השולחן ולהזמין מהטלפון. המטבח פועל מ־11:00 עד 23:00, בהקדם האפשרי או במועד שתבחרו.",
];

const CARPARTS_REACH: Texts = [
  "We ship by standard parcel in 3 to 5 days, by express parcel in 1 to 2 days, or by freight for tyres and heavy parts in 4 to 7 days. You can also collect from our parts counter, open 8 am to 6 pm.",
  "نشحن بطرد عادي خلال 3 إلى 5 أيام، أو بطرد سريع خلال يوم إلى يومين، أو بالشحن الثقيل للإطارات والقطع الكبيرة خلال 4 إلى 7 أيام. ويمكنك أيضًا الاستلام من كاونتر القطع لدينا، المفتوح من الثامنة صباحًا حتى السادسة مساءً.",
  "אנחנו שולחים בחבילה רגילה תוך 3 עד 5 ימים, בחבילה מהירה תוך יום או יומיים, או בהובלה לצמיגים ולחלקים כבדים תוך 4 עד 7 ימים. אפשר גם לאסוף מדלפק החלקים שלנו, שפתוח מ־8:00 עד 18:00.",
];

const FURNITURE_REACH: Texts = [
  "Our own two-person team delivers larger pieces anywhere in Denmark, in a four-hour window you book at checkout, carries them to the room you choose and takes the packaging away. Small items go by parcel post.",
  "يوصل فريقنا المؤلف من شخصين القطعَ الكبيرة إلى أي مكان في الدنمارك، في فترة مدتها أربع ساعات تحجزها عند إتمام الطلب، ويحملها إلى الغرفة التي تختارها ويأخذ مواد التغليف معه. وتُرسل القطع الصغيرة بالبريد.",
  "את הרהיטים הגדולים מביא לכל מקום בדנמרק צוות של שניים מטעמנו, בחלון של ארבע שעות שתזמינו בקופה. הצוות מכניס אותם לחדר שתבחרו ולוקח איתו את האריזות. פריטים קטנים נשלחים בדואר חבילות.",
];

const SHOP_KINDS: Record<Vertical, ShopKind> = {
  grocery: {
    digital: true,
    guestCheckout: true,
    domain: "greenbasket.example",
    phone: "217-555-0142",
    about: {
      summary: [
        "At {shop} we bring you fresh fruit and vegetables and everyday groceries, picked on the day of delivery and brought to your door.",
        "في {shop} نجمع لك الفواكه والخضروات الطازجة ومشتريات البيت اليومية، نختارها في يوم التوصيل ونوصلها إلى باب بيتك.",
        "ברוכים הבאים אל {shop}: פירות וירקות טריים ומצרכים לכל יום, שנלקטים ביום המשלוח ומגיעים עד הדלת.",
      ],
      who: [
        "We are a neighbourhood grocer that moved online without losing the feel of the market: we buy from local growers and bakers wherever we can, and every order is picked by hand.",
        "نحن بقّالة الحيّ التي انتقلت إلى الإنترنت دون أن تفقد روح السوق: نشتري من المزارعين والمخابز المحلية كلما أمكن، ونجهّز كل طلب بأيدينا.",
        "אנחנו המכולת השכונתית שעברה לרשת בלי לאבד את האווירה של השוק: אנחנו קונים ממגדלים ומאפיות מקומיים בכל פעם שאפשר, ומלקטים כל הזמנה ביד.",
      ],
      what: [
        [
          "Fruit and vegetables, dairy and eggs, bread from the bakery, fish, frozen food, drinks, coffee and tea, and everything for the pantry. Our seasonal picks change through the year.",
          "فواكه وخضروات، وألبان وبيض، وخبز من المخبز، وأسماك، وأطعمة مجمدة، ومشروبات، وقهوة وشاي، وكل ما تحتاجه مؤونة المطبخ. وتتغير مختارات الموسم على مدار السنة.",
          "פירות וירקות, מוצרי חלב וביצים, לחם מהמאפייה, דגים, מוצרים קפואים, משקאות, קפה ותה וכל מה שצריך במזווה. מבחר העונה שלנו מתחלף לאורך השנה.",
        ],
        [
          "We also sell gift cards and printable recipe collections, delivered as downloads.",
          "ونبيع أيضًا بطاقات هدايا ومجموعات وصفات قابلة للطباعة، تصلك كملفات للتنزيل.",
          "יש אצלנו גם כרטיסי מתנה ואוספי מתכונים להדפסה, שמגיעים כקבצים להורדה.",
        ],
      ],
      promise: [
        "Fresh means fresh: if something is not right, tell us within 24 hours and we will refund or replace it.",
        "الطازج عندنا طازج فعلًا: إن لم يكن شيء كما ينبغي، أخبرنا خلال 24 ساعة وسنعيد لك ثمنه أو نستبدله.",
        "טרי אצלנו זה באמת טרי: אם משהו לא בסדר, ספרו לנו תוך 24 שעות ונחזיר את הכסף או נחליף אותו.",
      ],
    },
    reach: GROCERY_REACH,
    cash: CASH_AT_DOOR,
    prices: USD_PRICES_WITH_TIP,
    options: ["weight or pack size", "الوزن أو حجم العبوة", "משקל או גודל אריזה"],
    hours: [
      "We answer messages every day from 8 am to 8 pm.",
      "نرد على الرسائل يوميًا من الثامنة صباحًا حتى الثامنة مساءً.",
      "אנחנו עונים להודעות כל יום בין 8:00 ל־20:00.",
    ],
    orderQuestion: [
      "If something in a delivery is missing or not right, write to us within 24 hours and tell us which items.",
      "إن نقص شيء من طلبك أو لم يكن كما ينبغي، راسلنا خلال 24 ساعة وأخبرنا بالمنتجات المعنية.",
      "אם משהו במשלוח חסר או לא תקין, כתבו לנו תוך 24 שעות וציינו באילו פריטים מדובר.",
    ],
    findTip: null,
    faq: [
      section(["When do you deliver?", "متى توصلون الطلبات؟", "מתי אתם מביאים את ההזמנות?"], GROCERY_REACH, [
        "Book a window up to an hour before it starts. Checkout shows the delivery fee, and the order total above which delivery is free, before you pay.",
        "احجز الموعد قبل بدايته بساعة على الأقل. وتعرض صفحة إتمام الطلب رسوم التوصيل، والمبلغ الذي يصبح التوصيل بعده مجانيًا، قبل الدفع.",
        "אפשר להזמין חלון עד שעה לפני תחילתו. בקופה מוצגים דמי המשלוח, והסכום שממנו המשלוח חינם, לפני התשלום.",
      ]),
      section(
        ["What if an item is out of stock?", "ماذا لو نفد منتج من المخزون؟", "מה קורה אם מוצר אזל מהמלאי?"],
        [
          "At checkout you tell us what to do: remove the item, contact you, or replace it with something similar. We never charge more for a replacement than for the item you ordered.",
          "عند إتمام الطلب تخبرنا بما نفعل: أن نحذف المنتج، أو نتواصل معك، أو نستبدله بمنتج مشابه. ولا نحاسبك على البديل بأكثر من ثمن المنتج الذي طلبته.",
          "בקופה אתם מחליטים מה נעשה: להסיר את המוצר, ליצור איתכם קשר או להחליף אותו במוצר דומה. על מוצר חלופי לא נחייב יותר ממחיר המוצר שהזמנתם.",
        ],
        SUBSTITUTE_BACK,
      ),
      section(
        [
          "How do you keep food fresh and cold?",
          "كيف تحافظون على الطعام طازجًا وباردًا؟",
          "איך אתם שומרים על האוכל טרי וקר?",
        ],
        [
          "We pick fresh produce on the day of delivery and pack chilled and frozen food separately in insulated bags, so it stays cold until it reaches your fridge.",
          "نختار المنتجات الطازجة في يوم التوصيل، ونغلّف الأطعمة المبردة والمجمدة على حدة في أكياس معزولة حراريًا لتبقى باردة حتى تصل إلى ثلاجتك.",
          "אנחנו מלקטים את התוצרת הטרייה ביום המשלוח, ואורזים מוצרים מצוננים וקפואים בנפרד בשקיות מבודדות, כך שהם נשארים קרים עד שהם מגיעים למקרר שלכם.",
        ],
      ),
      TIP_QUESTION,
    ],
    liability: [
      "Please check labels for allergens and use-by dates; product pictures show a typical example, and fresh produce varies in size and colour.",
      "يُرجى قراءة الملصقات لمعرفة مسببات الحساسية وتواريخ الصلاحية؛ فصور المنتجات مثال نموذجي، وتختلف المنتجات الطازجة في حجمها ولونها.",
      "נא לבדוק בתוויות את האלרגנים ואת תאריכי התפוגה; תמונות המוצרים הן דוגמה בלבד, ותוצרת טרייה משתנה בגודל ובצבע.",
    ],
    returns: {
      summary: [
        "Fresh food should arrive perfect. If it does not, tell us within 24 hours and we will refund or replace it.",
        "يجب أن يصلك الطعام الطازج بأفضل حال. وإن لم يكن كذلك، أخبرنا خلال 24 ساعة وسنعيد لك ثمنه أو نستبدله.",
        "אוכל טרי צריך להגיע מושלם. אם הוא לא, ספרו לנו תוך 24 שעות ונחזיר את הכסף או נחליף אותו.",
      ],
      sections: [
        section(
          [
            "Fresh, chilled and frozen food",
            "الأطعمة الطازجة والمبردة والمجمدة",
            "מוצרים טריים, מצוננים וקפואים",
          ],
          [
            "If something arrives damaged, past its date, not fresh, or not at all, tell us within 24 hours of delivery or pickup. We refund it or replace it with your next order, whichever you prefer.",
            "إن وصل منتج تالفًا أو منتهي الصلاحية أو غير طازج، أو لم يصل أصلًا، أخبرنا خلال 24 ساعة من التوصيل أو الاستلام. وسنعيد لك ثمنه أو نستبدله مع طلبك القادم، كما تفضّل.",
            "אם מוצר הגיע פגום, אחרי תאריך התפוגה, לא טרי, או לא הגיע בכלל, ספרו לנו תוך 24 שעות מהמסירה או מהאיסוף. נחזיר לכם את הכסף או נחליף אותו בהזמנה הבאה, לפי בחירתכם.",
          ],
          [
            "There is no need to bring perishable food back: we cannot sell it again.",
            "لا داعي لإعادة الأطعمة سريعة التلف، إذ لا يمكننا بيعها مرة أخرى.",
            "אין צורך להחזיר מוצרים מתכלים: איננו יכולים למכור אותם שוב.",
          ],
        ),
        section(["Replacement items", "المنتجات البديلة", "מוצרים חלופיים"], SUBSTITUTE_BACK),
        section(
          ["Unopened pantry items", "منتجات المؤونة غير المفتوحة", "מוצרי מזווה סגורים"],
          [
            "Unopened items that keep, such as tins, dry goods and drinks, can be returned within 14 days at our Market Hall or to the driver of your next delivery.",
            "يمكن إرجاع المنتجات غير المفتوحة التي لا تتلف سريعًا، كالمعلّبات والبقوليات والمشروبات، خلال 14 يومًا في قاعة السوق أو مع سائق توصيلتك القادمة.",
            "מוצרים סגורים שאינם מתקלקלים, כמו שימורים, מוצרים יבשים ומשקאות, אפשר להחזיר תוך 14 יום באולם השוק או לשליח במשלוח הבא.",
          ],
        ),
      ],
    },
    trade: null,
  },

  catering: {
    digital: false,
    guestCheckout: true,
    domain: "goldenplatter.example",
    phone: "217-555-0163",
    about: {
      summary: [
        "At {shop} we make platters, hot dishes and homemade sweets for meetings, parties and family celebrations, and deliver them ready to serve.",
        "في {shop} نحضّر الصواني والأطباق الساخنة والحلويات البيتية للاجتماعات والحفلات والمناسبات العائلية، ونوصلها جاهزة للتقديم.",
        "ברוכים הבאים אל {shop}: מגשי אירוח, מנות חמות ומתוקים ביתיים לפגישות, למסיבות ולאירועים משפחתיים, שמגיעים מוכנים להגשה.",
      ],
      who: [
        "We started as a family kitchen and grew into a catering business. Everything is cooked and baked in our own kitchen, in small batches, on the day of your event or the day before.",
        "بدأنا مطبخًا عائليًا ثم كبرنا لنصبح شركة ضيافة. نطبخ كل شيء ونخبزه في مطبخنا، بكميات صغيرة، في يوم مناسبتك أو قبله بيوم.",
        "התחלנו כמטבח משפחתי וגדלנו לעסק קייטרינג. את הכול אנחנו מבשלים ואופים במטבח שלנו, בכמויות קטנות, ביום האירוע או יום לפניו.",
      ],
      what: [
        [
          "Party and sandwich platters, salads, hot dishes, breakfast boxes, celebration and wedding cakes, cupcakes, cookies and pastries, drinks and coffee, and a holiday menu in season.",
          "صوانٍ للحفلات والسندويشات، وسلطات، وأطباق ساخنة، وصناديق فطور، وكعكات للمناسبات والأعراس، وكب كيك، وكوكيز ومعجنات، ومشروبات وقهوة، وقائمة خاصة في موسم الأعياد.",
          "מגשי אירוח ומגשי כריכים, סלטים, מנות חמות, מארזי בוקר, עוגות חגיגיות ועוגות חתונה, קאפקייקס, עוגיות ומאפים, משקאות וקפה, ותפריט חגים בעונה.",
        ],
      ],
      promise: [
        "Food that arrives on time and looks as good as it tastes. Every order is checked before it leaves the kitchen, and we mark vegetarian and gluten-free dishes and those that contain nuts.",
        "طعام يصل في موعده ويبدو شهيًا كمذاقه. نراجع كل طلب قبل أن يغادر المطبخ، ونميّز الأطباق النباتية والخالية من الغلوتين وتلك التي تحتوي على مكسرات.",
        "אוכל שמגיע בזמן ונראה טוב כמו שהוא טעים. כל הזמנה נבדקת לפני שהיא יוצאת מהמטבח, ואנחנו מסמנים מנות צמחוניות, מנות ללא גלוטן ומנות שמכילות אגוזים.",
      ],
    },
    reach: CATERING_REACH,
    cash: CASH_AT_DOOR,
    prices: USD_PRICES_WITH_TIP,
    options: ["the number of guests", "عدد الضيوف", "מספר האורחים"],
    hours: [
      "We answer messages every day from 10 am to 7 pm.",
      "نرد على الرسائل يوميًا من العاشرة صباحًا حتى السابعة مساءً.",
      "אנחנו עונים להודעות כל יום בין 10:00 ל־19:00.",
    ],
    orderQuestion: [
      "If your event is today or tomorrow, call us rather than write, so that we can act in time.",
      "إن كانت مناسبتك اليوم أو غدًا، اتصل بنا بدلًا من الكتابة حتى نتمكن من التصرف في الوقت المناسب.",
      "אם האירוע היום או מחר, עדיף להתקשר ולא לכתוב, כדי שנוכל לפעול בזמן.",
    ],
    findTip: null,
    faq: [
      section(
        ["How far ahead should I order?", "كم يجب أن أطلب مسبقًا؟", "כמה זמן מראש צריך להזמין?"],
        [
          "At least a day before you need the food, and you can book up to a week ahead. Some items need 48 hours, and wedding cakes two weeks; the item's page says so.",
          "قبل يوم واحد على الأقل من حاجتك إلى الطعام، ويمكنك الحجز حتى أسبوع مقدمًا. بعض الأصناف تحتاج إلى 48 ساعة، وكعكات الأعراس إلى أسبوعين، وهذا مذكور في صفحة كل صنف.",
          "לפחות יום לפני שאתם צריכים את האוכל, ואפשר להזמין עד שבוע מראש. פריטים מסוימים דורשים 48 שעות, ועוגות חתונה שבועיים; הדבר מצוין בעמוד של כל פריט.",
        ],
        [
          "Planning further ahead, or for more than a hundred guests? Write to us and we will plan it with you.",
          "تخطط لموعد أبعد أو لأكثر من مئة ضيف؟ راسلنا وسنخطط معك.",
          "מתכננים רחוק יותר מראש, או ליותר ממאה אורחים? כתבו לנו ונתכנן את זה יחד.",
        ],
      ),
      section(
        [
          "Do you cater for allergies and diets?",
          "هل تراعون الحساسية الغذائية والأنظمة الغذائية الخاصة؟",
          "אתם מתחשבים באלרגיות ובתזונה מיוחדת?",
        ],
        [
          "Vegetarian and gluten-free dishes are marked on their pages, and so are those that contain nuts.",
          "نميّز في صفحات الأطباق ما هو نباتي أو خالٍ من الغلوتين، وكذلك ما يحتوي على مكسرات.",
          "מנות צמחוניות ומנות ללא גלוטן מסומנות בעמוד שלהן, וכך גם מנות שמכילות אגוזים.",
        ],
        ALLERGEN_TRACES,
        ALLERGEN_NOTES,
      ),
      section(
        ["How many people does a platter serve?", "كم شخصًا تكفي الصينية؟", "לכמה אנשים מספיק מגש?"],
        [
          "Many platters come in sizes for 8, 16 or 24 guests: choose the size on the item's page and the price changes with it. If the food replaces a full meal, choose the next size up.",
          "تتوفر صوانٍ كثيرة بأحجام تكفي 8 أو 16 أو 24 ضيفًا: اختر الحجم في صفحة الصنف وسيتغير السعر تبعًا له. وإن كان الطعام سيحل محل وجبة كاملة، فاختر الحجم الأكبر التالي.",
          "מגשים רבים מגיעים בגדלים ל־8, ל־16 או ל־24 אורחים: בוחרים את הגודל בעמוד הפריט והמחיר מתעדכן בהתאם. אם האוכל מחליף ארוחה מלאה, כדאי לבחור את הגודל הבא.",
        ],
      ),
      section(
        [
          "Do you deliver, and how does the food arrive?",
          "هل توصلون الطلبات، وكيف يصل الطعام؟",
          "אתם מביאים את ההזמנה? ואיך האוכל מגיע?",
        ],
        CATERING_REACH,
        [
          "Cold platters arrive chilled and ready to serve; hot dishes come in insulated boxes with reheating instructions.",
          "تصل الصواني الباردة مبرّدة وجاهزة للتقديم، والأطباق الساخنة في صناديق معزولة حراريًا مع تعليمات إعادة التسخين.",
          "מגשים קרים מגיעים מצוננים ומוכנים להגשה; מנות חמות מגיעות בקופסאות מבודדות עם הוראות חימום.",
        ],
      ),
    ],
    liability: [
      "Keep chilled food cold and serve it on the day of delivery, and tell us about allergies before you order.",
      "احفظ الأطعمة المبردة باردة وقدّمها في يوم التوصيل، وأخبرنا بأي حساسية قبل الطلب.",
      "יש לשמור אוכל מצונן בקירור ולהגיש אותו ביום המשלוח, ולספר לנו על אלרגיות לפני ההזמנה.",
    ],
    returns: {
      summary: [
        "Food is made for your event, so we sort out problems on the day: tell us the same day and we will make it right.",
        "نحضّر الطعام خصيصًا لمناسبتك، لذا نعالج أي مشكلة في يومها: أخبرنا في اليوم نفسه وسنصلح الأمر.",
        "האוכל מוכן במיוחד לאירוע שלכם, ולכן אנחנו מטפלים בבעיות באותו יום: ספרו לנו עוד באותו יום ונתקן.",
      ],
      sections: [
        section(
          ["Check your order on the day", "تحقّق من طلبك في اليوم نفسه", "בדקו את ההזמנה באותו יום"],
          [
            "Please check your order when it arrives or when you collect it. If something is missing, damaged or not as ordered, tell us the same day, before the food is served if you can, and we will replace it, bring what is missing or refund it.",
            "يُرجى التحقق من طلبك عند وصوله أو عند استلامه. وإن نقص شيء أو كان تالفًا أو مختلفًا عما طلبت، أخبرنا في اليوم نفسه، وقبل تقديم الطعام إن أمكن، وسنستبدله أو نحضر الناقص أو نعيد لك ثمنه.",
            "נא לבדוק את ההזמנה כשהיא מגיעה או כשאתם אוספים אותה. אם משהו חסר, פגום או לא כפי שהוזמן, ספרו לנו באותו יום, ואם אפשר לפני ההגשה, ונחליף אותו, נביא את מה שחסר או נזכה אתכם.",
          ],
          [
            "Problems reported after the day of delivery cannot be refunded, as we can no longer check the food.",
            "لا يمكن ردّ ثمن مشكلة أُبلغ عنها بعد يوم التوصيل، إذ لم يعد بإمكاننا فحص الطعام.",
            "על בעיות שמדווחות אחרי יום המשלוח איננו יכולים לתת החזר, כי כבר אי אפשר לבדוק את האוכל.",
          ],
        ),
        FOOD_NOT_RETURNABLE,
        section(
          ["Changing your order", "تعديل طلبك", "שינוי ההזמנה"],
          [
            "To change the number of guests, the date or the dishes, write to us at least 48 hours before delivery. You can cancel online at no cost until the order leaves our kitchen.",
            "لتغيير عدد الضيوف أو الموعد أو الأطباق، راسلنا قبل التوصيل بـ48 ساعة على الأقل. ويمكنك الإلغاء عبر الموقع دون أي تكلفة ما دام الطلب لم يغادر مطبخنا.",
            "כדי לשנות את מספר האורחים, את התאריך או את המנות, כתבו לנו לפחות 48 שעות לפני המשלוח. אפשר לבטל באתר ללא עלות כל עוד ההזמנה לא יצאה מהמטבח.",
          ],
        ),
      ],
    },
    trade: {
      summary: [
        "Catering for businesses, venues and event planners, with regular orders and one monthly invoice.",
        "خدمات ضيافة للشركات وقاعات المناسبات ومنظمي الفعاليات، مع طلبات منتظمة وفاتورة شهرية واحدة.",
        "קייטרינג לעסקים, לאולמות ולמפיקי אירועים, עם הזמנות קבועות וחשבונית חודשית אחת.",
      ],
      who: [
        "Offices that feed meetings every week, venues and hotels, schools, and event planners who order for their clients.",
        "المكاتب التي تقدّم الطعام في اجتماعاتها كل أسبوع، وقاعات المناسبات والفنادق، والمدارس، ومنظمو الفعاليات الذين يطلبون لعملائهم.",
        "משרדים שמארחים פגישות מדי שבוע, אולמות ובתי מלון, בתי ספר ומפיקי אירועים שמזמינים עבור הלקוחות שלהם.",
      ],
      offer: [
        [
          "Volume prices on regular orders, standing orders delivered on the same day each week, and menus planned with you for larger events.",
          "أسعار خاصة للطلبات المنتظمة، وطلبات ثابتة توصَل في اليوم نفسه من كل أسبوع، وقوائم طعام نخطط لها معك للمناسبات الكبيرة.",
          "מחירי כמות להזמנות קבועות, הזמנות קבועות שמגיעות באותו יום בכל שבוע, ותפריטים שנתכנן איתכם לאירועים גדולים.",
        ],
      ],
    },
  },

  restaurant: {
    digital: true,
    guestCheckout: true,
    domain: "emberandolive.example",
    phone: "217-555-0187",
    about: {
      summary: [
        "At {shop} we cook over wood and charcoal: pizza from the wood-fired oven, burgers, grilled skewers and noodles from the wok, until late.",
        "في {shop} نطبخ على نار الحطب والفحم: بيتزا من فرن الحطب، وبرغر، وأسياخ مشوية، ونودلز من الووك، حتى ساعة متأخرة.",
        "ברוכים הבאים אל {shop}: מטבח של אש עצים ופחמים, עם פיצה מתנור עצים, המבורגרים, שיפודים על הגריל ואטריות מהווק, עד שעה מאוחרת.",
      ],
      who: [
        "A neighbourhood restaurant with two kitchens in Springfield, Downtown and Riverside. Our dough rests for two days, and our grill burns real charcoal.",
        "مطعم الحيّ بفرعين في سبرينغفيلد: وسط المدينة وعلى النهر. تختمر عجينتنا يومين كاملين، وتشتعل شوايتنا بالفحم الحقيقي.",
        "מסעדה שכונתית עם שני מטבחים בספרינגפילד: במרכז העיר ועל הנהר. הבצק שלנו תופח יומיים, והגריל בוער על פחם אמיתי.",
      ],
      what: [
        [
          "Wood-fired pizza, burgers, dishes from the grill, noodles and wok, soups and salads, sides, desserts and drinks, with chef's specials and a breakfast menu.",
          "بيتزا على الحطب، وبرغر، وأطباق من الشواية، ونودلز وووك، وشوربات وسلطات، وأطباق جانبية، وحلويات ومشروبات، إلى جانب أطباق الشيف الخاصة وقائمة الفطور.",
          "פיצה מתנור עצים, המבורגרים, מנות מהגריל, אטריות ווק, מרקים וסלטים, תוספות, קינוחים ומשקאות, וגם המנות המיוחדות של השף ותפריט בוקר.",
        ],
        [
          "Gift cards and a printable party menu are available as downloads.",
          "وتتوفر بطاقات الهدايا وقائمة حفلات قابلة للطباعة كملفات للتنزيل.",
          "כרטיסי מתנה ותפריט מסיבה להדפסה זמינים להורדה.",
        ],
      ],
      promise: [
        "Hot food, packed to travel well. If anything is missing or not right, tell us the same day and we will put it right.",
        "طعام ساخن مغلّف ليصلك بحالة جيدة. وإن نقص شيء أو لم يكن كما ينبغي، أخبرنا في اليوم نفسه وسنصلح الأمر.",
        "אוכל חם, ארוז כך שיגיע במצב טוב. אם משהו חסר או לא בסדר, ספרו לנו באותו יום ונתקן.",
      ],
    },
    reach: RESTAURANT_REACH,
    cash: CASH_AT_DOOR,
    prices: USD_PRICES_WITH_TIP,
    options: ["size, toppings or extras", "الحجم أو الإضافات", "גודל או תוספות"],
    hours: [
      "Our kitchens and phone lines are open every day from 11 am to 11 pm.",
      "مطابخنا وخطوط هاتفنا تعمل يوميًا من الحادية عشرة صباحًا حتى الحادية عشرة ليلًا.",
      "המטבחים והטלפונים שלנו פעילים כל יום מ־11:00 עד 23:00.",
    ],
    orderQuestion: [
      "If your order is on its way or already at your table, call the restaurant: we will sort it out at once.",
      "إن كان طلبك في الطريق أو على طاولتك، اتصل بالمطعم وسنحل الأمر فورًا.",
      "אם ההזמנה בדרך אליכם או כבר על השולחן, התקשרו למסעדה ונטפל בזה מיד.",
    ],
    findTip: [
      "At the restaurant, scan the QR code on your table: the menu opens for your table, and your food is brought to you.",
      "في المطعم، امسح رمز QR على طاولتك: تُفتح القائمة لطاولتك ويصلك الطعام إليها.",
      "במסעדה, סרקו את קוד ה־QR שעל השולחן: התפריט נפתח עבור השולחן שלכם, והאוכל מגיע אליכם.",
    ],
    faq: [
      section(
        ["How long does delivery take?", "كم يستغرق التوصيل؟", "כמה זמן לוקח משלוח?"],
        [
          "Usually 30 to 45 minutes from when you order, a little longer on busy evenings. You can also choose a later time at checkout.",
          "عادةً من 30 إلى 45 دقيقة من لحظة الطلب، وأكثر قليلًا في الأمسيات المزدحمة. ويمكنك أيضًا اختيار موعد لاحق عند إتمام الطلب.",
          "בדרך כלל 30 עד 45 דקות מרגע ההזמנה, ומעט יותר בערבים עמוסים. אפשר גם לבחור מועד מאוחר יותר בקופה.",
        ],
        [
          "The delivery fee depends on your area and is shown at checkout; larger orders travel free.",
          "تعتمد رسوم التوصيل على منطقتك وتظهر عند إتمام الطلب، والطلبات الأكبر توصَل مجانًا.",
          "דמי המשלוח תלויים באזור ומוצגים בקופה; הזמנות גדולות יותר נשלחות בחינם.",
        ],
      ),
      section(
        [
          "Can I collect my order, or order at my table?",
          "هل يمكنني استلام طلبي بنفسي أو الطلب من طاولتي؟",
          "אפשר לאסוף את ההזמנה או להזמין מהשולחן?",
        ],
        RESTAURANT_REACH,
      ),
      section(
        ["What about allergies?", "ماذا عن الحساسية الغذائية؟", "ומה לגבי אלרגיות?"],
        [
          "Each dish's page describes what goes into it, and dishes with peanuts are marked.",
          "تصف صفحة كل طبق مكوّناته، ونميّز الأطباق التي تحتوي على الفول السوداني.",
          "בעמוד של כל מנה מתואר ממה היא עשויה, ומנות שמכילות בוטנים מסומנות.",
        ],
        ALLERGEN_TRACES,
        ALLERGEN_NOTES,
      ),
      section(
        ["Can I change a dish?", "هل يمكنني تعديل طبق؟", "אפשר לשנות מנה?"],
        [
          "Many dishes offer choices and extras on their page, such as size, doneness or toppings. For anything else, write it in the order notes and the kitchen will do what it can.",
          "لكثير من الأطباق خيارات وإضافات في صفحتها، مثل الحجم ودرجة الطهي والإضافات. ولأي طلب آخر، اكتبه في ملاحظات الطلب وسيبذل المطبخ ما في وسعه.",
          "להרבה מנות יש בחירות ותוספות בעמוד שלהן, כמו גודל, מידת עשייה או תוספות. לכל בקשה אחרת, כתבו אותה בהערות להזמנה והמטבח יעשה כמיטב יכולתו.",
        ],
      ),
      TIP_QUESTION,
    ],
    liability: [
      "Hot food is best eaten straight away, and please tell us about allergies before you order.",
      "يُفضَّل تناول الطعام الساخن فور وصوله، ويُرجى إخبارنا بأي حساسية قبل الطلب.",
      "אוכל חם כדאי לאכול מיד, ונא לספר לנו על אלרגיות לפני ההזמנה.",
    ],
    returns: {
      summary: [
        "Something not right with your meal? Tell us the same day and we will remake it or refund it.",
        "هل في وجبتك ما ليس على ما يرام؟ أخبرنا في اليوم نفسه وسنعيد تحضيرها أو نردّ ثمنها.",
        "משהו לא בסדר בארוחה? ספרו לנו באותו יום ונכין אותה מחדש או נזכה אתכם.",
      ],
      sections: [
        section(
          ["Something wrong with your order", "مشكلة في طلبك", "משהו לא בסדר בהזמנה"],
          [
            "If a dish is missing, wrong, or not as it should be, contact us the same day, straight away if you can. We will send a new one or refund the dish.",
            "إن نقص طبق أو وصلك طبق خطأ أو لم يكن كما ينبغي، تواصل معنا في اليوم نفسه، وفورًا إن أمكن. وسنرسل لك طبقًا جديدًا أو نردّ ثمنه.",
            "אם מנה חסרה, שגויה או לא כמו שהיא צריכה להיות, פנו אלינו באותו יום, ועדיף מיד. נשלח מנה חדשה או נזכה אתכם עליה.",
          ],
        ),
        section(
          ["Eating with us", "إن كنت تأكل عندنا", "ארוחה אצלנו"],
          [
            "Ordered at your table? Tell your server, and we will put it right on the spot.",
            "طلبت من طاولتك؟ أخبر النادل وسنصلح الأمر في الحال.",
            "הזמנתם מהשולחן? ספרו למלצר ונתקן את זה במקום.",
          ],
        ),
        FOOD_NOT_RETURNABLE,
      ],
    },
    trade: null,
  },

  carparts: {
    digital: true,
    guestCheckout: true,
    domain: "torqueauto.example",
    phone: "217-555-0120",
    about: {
      summary: [
        "At {shop} we sell tyres, brakes, engine parts, oils, batteries, lighting and tools to drivers and workshops, with fitment checked against your vehicle.",
        "في {shop} نبيع الإطارات والمكابح وقطع المحرك والزيوت والبطاريات والإضاءة والأدوات للسائقين والورش، مع التحقق من ملاءمة القطعة لمركبتك.",
        "ברוכים הבאים אל {shop}: צמיגים, בלמים, חלקי מנוע, שמנים, מצברים, תאורה וכלים לנהגים ולמוסכים, עם בדיקת התאמה לרכב שלכם.",
      ],
      who: [
        "We are parts people: our counter staff have worked in workshops, and we would rather help you find the right part than sell you the wrong one twice.",
        "نحن أهل قطع الغيار: عمل موظفو الكاونتر لدينا في الورش، ونفضّل أن نساعدك على إيجاد القطعة الصحيحة على أن نبيعك القطعة الخطأ مرتين.",
        "אנחנו אנשי חלקים: אנשי הדלפק שלנו עבדו במוסכים, ואנחנו מעדיפים לעזור לכם למצוא את החלק הנכון מאשר למכור לכם פעמיים את החלק הלא נכון.",
      ],
      what: [
        [
          "Tyres and wheels, brakes, engine parts, ignition and filters, oils and fluids, batteries and electrical parts, lighting, wipers, and tools for the garage.",
          "إطارات وجنوط، ومكابح، وقطع محرك، وإشعال وفلاتر، وزيوت وسوائل، وبطاريات وقطع كهربائية، وإضاءة، ومساحات، وأدوات للمرآب.",
          "צמיגים וחישוקים, בלמים, חלקי מנוע, הצתה ומסננים, שמנים ונוזלים, מצברים וחשמל, תאורה, מגבים וכלים למוסך.",
        ],
        [
          "We stock OEM-quality parts and trusted aftermarket brands, and sell service manuals as downloads.",
          "نوفّر قطعًا بجودة المصنع الأصلية وماركات بديلة موثوقة، ونبيع أدلة الصيانة كملفات للتنزيل.",
          "יש לנו חלקים באיכות יצרן מקורי ומותגי תחליף אמינים, ומדריכי שירות להורדה.",
        ],
      ],
      promise: [
        "The right part, first time. Check the fit on any part's page before you order; if a part we listed for your vehicle does not fit, we put it right at our cost.",
        "القطعة الصحيحة من المرة الأولى. تحقّق من الملاءمة في صفحة أي قطعة قبل الطلب؛ وإن لم تناسب مركبتك قطعةٌ ذكرنا أنها تناسبها، نصلح الأمر على نفقتنا.",
        "החלק הנכון, כבר בפעם הראשונה. לפני ההזמנה אפשר לבדוק התאמה בעמוד של כל חלק; ואם חלק שלפי הרשימה שלנו מתאים לרכב שלכם לא מתאים בפועל, נתקן את זה על חשבוננו.",
      ],
    },
    reach: CARPARTS_REACH,
    cash: [
      "Cash is accepted at the parts counter; parcels are paid by card.",
      "نقبل الدفع نقدًا عند كاونتر القطع، أما الطرود فتُدفع بالبطاقة.",
      "במזומן אפשר לשלם בדלפק החלקים; משלוחים בדואר משולמים בכרטיס.",
    ],
    prices: [
      "Prices are in US dollars. Sales tax and shipping are added at checkout and shown before you pay.",
      "الأسعار بالدولار الأمريكي. تُضاف ضريبة المبيعات ورسوم الشحن عند إتمام الطلب، وتظهر قبل الدفع.",
      "המחירים בדולר אמריקאי. מס מכירה ודמי משלוח מתווספים בקופה ומוצגים לפני התשלום.",
    ],
    options: ["size or pack", "المقاس أو العبوة", "מידה או אריזה"],
    hours: [
      "We answer messages from 8 am to 6 pm, while the parts counter is open.",
      "نرد على الرسائل من الثامنة صباحًا حتى السادسة مساءً، خلال ساعات عمل كاونتر القطع.",
      "אנחנו עונים להודעות מ־8:00 עד 18:00, בשעות הפעילות של דלפק החלקים.",
    ],
    orderQuestion: [
      "For a question about a part, give us your vehicle's make, model, year and engine, or its VIN, and the part number if you have it.",
      "للسؤال عن قطعة، أرسل إلينا الشركة المصنّعة لمركبتك وطرازها وسنة صنعها ومحركها، أو رقم الهيكل (VIN)، ورقم القطعة إن كان لديك.",
      "לשאלה על חלק, ציינו את היצרן, הדגם, שנת הייצור והמנוע של הרכב, או את מספר השלדה (VIN), ואת מספר החלק אם הוא בידיכם.",
    ],
    findTip: [
      "On a part's page, the fit check tells you whether the part fits your vehicle.",
      "في صفحة القطعة، يخبرك زر «هل يناسب؟» إن كانت القطعة تناسب مركبتك.",
      "בעמוד של חלק, „בדיקת התאמה” מראה אם החלק מתאים לרכב שלכם.",
    ],
    faq: [
      section(
        [
          "How do I know a part fits my car?",
          "كيف أعرف أن القطعة تناسب سيارتي؟",
          "איך יודעים שהחלק מתאים לרכב שלי?",
        ],
        [
          "Use the fit check on the part's page: choose your vehicle's make, model and year, and the page tells you whether the part fits. The list of vehicles on the page shows every vehicle we have checked it for.",
          "استخدم زر «هل يناسب؟» في صفحة القطعة: اختر الشركة المصنّعة لمركبتك وطرازها وسنة صنعها، وستخبرك الصفحة إن كانت القطعة تناسبها. وتعرض قائمة «تناسب هذه المركبات» كل المركبات التي تحققنا منها.",
          "השתמשו ב„בדיקת התאמה” בעמוד החלק: בחרו את היצרן, הדגם ושנת הייצור של הרכב, והעמוד יראה אם החלק מתאים. ברשימה „מתאים לרכבים האלה” מופיעים כל הרכבים שבדקנו.",
        ],
        [
          "No vehicle list on the page? Compare the part number with your old part, or send us your VIN and we will check for you.",
          "لا توجد قائمة مركبات في الصفحة؟ قارن رقم القطعة بقطعتك القديمة، أو أرسل إلينا رقم الهيكل (VIN) وسنتحقق لك.",
          "אין רשימת רכבים בעמוד? השוו את מספר החלק לחלק הישן, או שלחו לנו את מספר השלדה (VIN) ונבדוק בשבילכם.",
        ],
      ),
      section(["How quickly will my parts arrive?", "متى تصل القطع؟", "מתי החלקים יגיעו?"], CARPARTS_REACH),
      section(
        ["Are your parts new and genuine?", "هل قطعكم جديدة وأصلية؟", "החלקים שלכם חדשים ומקוריים?"],
        [
          "Every part we sell is new. Parts marked OEM quality are made to the vehicle maker's specification; the others come from trusted aftermarket brands, named on each page.",
          "كل القطع التي نبيعها جديدة. القطع الموسومة بـ«جودة المصنع الأصلية» مصنوعة وفق مواصفات الشركة المصنّعة للمركبة، والباقي من ماركات بديلة موثوقة نذكر اسمها في كل صفحة.",
          "כל החלקים שאנחנו מוכרים חדשים. חלקים שמסומנים „איכות יצרן מקורי” מיוצרים לפי המפרט של יצרן הרכב; האחרים הם של מותגי תחליף אמינים, ששמם מופיע בכל עמוד.",
        ],
      ),
      section(
        ["Do you sell to garages and workshops?", "هل تبيعون للورش ومراكز الصيانة؟", "אתם מוכרים למוסכים?"],
        [
          "Yes: workshops can open a trade account with trade prices and monthly invoicing. Our page for trade customers explains how.",
          "نعم، يمكن للورش فتح حساب تجاري بأسعار خاصة وفوترة شهرية. وتشرح صفحة العملاء التجاريين طريقة ذلك.",
          "כן: מוסכים יכולים לפתוח חשבון עסקי עם מחירים לעסקים וחשבונית חודשית. בעמוד ללקוחות עסקיים מוסבר איך.",
        ],
      ),
    ],
    liability: [
      "Parts should be fitted by a qualified mechanic following the maker's instructions. We are not liable for damage caused by a part fitted wrongly, or fitted to a vehicle it was not listed for.",
      "يجب أن يركّب القطعَ ميكانيكي مؤهل وفق تعليمات الشركة المصنّعة. ولا نتحمل مسؤولية الضرر الناتج عن قطعة رُكّبت بشكل خاطئ، أو رُكّبت في مركبة لم تُدرج لها.",
      "את החלקים צריך להרכיב מכונאי מוסמך לפי הוראות היצרן. איננו אחראים לנזק שנגרם מחלק שהורכב באופן שגוי, או שהורכב ברכב שלא הופיע ברשימה שלו.",
    ],
    returns: {
      summary: [
        "Return unused parts in their original packaging within 30 days, for a refund or an exchange.",
        "أعد القطع غير المستعملة في تغليفها الأصلي خلال 30 يومًا، واسترد ثمنها أو استبدلها.",
        "אפשר להחזיר חלקים שלא נעשה בהם שימוש, באריזה המקורית, תוך 30 יום, ולקבל החזר או החלפה.",
      ],
      sections: [
        section(
          ["30 days to return", "30 يومًا للإرجاع", "30 יום להחזרה"],
          [
            "You can return a part within 30 days of delivery or pickup if it is unused, has not been fitted and is in its original, undamaged packaging. Bring it to the parts counter or send it back by parcel, and we refund it or exchange it for another part.",
            "يمكنك إرجاع القطعة خلال 30 يومًا من التوصيل أو الاستلام إن كانت غير مستعملة ولم تُركَّب، وفي تغليفها الأصلي السليم. أحضرها إلى كاونتر القطع أو أرسلها بطرد، وسنعيد لك ثمنها أو نستبدلها بقطعة أخرى.",
            "אפשר להחזיר חלק תוך 30 יום מהמסירה או מהאיסוף, אם לא נעשה בו שימוש, הוא לא הורכב והוא באריזה המקורית והשלמה. הביאו אותו לדלפק החלקים או שלחו אותו בחבילה, ונחזיר לכם את הכסף או נחליף אותו בחלק אחר.",
          ],
          [
            "Return postage is yours to pay, unless the part is faulty or we sent the wrong one.",
            "تتحمل أنت تكلفة شحن الإرجاع، إلا إذا كانت القطعة معيبة أو أرسلنا قطعة خاطئة.",
            "דמי המשלוח בהחזרה הם על חשבונכם, אלא אם החלק פגום או ששלחנו חלק שגוי.",
          ],
        ),
        section(
          ["Parts that do not fit", "قطع لا تناسب مركبتك", "חלקים שלא מתאימים"],
          [
            "If a part was listed as fitting your vehicle when you checked it and it does not fit, we pay the return postage and send the right part, or refund it in full.",
            "إن كانت القطعة مدرجة على أنها تناسب مركبتك عندما تحققت منها ثم لم تناسبها، نتحمل تكلفة شحن الإرجاع ونرسل القطعة الصحيحة، أو نعيد لك ثمنها كاملًا.",
            "אם חלק הופיע כמתאים לרכב שלכם כשבדקתם אותו והוא לא מתאים, אנחנו משלמים את דמי המשלוח בהחזרה ושולחים את החלק הנכון, או מחזירים את מלוא הסכום.",
          ],
        ),
        section(
          ["What cannot be returned", "ما لا يمكن إرجاعه", "מה אי אפשר להחזיר"],
          [
            "Parts that have been fitted or used, electrical parts whose sealed packaging has been opened, opened oils and fluids, and tyres that have been mounted.",
            "القطع التي رُكّبت أو استُعملت، والقطع الكهربائية التي فُتح تغليفها المختوم، والزيوت والسوائل المفتوحة، والإطارات التي رُكّبت على الجنوط.",
            "חלקים שהורכבו או שנעשה בהם שימוש, חלקי חשמל שהאריזה האטומה שלהם נפתחה, שמנים ונוזלים פתוחים, וצמיגים שהורכבו על חישוק.",
          ],
          [
            "A part that fails in use is covered by its maker's warranty: contact us with your order number and we will handle the claim with you.",
            "القطعة التي تتعطل أثناء الاستعمال يشملها ضمان الشركة المصنّعة: تواصل معنا مع رقم طلبك وسنتابع المطالبة معك.",
            "חלק שמתקלקל בשימוש מכוסה באחריות היצרן: פנו אלינו עם מספר ההזמנה ונטפל בתביעה יחד איתכם.",
          ],
        ),
      ],
    },
    trade: {
      summary: [
        "Trade accounts for garages, workshops and fleets: trade prices, priority dispatch and monthly invoicing.",
        "حسابات تجارية للورش ومراكز الصيانة وأساطيل المركبات: أسعار خاصة، وأولوية في الشحن، وفوترة شهرية.",
        "חשבונות עסקיים למוסכים, לסדנאות ולציי רכב: מחירים לעסקים, עדיפות במשלוח וחשבונית חודשית.",
      ],
      who: [
        "Independent garages and workshops, mobile mechanics, and companies that look after their own fleet of vehicles.",
        "الورش ومراكز الصيانة المستقلة، والميكانيكيون المتنقلون، والشركات التي تتولى صيانة أسطول مركباتها بنفسها.",
        "מוסכים וסדנאות עצמאיים, מכונאים ניידים וחברות שמתחזקות בעצמן צי רכב.",
      ],
      offer: [
        [
          "Trade prices across the catalogue, priority dispatch on express orders, and a collection shelf for your orders at the parts counter.",
          "أسعار خاصة على كامل التشكيلة، وأولوية في شحن الطلبات السريعة، ورفّ مخصص لطلباتك عند كاونتر القطع.",
          "מחירים לעסקים על כל המבחר, עדיפות במשלוח בהזמנות מהירות, ומדף איסוף להזמנות שלכם בדלפק החלקים.",
        ],
        [
          "A named contact who looks parts up by VIN for you.",
          "وموظف مخصص يبحث لك عن القطع برقم الهيكل (VIN).",
          "ואיש קשר קבוע שמאתר בשבילכם חלקים לפי מספר השלדה (VIN).",
        ],
      ],
    },
  },

  furniture: {
    digital: true,
    guestCheckout: false,
    domain: "nordhaven.example",
    phone: null,
    about: {
      summary: [
        "At {shop} we choose calm, honest furniture in a Scandinavian style: solid-wood tables, comfortable sofas, beds, storage, lighting and rugs, delivered to your home.",
        "في {shop} نختار أثاثًا هادئًا وصادقًا بالطابع الإسكندنافي: طاولات من الخشب الصلب، وكنبات مريحة، وأسرّة، ووحدات تخزين، وإضاءة، وسجاد، ونوصله إلى بيتك.",
        "ברוכים הבאים אל {shop}: רהיטים רגועים וכנים בסגנון סקנדינבי, שולחנות מעץ מלא, ספות נוחות, מיטות, אחסון, תאורה ושטיחים, עד הבית.",
      ],
      who: [
        "We are a small Danish furniture house. We work with a handful of makers who build with solid wood, natural fabrics and honest joints: pieces meant to last for decades, not seasons.",
        "نحن دار أثاث دنماركية صغيرة. نتعاون مع عدد قليل من الصنّاع الذين يعملون بالخشب الصلب والأقمشة الطبيعية والوصلات المتينة، لقطعٍ تدوم عقودًا لا مواسم.",
        "אנחנו בית רהיטים דני קטן. אנחנו עובדים עם קומץ יצרנים שבונים מעץ מלא, מבדים טבעיים ומחיבורים אמיתיים: רהיטים שנועדו להחזיק עשורים ולא עונה אחת.",
      ],
      what: [
        [
          "Sofas and armchairs, dining tables and chairs, beds, storage and shelving, lighting, rugs, mirrors, plants and planters, and outdoor furniture. Many pieces come in a choice of fabric, finish or size.",
          "كنبات وكراسٍ بذراعين، وطاولات وكراسي طعام، وأسرّة، ووحدات تخزين ورفوف، وإضاءة، وسجاد، ومرايا، ونباتات وأصص، وأثاث للحدائق والشرفات. وتتوفر قطع كثيرة بخيارات من الأقمشة أو التشطيبات أو المقاسات.",
          "ספות וכורסאות, שולחנות וכיסאות לפינת האוכל, מיטות, אחסון ומדפים, תאורה, שטיחים, מראות, צמחים ועציצים וריהוט חוץ. רהיטים רבים זמינים בבחירה של בד, גימור או מידה.",
        ],
        [
          "Gift cards are sold as downloads, ready to print or forward.",
          "ونبيع بطاقات الهدايا كملفات للتنزيل، جاهزة للطباعة أو الإرسال.",
          "כרטיסי מתנה נמכרים כקבצים להורדה, מוכנים להדפסה או לשליחה.",
        ],
      ],
      promise: [
        "Take your time: you have 14 days after delivery to change your mind about most pieces, and our team will collect them.",
        "خذ وقتك: لديك 14 يومًا بعد التوصيل لتغيّر رأيك في معظم القطع، وسيأتي فريقنا لاستلامها.",
        "בלי לחץ: על רוב הרהיטים אפשר להתחרט תוך 14 יום מהמסירה, והצוות שלנו יבוא לאסוף אותם.",
      ],
    },
    reach: FURNITURE_REACH,
    cash: [
      "You can also pay in cash when our team delivers; parcels are paid by card.",
      "ويمكنك أيضًا الدفع نقدًا عندما يوصل فريقنا طلبك، أما الطرود فتُدفع بالبطاقة.",
      "אפשר גם לשלם במזומן כשהצוות שלנו מביא את ההזמנה; משלוחים בדואר משולמים בכרטיס.",
    ],
    prices: [
      "Prices are in euros and include VAT. The delivery fee is added at checkout and shown before you pay.",
      "الأسعار باليورو وتشمل ضريبة القيمة المضافة. وتُضاف رسوم التوصيل عند إتمام الطلب، وتظهر قبل الدفع.",
      "המחירים באירו וכוללים מע״מ. דמי המשלוח מתווספים בקופה ומוצגים לפני התשלום.",
    ],
    options: ["fabric, finish or size", "القماش أو التشطيب أو المقاس", "בד, גימור או מידה"],
    hours: [
      "We answer messages on working days from 8 am to 8 pm.",
      "نرد على الرسائل في أيام العمل من الثامنة صباحًا حتى الثامنة مساءً.",
      "אנחנו עונים להודעות בימי עבודה בין 8:00 ל־20:00.",
    ],
    orderQuestion: [
      "To move a delivery, write to us at least two days before it. To report damage, describe it and we will reply with where to send photos.",
      "لتغيير موعد التوصيل، راسلنا قبله بيومين على الأقل. وللإبلاغ عن ضرر، صِفه لنا وسنرد عليك بالعنوان الذي ترسل إليه الصور.",
      "כדי להזיז מועד משלוח, כתבו לנו לפחות יומיים לפניו. כדי לדווח על נזק, תארו אותו ונשיב לכם לאן לשלוח תמונות.",
    ],
    findTip: null,
    faq: [
      section(
        ["When will my furniture arrive?", "متى يصل أثاثي؟", "מתי הרהיטים יגיעו?"],
        [
          "For pieces in stock, you book a four-hour delivery window at checkout, from the next day up to a week ahead. If a page gives a longer lead time, for a piece made in the fabric or finish you chose, we call you to agree the day when it is ready.",
          "للقطع المتوفرة في المخزون، تحجز فترة توصيل مدتها أربع ساعات عند إتمام الطلب، من اليوم التالي وحتى أسبوع مقدمًا. وإن ذكرت صفحة القطعة مدة تجهيز أطول، كقطعة تُصنع بالقماش أو التشطيب الذي اخترته، فسنتصل بك لنتفق على يوم التوصيل عندما تصبح جاهزة.",
          "לרהיטים שבמלאי מזמינים בקופה חלון משלוח של ארבע שעות, החל ממחרת ועד שבוע מראש. אם בעמוד הרהיט מצוין זמן אספקה ארוך יותר, למשל לרהיט שמיוצר בבד או בגימור שבחרתם, נתקשר אליכם כשהוא מוכן כדי לתאם יום.",
        ],
        [
          "Small items such as lamps, cushions and decor go by parcel post in 3 to 6 days, or in 1 to 2 days by express.",
          "وتُرسل القطع الصغيرة، كالمصابيح والوسائد وقطع الديكور، بالبريد خلال 3 إلى 6 أيام، أو خلال يوم إلى يومين بالبريد السريع.",
          "פריטים קטנים, כמו מנורות, כריות ואביזרי עיצוב, נשלחים בדואר חבילות תוך 3 עד 6 ימים, או תוך יום או יומיים במשלוח מהיר.",
        ],
      ),
      section(
        [
          "Do you bring it inside and assemble it?",
          "هل تُدخلون الأثاث إلى البيت وتركّبونه؟",
          "אתם מכניסים את הרהיטים הביתה ומרכיבים אותם?",
        ],
        FURNITURE_REACH,
        [
          "Pieces marked Assembly required come with tools and clear instructions. Ask for assembly in the order notes and our team will assemble larger pieces when they deliver them, at no extra cost.",
          "تأتي القطع الموسومة بـ«يتطلب التركيب» مع الأدوات وتعليمات واضحة. اطلب التركيب في ملاحظات الطلب وسيركّب فريقنا القطع الكبيرة عند توصيلها دون أي تكلفة إضافية.",
          "רהיטים שמסומנים „נדרשת הרכבה” מגיעים עם כלים והוראות ברורות. בקשו הרכבה בהערות להזמנה, והצוות שלנו ירכיב את הרהיטים הגדולים בזמן המסירה, ללא תוספת תשלום.",
        ],
      ),
      section(
        ["How much does delivery cost?", "كم تكلفة التوصيل؟", "כמה עולה משלוח?"],
        [
          "It depends on where you live: delivery in Copenhagen costs less than elsewhere in Denmark, and it is free on larger orders. Checkout shows the exact fee before you pay.",
          "يعتمد ذلك على مكان سكنك: التوصيل في كوبنهاغن أقل تكلفة منه في بقية أنحاء الدنمارك، وهو مجاني للطلبات الكبيرة. وتعرض صفحة إتمام الطلب الرسوم الدقيقة قبل الدفع.",
          "זה תלוי במקום המגורים: משלוח בקופנהגן זול יותר מאשר בשאר דנמרק, ובהזמנות גדולות הוא בחינם. הסכום המדויק מוצג בקופה לפני התשלום.",
        ],
      ),
      section(
        ["Do your prices include VAT?", "هل تشمل أسعاركم ضريبة القيمة المضافة؟", "המחירים כוללים מע״מ?"],
        [
          "Yes: every price you see includes VAT, and your order summary shows how much of the total is VAT.",
          "نعم، كل الأسعار المعروضة تشمل ضريبة القيمة المضافة، ويبيّن ملخص طلبك قيمة الضريبة من المجموع.",
          "כן: כל המחירים באתר כוללים מע״מ, ובסיכום ההזמנה מופיע כמה מהסכום הוא מע״מ.",
        ],
      ),
    ],
    liability: [
      "Assemble pieces following their instructions, and fix tall storage to the wall with the fittings supplied.",
      "ركّب القطع وفق تعليماتها، وثبّت وحدات التخزين العالية في الجدار بالملحقات المرفقة.",
      "יש להרכיב את הרהיטים לפי ההוראות, ולחבר יחידות אחסון גבוהות לקיר בעזרת האביזרים המצורפים.",
    ],
    returns: {
      summary: [
        "Changed your mind? Most pieces can be returned within 14 days of delivery, and our team collects them.",
        "غيّرت رأيك؟ يمكن إرجاع معظم القطع خلال 14 يومًا من التوصيل، ويأتي فريقنا لاستلامها.",
        "התחרטתם? את רוב הרהיטים אפשר להחזיר תוך 14 יום מהמסירה, והצוות שלנו יבוא לאסוף אותם.",
      ],
      sections: [
        section(
          ["14 days to change your mind", "14 يومًا لتغيير رأيك", "14 יום להתחרט"],
          [
            "Return a piece within 14 days of delivery, unused and in the condition you received it, in its original packaging if you still have it. Ask for it on the order, as described below, and we arrange the collection.",
            "أعد القطعة خلال 14 يومًا من التوصيل، غير مستعملة وبالحالة التي استلمتها بها، وفي تغليفها الأصلي إن كان لا يزال لديك. واطلب ذلك من صفحة الطلب كما هو موضّح أدناه، وسننسّق الاستلام.",
            "אפשר להחזיר רהיט תוך 14 יום מהמסירה, כשלא נעשה בו שימוש והוא במצב שבו קיבלתם אותו, באריזה המקורית אם היא עדיין אצלכם. בקשו זאת מעמוד ההזמנה, כמתואר בהמשך, ונתאם את האיסוף.",
          ],
          [
            "Would you rather have another colour or size? We can swap it in one visit: we bring the new piece and take the old one away.",
            "تفضّل لونًا أو مقاسًا آخر؟ يمكننا الاستبدال في زيارة واحدة: نحضر القطعة الجديدة ونأخذ القديمة.",
            "מעדיפים צבע או מידה אחרים? אפשר להחליף בביקור אחד: נביא את הרהיט החדש וניקח את הישן.",
          ],
        ),
        section(
          ["Collection", "الاستلام من بيتك", "איסוף מהבית"],
          [
            "Our team collects larger pieces from your home for a collection fee, which we tell you before booking and deduct from the refund. Small items can be sent back by parcel post at your cost.",
            "يستلم فريقنا القطع الكبيرة من بيتك مقابل رسوم استلام نخبرك بها قبل الحجز ونخصمها من المبلغ المسترد. ويمكن إعادة القطع الصغيرة بالبريد على نفقتك.",
            "הצוות שלנו אוסף רהיטים גדולים מהבית תמורת דמי איסוף, שנמסור לכם לפני התיאום ונקזז מההחזר. פריטים קטנים אפשר להחזיר בדואר חבילות על חשבונכם.",
          ],
        ),
        section(
          ["Made to order", "القطع المصنوعة حسب الطلب", "רהיטים בהזמנה אישית"],
          [
            "Pieces made to order for you, in a fabric, finish or size chosen for you, cannot be returned unless they are faulty; the piece's page says so before you buy. A mattress sold with a 100-night trial follows the terms on its page.",
            "لا يمكن إرجاع القطع المصنوعة حسب طلبك، بقماش أو تشطيب أو مقاس اخترته، إلا إذا كانت معيبة، وتذكر صفحة القطعة ذلك قبل الشراء. أما المراتب المبيعة مع تجربة 100 ليلة فتخضع للشروط المذكورة في صفحتها.",
            "רהיטים שמיוצרים בהזמנה אישית, בבד, בגימור או במידה שבחרתם, אי אפשר להחזיר אלא אם הם פגומים; הדבר מצוין בעמוד הרהיט לפני הקנייה. מזרן שנמכר עם ניסיון של 100 לילות כפוף לתנאים שבעמוד שלו.",
          ],
        ),
        section(
          ["Damaged or faulty pieces", "القطع التالفة أو المعيبة", "רהיטים פגומים"],
          [
            "Check each piece when it is delivered and tell our team about any damage. Report damage you find later, or a fault, within 7 days: we repair, replace or refund the piece and collect it free of charge.",
            "افحص كل قطعة عند توصيلها وأخبر فريقنا بأي ضرر. وأبلغنا خلال 7 أيام بأي ضرر تكتشفه لاحقًا أو بأي عيب: سنصلح القطعة أو نستبدلها أو نعيد لك ثمنها، ونستلمها مجانًا.",
            "בדקו כל רהיט בזמן המסירה וספרו לצוות על כל נזק. נזק שגיליתם מאוחר יותר, או פגם, יש לדווח תוך 7 ימים: נתקן, נחליף או נזכה אתכם, ונאסוף את הרהיט ללא תשלום.",
          ],
        ),
      ],
    },
    trade: {
      summary: [
        "A trade programme for interior designers, architects and hospitality projects.",
        "برنامج للعملاء التجاريين من مصممي الديكور الداخلي والمهندسين المعماريين ومشاريع الضيافة.",
        "תוכנית לעסקים למעצבי פנים, לאדריכלים ולפרויקטים של אירוח.",
      ],
      who: [
        "Interior designers and architects, and anyone furnishing hotels, restaurants, offices or homes to let.",
        "مصممو الديكور الداخلي والمهندسون المعماريون، وكل من يؤثث فنادق أو مطاعم أو مكاتب أو بيوتًا للإيجار.",
        "מעצבי פנים ואדריכלים, וכל מי שמרהט בתי מלון, מסעדות, משרדים או דירות להשכרה.",
      ],
      offer: [
        [
          "A trade discount on the whole range, fabric and finish samples for your clients, and help planning quantities and deliveries for a project.",
          "خصم تجاري على كامل التشكيلة، وعيّنات من الأقمشة والتشطيبات لعملائك، ومساعدة في تخطيط الكميات ومواعيد التوصيل لكل مشروع.",
          "הנחה לעסקים על כל המבחר, דוגמאות בדים וגימורים ללקוחות שלכם, ועזרה בתכנון כמויות ומשלוחים לפרויקט.",
        ],
        [
          "Pieces delivered to site on the day that suits the project, and assembled by our team.",
          "وتوصيل القطع إلى الموقع في اليوم الذي يناسب المشروع، مع تركيبها على يد فريقنا.",
          "ורהיטים שמגיעים לאתר ביום שמתאים לפרויקט, ומורכבים בידי הצוות שלנו.",
        ],
      ],
    },
  },
};

// The pages, each built from the shop's kind.

function aboutPage(kind: ShopKind): Page {
  const { about } = kind;
  return {
    title: ["About us", "من نحن", "עלינו"],
    summary: about.summary,
    sections: [
      section(["Who we are", "نبذة عنا", "מי אנחנו"], about.who),
      section(["What we sell", "ماذا نبيع", "מה אנחנו מוכרים"], ...about.what),
      section(["How your order reaches you", "كيف يصلك طلبك", "איך ההזמנה מגיעה אליכם"], kind.reach),
      section(["Our promise", "وعدنا لك", "ההבטחה שלנו"], about.promise),
    ],
  };
}

function channels({ domain, phone }: ShopKind): Texts {
  const email = `hello@${domain}`;
  if (phone === null)
    return [
      `You can also email us at ${email}.`,
      `يمكنك أيضًا مراسلتنا على ${email}.`,
      `אפשר גם לכתוב לנו לכתובת ${email}.`,
    ];
  return [
    `You can also email us at ${email} or call ${phone}.`,
    `يمكنك أيضًا مراسلتنا على ${email} أو الاتصال بنا على الرقم ${phone}.`,
    `אפשר גם לכתוב לנו לכתובת ${email} או להתקשר למספר ${phone}.`,
  ];
}

function exampleChannels({ phone }: ShopKind): Texts {
  if (phone === null)
    return [
      "This is a demo shop: the address above is an example and reaches no one.",
      "هذا متجر تجريبي: العنوان أعلاه مجرد مثال ولا يصل إلى أحد.",
      "זוהי חנות הדגמה: הכתובת שלמעלה היא דוגמה בלבד ואינה מגיעה לאף אחד.",
    ];
  return [
    "This is a demo shop: the address and the number above are examples and reach no one.",
    "هذا متجر تجريبي: العنوان والرقم أعلاه مجرد مثالين ولا يصلان إلى أحد.",
    "זוהי חנות הדגמה: הכתובת והמספר שלמעלה הם דוגמאות בלבד ואינם מגיעים לאף אחד.",
  ];
}

function contactPage(kind: ShopKind): Page {
  return {
    title: ["Contact us", "اتصل بنا", "צרו קשר"],
    summary: [
      "Send us a message with the form on this page: we answer within one working day.",
      "أرسل إلينا رسالة عبر النموذج في هذه الصفحة، وسنرد عليك خلال يوم عمل واحد.",
      "אפשר לשלוח לנו הודעה בטופס שבעמוד הזה: אנחנו עונים תוך יום עבודה אחד.",
    ],
    sections: [
      section(
        ["About an order", "بخصوص طلب", "בנוגע להזמנה"],
        [
          "Have your order number ready: it is in your order confirmation and on the order under My orders. Put it in the subject or the message and we can find your order straight away.",
          "جهّز رقم طلبك: تجده في رسالة تأكيد الطلب وفي صفحة الطلب ضمن «طلباتي». اكتبه في الموضوع أو في الرسالة لنجد طلبك فورًا.",
          "הכינו את מספר ההזמנה: הוא מופיע באישור ההזמנה ובעמוד ההזמנה תחת „ההזמנות שלי”. כתבו אותו בנושא או בגוף ההודעה, וכך נמצא את ההזמנה מיד.",
        ],
        kind.orderQuestion,
      ),
      section(
        ["Other ways to reach us", "طرق أخرى للتواصل", "דרכים נוספות ליצור קשר"],
        channels(kind),
        kind.hours,
        exampleChannels(kind),
      ),
      section(
        ["Before you write", "قبل أن تكتب إلينا", "לפני שכותבים"],
        [
          "Many answers are already on our FAQ and Help pages: delivery times, payment, cancelling an order and refunds.",
          "تجد إجابات كثيرة في صفحتي الأسئلة الشائعة والمساعدة: مواعيد التوصيل، والدفع، وإلغاء الطلب، والاسترداد.",
          "תשובות רבות כבר נמצאות בעמודי השאלות הנפוצות והעזרה: זמני משלוח, תשלום, ביטול הזמנה והחזרים.",
        ],
      ),
      ...(kind.trade
        ? [
            section(
              ["Business customers", "العملاء التجاريون", "לקוחות עסקיים"],
              [
                "Buying for a business? Our page for trade customers explains trade accounts; apply through this form with your business details.",
                "تشتري لصالح شركة؟ تشرح صفحة العملاء التجاريين الحسابات التجارية؛ قدّم طلبك عبر هذا النموذج مع بيانات شركتك.",
                "קונים עבור עסק? בעמוד ללקוחות עסקיים מוסבר על חשבונות עסקיים; אפשר להגיש בקשה דרך הטופס הזה עם פרטי העסק.",
              ],
            ),
          ]
        : []),
    ],
  };
}

function accountAnswer(kind: ShopKind): Texts {
  if (kind.guestCheckout)
    return [
      "No. Choose Continue as a guest at checkout and we send you a link to follow your order. With an account you see all your orders in one place, keep a wishlist, save addresses and cards, and can use wallet credit.",
      "لا. اختر «المتابعة كضيف» عند إتمام الطلب وسنرسل إليك رابطًا لمتابعة طلبك. ومع الحساب ترى كل طلباتك في مكان واحد، وتحتفظ بقائمة أمنيات، وتحفظ عناوينك وبطاقاتك، وتستخدم رصيد المحفظة.",
      "לא. בקופה בחרו „המשך כאורח” ונשלח לכם קישור למעקב אחרי ההזמנה. עם חשבון רואים את כל ההזמנות במקום אחד, שומרים רשימת משאלות, כתובות וכרטיסים, ואפשר להשתמש בזיכוי מהארנק.",
    ];
  return [
    "Yes. As we arrange every delivery with you, ordering needs an account; creating one takes a minute. It keeps your orders, addresses and wishlist in one place.",
    "نعم. لأننا ننسّق كل توصيل معك، يحتاج الطلب إلى حساب، وإنشاؤه يستغرق دقيقة. ويحفظ الحساب طلباتك وعناوينك وقائمة أمنياتك في مكان واحد.",
    "כן. מכיוון שאנחנו מתאמים איתכם כל משלוח, הזמנה מחייבת חשבון, ופתיחתו לוקחת דקה. בחשבון נשמרים ההזמנות, הכתובות ורשימת המשאלות במקום אחד.",
  ];
}

/** The questions of the shop's kind first, then those every shop is asked. */
function faqPage(kind: ShopKind): Page {
  return {
    title: ["Frequently asked questions", "الأسئلة الشائعة", "שאלות נפוצות"],
    summary: [
      "Quick answers to what our customers ask most. Cannot find yours? Write to us from the contact page.",
      "إجابات سريعة عن أكثر ما يسأله عملاؤنا. لم تجد سؤالك؟ راسلنا من صفحة الاتصال.",
      "תשובות מהירות לשאלות שהלקוחות שלנו שואלים הכי הרבה. לא מצאתם את השאלה שלכם? כתבו לנו מעמוד יצירת הקשר.",
    ],
    sections: [
      ...kind.faq,
      section(
        ["How can I pay?", "كيف يمكنني الدفع؟", "איך אפשר לשלם?"],
        [
          "By card at checkout, or with wallet credit if you have some.",
          "بالبطاقة عند إتمام الطلب، أو برصيد المحفظة إن كان لديك رصيد.",
          "בכרטיס בקופה, או בזיכוי מהארנק אם יש לכם.",
        ],
        HOLD,
        kind.cash,
      ),
      section(
        ["Can I cancel my order?", "هل يمكنني إلغاء طلبي؟", "אפשר לבטל הזמנה?"],
        CANCEL_HOW,
        AFTER_DISPATCH,
      ),
      section(
        ["Do you have discount codes?", "هل لديكم رموز خصم؟", "יש לכם קודי הנחה?"],
        [
          "Enter a coupon code at checkout and choose Apply; the discount shows in the summary before you pay. Some codes are for a first order or for signed-in customers only, and checkout tells you when a code cannot be used.",
          "أدخل رمز القسيمة عند إتمام الطلب واختر «تطبيق»، وسيظهر الخصم في الملخص قبل الدفع. بعض الرموز مخصّصة للطلب الأول أو للعملاء المسجّلين فقط، وستخبرك صفحة إتمام الطلب إن تعذّر استخدام رمز ما.",
          "הזינו קוד קופון בקופה ובחרו „החלה”; ההנחה תופיע בסיכום לפני התשלום. חלק מהקודים מיועדים להזמנה ראשונה או ללקוחות רשומים בלבד, והקופה תציין אם אי אפשר להשתמש בקוד.",
        ],
        [
          "Subscribers to our newsletter hear about new codes first.",
          "ويعرف المشتركون في نشرتنا البريدية بالرموز الجديدة أولًا.",
          "מנויי הניוזלטר שלנו שומעים ראשונים על קודים חדשים.",
        ],
      ),
      section(
        ["Do I need an account to order?", "هل أحتاج إلى حساب لأطلب؟", "צריך חשבון כדי להזמין?"],
        accountAnswer(kind),
      ),
    ],
  };
}

const FIND: Texts = [
  "Type in the search box at the top of any page: suggestions appear as you type, and your recent searches are kept for next time. You can also browse the categories and narrow a list with filters and sorting.",
  "اكتب في مربع البحث أعلى أي صفحة: تظهر الاقتراحات أثناء الكتابة، وتُحفظ عمليات البحث الأخيرة للمرة القادمة. ويمكنك أيضًا تصفّح الفئات وتضييق القائمة بالفلاتر والترتيب.",
  "הקלידו בתיבת החיפוש בראש כל עמוד: הצעות מופיעות תוך כדי הקלדה, והחיפושים האחרונים נשמרים לפעם הבאה. אפשר גם לעיין בקטגוריות ולצמצם את הרשימה בעזרת סינון ומיון.",
];

const WISHLIST: Texts = [
  "Tap the heart on a product to add it to My wishlist, and tap it again to remove it. Your wishlist is kept with your account, so it is there on every device you sign in on.",
  "اضغط على القلب في أي منتج لإضافته إلى «قائمة أمنياتي»، واضغط عليه مجددًا لإزالته. تُحفظ قائمة الأمنيات في حسابك، فتجدها على كل جهاز تسجّل الدخول منه.",
  "לחצו על הלב במוצר כדי להוסיף אותו ל„רשימת המשאלות שלי”, ולחצו שוב כדי להסיר אותו. הרשימה נשמרת בחשבון, כך שהיא זמינה בכל מכשיר שבו אתם מחוברים.",
];

const cartAnswer = ([en, ar, he]: Texts): Texts => [
  `Add products from a list or from a product's page; some ask you to choose first, such as ${en}. In your cart you can change quantities or remove items at any time.`,
  `أضف المنتجات من القائمة أو من صفحة المنتج؛ وبعضها يطلب منك أن تختار أولًا، مثل ${ar}. ويمكنك في سلتك تغيير الكميات أو حذف المنتجات في أي وقت.`,
  `מוסיפים מוצרים מהרשימה או מעמוד המוצר; בחלקם צריך לבחור קודם, למשל ${he}. בסל אפשר לשנות כמויות או להסיר פריטים בכל עת.`,
];

const CART_KEPT: Texts = [
  "Your cart stays as it is when you sign in, and it is saved with your account, so you can finish on another device.",
  "تبقى سلتك كما هي عند تسجيل الدخول، وتُحفظ في حسابك، فيمكنك إكمال الطلب من جهاز آخر.",
  "הסל נשאר כפי שהוא כשאתם מתחברים, והוא נשמר בחשבון, כך שאפשר להשלים את ההזמנה ממכשיר אחר.",
];

const CHECKOUT_STEPS: Texts = [
  "Open your cart and choose Checkout. Choose how you would like to get your order, add your address and contact details, pick a time if asked, and add any notes for us.",
  "افتح سلتك واختر «إتمام الطلب». حدّد كيف تريد استلام طلبك، وأضف عنوانك وبيانات التواصل، واختر موعدًا إن طُلب منك ذلك، وأضف أي ملاحظات لنا.",
  "פתחו את הסל ובחרו „לתשלום”. בחרו איך תרצו לקבל את ההזמנה, הוסיפו כתובת ופרטי קשר, בחרו מועד אם תתבקשו, והוסיפו הערות אם יש לכם.",
];

function checkoutAccount(kind: ShopKind): Texts {
  if (kind.guestCheckout)
    return [
      "No account is needed: choose Continue as a guest, and we send updates about the order to the email or phone number you give us.",
      "لا حاجة إلى حساب: اختر «المتابعة كضيف»، وسنرسل تحديثات الطلب إلى البريد الإلكتروني أو رقم الهاتف الذي تزوّدنا به.",
      "לא צריך חשבון: בחרו „המשך כאורח”, ונשלח עדכונים על ההזמנה לאימייל או למספר הטלפון שתמסרו לנו.",
    ];
  return [
    "To order, sign in or create an account first; it takes a minute, and we send updates about the order to your email or phone.",
    "للطلب، سجّل الدخول أو أنشئ حسابًا أولًا، فالأمر يستغرق دقيقة، وسنرسل تحديثات الطلب إلى بريدك الإلكتروني أو هاتفك.",
    "כדי להזמין, התחברו או צרו חשבון קודם; זה לוקח דקה, ונשלח עדכונים על ההזמנה לאימייל או לטלפון שלכם.",
  ];
}

const CARD_FORM: Texts = [
  "Choose Card under Payment and enter your card details in the secure card form; your bank may ask you to confirm the payment. If you are signed in, you can save the card for next time.",
  "اختر «بطاقة» ضمن «الدفع» وأدخل بيانات بطاقتك في نموذج البطاقة الآمن، وقد يطلب منك مصرفك تأكيد الدفع. وإن كنت مسجّل الدخول، يمكنك حفظ البطاقة للمرة القادمة.",
  "בחרו „כרטיס” תחת „תשלום” והזינו את פרטי הכרטיס בטופס המאובטח; ייתכן שהבנק יבקש מכם לאשר את התשלום. אם אתם מחוברים, אפשר לשמור את הכרטיס לפעם הבאה.",
];

const FOLLOW: Texts = [
  "Open My orders: each order shows where it is, from Placed and Confirmed to Being prepared, then Shipped or Ready for pickup, and finally Delivered.",
  "افتح «طلباتي»: يعرض كل طلب مرحلته، من «تم الطلب» و«مؤكَّد» إلى «قيد التحضير»، ثم «تم الشحن» أو «جاهز للاستلام»، وأخيرًا «تم التوصيل».",
  "פתחו את „ההזמנות שלי”: בכל הזמנה מופיע השלב שבו היא נמצאת, מ„התקבלה” ו„אושרה” דרך „בהכנה”, ואז „נשלחה” או „מוכנה לאיסוף”, ועד „נמסרה”.",
];

const GUEST_LINK: Texts = [
  "Ordered as a guest? Use the link in your order confirmation: it opens your order for 90 days.",
  "طلبت كضيف؟ استخدم الرابط في رسالة تأكيد الطلب، فهو يفتح طلبك لمدة 90 يومًا.",
  "הזמנתם כאורחים? השתמשו בקישור שבאישור ההזמנה: הוא פותח את ההזמנה למשך 90 יום.",
];

const DOWNLOADS: Texts = [
  "Gift cards and other downloads are paid for at once and appear under Downloads in your account as soon as the payment goes through. Each download link works for 24 hours: open Downloads again for a fresh one.",
  "تُدفع بطاقات الهدايا والتنزيلات الأخرى فورًا، وتظهر في «التنزيلات» ضمن حسابك بمجرد إتمام الدفع. ويعمل كل رابط تنزيل لمدة 24 ساعة، فافتح «التنزيلات» مجددًا للحصول على رابط جديد.",
  "כרטיסי מתנה והורדות אחרות משולמים מיד, ומופיעים תחת „הורדות” בחשבון ברגע שהתשלום עובר. כל קישור הורדה פעיל 24 שעות: פתחו שוב את „הורדות” כדי לקבל קישור חדש.",
];

const LANGUAGE: Texts = [
  "Use the language menu at the top of the page to switch between English, Arabic and Hebrew. Arabic and Hebrew pages read from right to left, and the shop remembers your choice.",
  "استخدم قائمة اللغة أعلى الصفحة للتبديل بين الإنجليزية والعربية والعبرية. تُقرأ الصفحات العربية والعبرية من اليمين إلى اليسار، ويتذكّر المتجر اختيارك.",
  "השתמשו בתפריט השפה בראש העמוד כדי לעבור בין אנגלית, ערבית ועברית. עמודים בערבית ובעברית נקראים מימין לשמאל, והחנות זוכרת את הבחירה שלכם.",
];

function helpPage(kind: ShopKind): Page {
  return {
    title: ["Help", "المساعدة", "עזרה"],
    summary: [
      "How to use our shop, from finding a product to following your order.",
      "كيف تستخدم متجرنا، من البحث عن منتج إلى متابعة طلبك.",
      "איך משתמשים בחנות שלנו, ממציאת מוצר ועד מעקב אחרי ההזמנה.",
    ],
    sections: [
      section(
        ["How do I find what I am looking for?", "كيف أجد ما أبحث عنه؟", "איך מוצאים את מה שמחפשים?"],
        FIND,
        kind.findTip,
      ),
      section(
        ["How do I save a product for later?", "كيف أحفظ منتجًا لوقت لاحق؟", "איך שומרים מוצר להמשך?"],
        WISHLIST,
      ),
      section(
        ["How does the cart work?", "كيف تعمل سلة التسوق؟", "איך עובד סל הקניות?"],
        cartAnswer(kind.options),
        CART_KEPT,
      ),
      section(
        ["How do I place an order?", "كيف أُتمّ طلبي؟", "איך מבצעים הזמנה?"],
        CHECKOUT_STEPS,
        kind.reach,
        checkoutAccount(kind),
      ),
      section(
        ["How do I pay by card?", "كيف أدفع بالبطاقة؟", "איך משלמים בכרטיס?"],
        CARD_FORM,
        HOLD,
        kind.cash,
      ),
      section(
        [
          "How do I follow or cancel my order?",
          "كيف أتابع طلبي أو ألغيه؟",
          "איך עוקבים אחרי הזמנה או מבטלים אותה?",
        ],
        FOLLOW,
        kind.guestCheckout ? GUEST_LINK : null,
        CANCEL_HOW,
      ),
      section(
        ["How do I get a refund?", "كيف أسترد أموالي؟", "איך מקבלים החזר?"],
        REFUND_HOW,
        refundWhere(kind),
      ),
      ...(kind.digital
        ? [section(["Where are my downloads?", "أين أجد تنزيلاتي؟", "איפה ההורדות שלי?"], DOWNLOADS)]
        : []),
      section(["How do I change the language?", "كيف أغيّر اللغة؟", "איך מחליפים שפה?"], LANGUAGE),
    ],
  };
}

function privacyPage(kind: ShopKind): Page {
  const email = `privacy@${kind.domain}`;
  return {
    title: ["Privacy policy", "سياسة الخصوصية", "מדיניות פרטיות"],
    summary: [
      "How we at {shop} collect, use and protect your personal data. A demo text, not legal advice.",
      "كيف نجمع بياناتك الشخصية ونستخدمها ونحميها في {shop}. نص تجريبي، وليس استشارة قانونية.",
      "איך אנחנו בחנות {shop} אוספים את המידע האישי שלכם, משתמשים בו ומגינים עליו. טקסט הדגמה, לא ייעוץ משפטי.",
    ],
    sections: [
      section(
        ["What we keep", "البيانات التي نحتفظ بها", "איזה מידע אנחנו שומרים"],
        [
          "Your account: your name, email address, phone number, and your password, which we store only in a form that cannot be read back. Your addresses, your orders with their items, delivery details and notes, your wishlist and your saved cart.",
          "بيانات حسابك: اسمك وبريدك الإلكتروني ورقم هاتفك، وكلمة مرورك التي نحفظها بصيغة لا يمكن استرجاعها. وعناوينك، وطلباتك بمنتجاتها وتفاصيل توصيلها وملاحظاتها، وقائمة أمنياتك وسلتك المحفوظة.",
          "פרטי החשבון: שם, כתובת אימייל, מספר טלפון והסיסמה, שנשמרת רק בצורה שאי אפשר לשחזר ממנה את הסיסמה עצמה. הכתובות שלכם, ההזמנות עם הפריטים, פרטי המשלוח וההערות, רשימת המשאלות והסל השמור.",
        ],
        [
          "Messages you send us through the contact form, and your email address if you subscribe to our newsletter.",
          "الرسائل التي ترسلها إلينا عبر نموذج الاتصال، وبريدك الإلكتروني إن اشتركت في نشرتنا البريدية.",
          "הודעות שאתם שולחים לנו בטופס יצירת הקשר, וכתובת האימייל שלכם אם נרשמתם לניוזלטר.",
        ],
      ),
      section(
        ["Card payments", "الدفع بالبطاقة", "תשלום בכרטיס"],
        [
          "Card payments are handled by our card payment provider. Your card number goes straight to the provider: we never see it and never store it. We keep only the card's brand, its last four digits and the provider's reference for the payment.",
          "تتولى الجهة المزوّدة لخدمة الدفع لدينا مدفوعاتِ البطاقات. يصل رقم بطاقتك إليها مباشرة، فلا نراه ولا نحفظه أبدًا. ونحتفظ فقط بنوع البطاقة وآخر أربعة أرقام منها ومرجع الدفع لدى مزوّد الخدمة.",
          "תשלומים בכרטיס מטופלים אצל ספק הסליקה שלנו. מספר הכרטיס עובר ישירות אליו: אנחנו אף פעם לא רואים אותו ולא שומרים אותו. אנחנו שומרים רק את סוג הכרטיס, את ארבע הספרות האחרונות שלו ואת האסמכתה של הספק לתשלום.",
        ],
        [
          "If you save a card, the provider keeps it for you, and you can remove it from your account at any time.",
          "إن حفظت بطاقة، يحتفظ بها مزوّد الخدمة نيابةً عنك، ويمكنك حذفها من حسابك في أي وقت.",
          "אם שמרתם כרטיס, הספק שומר אותו עבורכם, ואפשר להסיר אותו מהחשבון בכל עת.",
        ],
      ),
      section(
        ["Why we use it", "لماذا نستخدم بياناتك", "למה אנחנו משתמשים במידע"],
        [
          "To take, prepare and deliver your orders, keep you informed about them, answer your messages, prevent fraud and keep the records the law requires. We send the newsletter only if you subscribe, and every issue has a link to unsubscribe.",
          "لاستلام طلباتك وتحضيرها وتوصيلها، وإطلاعك على حالتها، والرد على رسائلك، ومنع الاحتيال، والاحتفاظ بالسجلات التي يفرضها القانون. ولا نرسل النشرة البريدية إلا إن اشتركت فيها، وفي كل عدد رابط لإلغاء الاشتراك.",
          "כדי לקבל, להכין ולמסור את ההזמנות שלכם, לעדכן אתכם לגביהן, לענות להודעות, למנוע הונאות ולשמור את הרשומות שהחוק מחייב. את הניוזלטר אנחנו שולחים רק למי שנרשם, ובכל גיליון יש קישור להסרה.",
        ],
        [
          "We never sell your data. Whoever delivers your order, our own team or a parcel carrier, gets only what they need: your name, address and phone number.",
          "لا نبيع بياناتك أبدًا. ومن يوصل طلبك، سواء فريقنا أو شركة الشحن، لا يحصل إلا على ما يحتاجه: اسمك وعنوانك ورقم هاتفك.",
          "אנחנו אף פעם לא מוכרים את המידע שלכם. מי שמביא את ההזמנה, הצוות שלנו או חברת שילוח, מקבל רק את מה שהוא צריך: שם, כתובת ומספר טלפון.",
        ],
      ),
      section(
        ["How long we keep it", "مدة الاحتفاظ بالبيانات", "כמה זמן אנחנו שומרים את המידע"],
        [
          "Your account stays until you delete it. Order and payment records are kept for as long as accounting law requires, usually several years, even after an account is deleted.",
          "يبقى حسابك حتى تحذفه. ونحتفظ بسجلات الطلبات والمدفوعات المدة التي تفرضها قوانين المحاسبة، وهي عادةً عدة سنوات، حتى بعد حذف الحساب.",
          "החשבון נשמר עד שתמחקו אותו. רשומות של הזמנות ותשלומים נשמרות כל עוד חוקי הנהלת החשבונות מחייבים, בדרך כלל כמה שנים, גם אחרי מחיקת החשבון.",
        ],
        [
          "Messages from the contact form are deleted after two years.",
          "نحذف الرسائل الواردة عبر نموذج الاتصال بعد سنتين.",
          "הודעות מטופס יצירת הקשר נמחקות אחרי שנתיים.",
        ],
        kind.guestCheckout
          ? [
              "A guest's order link stops working 90 days after the order.",
              "ويتوقف رابط طلب الضيف عن العمل بعد 90 يومًا من الطلب.",
              "קישור להזמנה של אורח מפסיק לפעול 90 יום אחרי ההזמנה.",
            ]
          : null,
      ),
      section(
        ["Your rights", "حقوقك", "הזכויות שלכם"],
        [
          "You can see and correct your details under My profile at any time. You may also ask us for a copy of the data we hold about you, or for its deletion, and we answer within 30 days.",
          "يمكنك الاطلاع على بياناتك وتصحيحها من «ملفي الشخصي» في أي وقت. ويمكنك أيضًا أن تطلب منا نسخة من البيانات التي نحتفظ بها عنك أو حذفها، وسنرد خلال 30 يومًا.",
          "אפשר לראות ולתקן את הפרטים שלכם תחת „הפרופיל שלי” בכל עת. אפשר גם לבקש מאיתנו עותק של המידע שאנחנו שומרים עליכם, או את מחיקתו, ונענה תוך 30 יום.",
        ],
        [
          "When we delete an account, we remove the profile, addresses, saved cards and wishlist, and keep only the order records the law requires.",
          "عند حذف الحساب، نزيل الملف الشخصي والعناوين والبطاقات المحفوظة وقائمة الأمنيات، ولا نحتفظ إلا بسجلات الطلبات التي يفرضها القانون.",
          "כשאנחנו מוחקים חשבון, אנחנו מסירים את הפרופיל, הכתובות, הכרטיסים השמורים ורשימת המשאלות, ושומרים רק את רשומות ההזמנות שהחוק מחייב.",
        ],
      ),
      section(
        ["Cookies", "ملفات تعريف الارتباط", "עוגיות"],
        [
          "We use a sign-in cookie that keeps you signed in, and we remember your language, your cart and your recent searches on your device.",
          "نستخدم ملف تعريف ارتباط لتسجيل الدخول يُبقيك مسجّلًا، ونحفظ لغتك وسلتك وعمليات بحثك الأخيرة على جهازك.",
          "אנחנו משתמשים בעוגיית התחברות שמשאירה אתכם מחוברים, ושומרים במכשיר שלכם את השפה, את הסל ואת החיפושים האחרונים.",
        ],
        [
          "We use no advertising cookies and no trackers that follow you to other sites.",
          "لا نستخدم ملفات تعريف ارتباط إعلانية ولا أدوات تتبّع تلاحقك إلى مواقع أخرى.",
          "איננו משתמשים בעוגיות פרסום או בכלי מעקב שעוקבים אחריכם באתרים אחרים.",
        ],
      ),
      section(
        ["Questions about privacy", "أسئلة حول الخصوصية", "שאלות על פרטיות"],
        [
          `Write to ${email}, or use our contact page.`,
          `راسلنا على ${email}، أو استخدم صفحة الاتصال.`,
          `כתבו לנו לכתובת ${email}, או השתמשו בעמוד יצירת הקשר.`,
        ],
        DEMO_NOTE,
      ),
    ],
  };
}

function termsPage(kind: ShopKind): Page {
  return {
    title: ["Terms and conditions", "الشروط والأحكام", "תקנון"],
    summary: [
      "The terms that apply when you shop at {shop}. A demo text, not a legal document.",
      "الشروط التي تسري عند تسوّقك في {shop}. نص تجريبي، وليس وثيقة قانونية.",
      "התנאים שחלים על קנייה בחנות {shop}. טקסט הדגמה, לא מסמך משפטי.",
    ],
    sections: [
      section(
        ["Orders and prices", "الطلبات والأسعار", "הזמנות ומחירים"],
        [
          "Placing an order is an offer to buy; the contract is made when we confirm it. We may decline an order, for example if an item has sold out or a price was shown in error, and we then release anything held on your card.",
          "تقديم الطلب عرضٌ للشراء، ويُبرم العقد عندما نؤكّده. ويجوز لنا رفض طلب، كأن ينفد منتج أو يظهر سعر عن طريق الخطأ، وعندها نلغي حجز أي مبلغ على بطاقتك.",
          "ביצוע הזמנה הוא הצעה לקנות, וההסכם נכרת כשאנחנו מאשרים אותה. אנחנו רשאים לסרב להזמנה, למשל אם מוצר אזל או שמחיר הוצג בטעות, ואז משחררים כל סכום שנשמר בכרטיס.",
        ],
        kind.prices,
      ),
      section(["Payment", "الدفع", "תשלום"], HOLD, kind.cash, [
        "Coupons and wallet credit apply under the conditions shown at checkout and cannot be exchanged for cash.",
        "تُطبَّق القسائم ورصيد المحفظة وفق الشروط المعروضة عند إتمام الطلب، ولا يمكن استبدالها بالنقد.",
        "קופונים וזיכוי מהארנק חלים בתנאים שמוצגים בקופה, ואי אפשר להמיר אותם במזומן.",
      ]),
      section(["Delivery and pickup", "التوصيل والاستلام", "משלוח ואיסוף"], kind.reach, [
        "Delivery times are our best estimate. If we cannot keep to them, we tell you, and you may cancel the order at no cost. Once delivered or collected, the goods are yours to look after.",
        "مواعيد التوصيل تقديرٌ نبذل جهدنا للالتزام به. وإن تعذّر ذلك نخبرك، ويمكنك إلغاء الطلب دون أي تكلفة. وبعد التوصيل أو الاستلام تصبح البضاعة في عهدتك.",
        "זמני המשלוח הם ההערכה הטובה ביותר שלנו. אם לא נוכל לעמוד בהם, נודיע לכם, ותוכלו לבטל את ההזמנה ללא עלות. מרגע המסירה או האיסוף, הסחורה באחריותכם.",
      ]),
      section(["Cancellations", "الإلغاء", "ביטולים"], CANCEL_HOW, AFTER_DISPATCH),
      section(
        ["Returns and refunds", "الإرجاع والاسترداد", "החזרות והחזרים כספיים"],
        [
          "What you can return, and how, is set out in our returns and exchanges policy.",
          "تبيّن سياسة الإرجاع والاستبدال ما يمكنك إرجاعه وكيف.",
          "מה אפשר להחזיר, ואיך, מפורט במדיניות ההחזרות וההחלפות שלנו.",
        ],
        refundWhere(kind),
      ),
      section(
        ["Liability", "المسؤولية", "אחריות"],
        [
          "We are responsible for supplying the goods as described. We are not liable for losses that could not reasonably be foreseen, and nothing in these terms limits the rights that consumer law gives you.",
          "نحن مسؤولون عن تقديم البضاعة كما هي موصوفة. ولا نتحمل مسؤولية الخسائر التي لم يكن من الممكن توقّعها بشكل معقول، ولا شيء في هذه الشروط يقيّد الحقوق التي يمنحك إياها قانون حماية المستهلك.",
          "אנחנו אחראים לספק את הסחורה כפי שתוארה. איננו אחראים להפסדים שלא ניתן היה לצפות באופן סביר, ושום דבר בתקנון הזה אינו מגביל את הזכויות שחוקי הגנת הצרכן מעניקים לכם.",
        ],
        kind.liability,
      ),
      section(
        ["Changes to these terms", "تعديل هذه الشروط", "שינויים בתקנון"],
        [
          "We may update these terms; the date of the last change is shown on this page. An order is governed by the terms in force when it was placed.",
          "قد نحدّث هذه الشروط، ويظهر تاريخ آخر تعديل في هذه الصفحة. ويخضع كل طلب للشروط السارية وقت تقديمه.",
          "אנחנו עשויים לעדכן את התקנון, ותאריך השינוי האחרון מופיע בעמוד הזה. על כל הזמנה חלים התנאים שהיו בתוקף כשהיא בוצעה.",
        ],
        DEMO_NOTE,
      ),
    ],
  };
}

function returnsPage(kind: ShopKind): Page {
  return {
    title: ["Returns and exchanges", "الإرجاع والاستبدال", "החזרות והחלפות"],
    summary: kind.returns.summary,
    sections: [
      ...kind.returns.sections,
      ...(kind.digital
        ? [
            section(
              ["Downloads", "التنزيلات", "הורדות"],
              [
                "Digital products, such as gift cards and printable files, cannot be returned once they have been downloaded. If a file does not open or is not what its page described, write to us and we will put it right or refund it.",
                "لا يمكن إرجاع المنتجات الرقمية، كبطاقات الهدايا والملفات القابلة للطباعة، بعد تنزيلها. وإن لم يُفتح الملف أو لم يكن كما وُصف في صفحته، راسلنا وسنصلح الأمر أو نعيد لك ثمنه.",
                "אי אפשר להחזיר מוצרים דיגיטליים, כמו כרטיסי מתנה וקבצים להדפסה, אחרי שהורדו. אם קובץ לא נפתח או שאינו תואם לתיאור בעמוד שלו, כתבו לנו ונתקן או נחזיר את הכסף.",
              ],
            ),
          ]
        : []),
      section(["How to ask for a refund", "كيف تطلب استرداد المال", "איך מבקשים החזר"], REFUND_HOW),
      section(["How refunds are paid", "كيف يُردّ المال", "איך מתקבל ההחזר"], refundWhere(kind)),
    ],
  };
}

function resellerPage(trade: Trade): Page {
  return {
    title: ["Trade customers", "العملاء التجاريون", "לקוחות עסקיים"],
    summary: trade.summary,
    sections: [
      section(["Who it is for", "لمن هذا البرنامج", "למי זה מתאים"], trade.who),
      section(["What you get", "ما الذي تحصل عليه", "מה מקבלים"], ...trade.offer),
      section(
        ["How to apply", "كيف تنضم", "איך מצטרפים"],
        [
          "Write to us from our contact page with your business name, registration or tax number, address, and what you expect to order each month. We answer within one working day and set up your trade account.",
          "راسلنا من صفحة الاتصال مع اسم شركتك، ورقم السجل التجاري أو الرقم الضريبي، والعنوان، وما تتوقع طلبه كل شهر. نرد خلال يوم عمل واحد ونفتح لك حسابك التجاري.",
          "כתבו לנו מעמוד יצירת הקשר עם שם העסק, מספר הרישום או מספר העוסק, הכתובת ומה אתם צפויים להזמין בכל חודש. נענה תוך יום עבודה אחד ונפתח לכם חשבון עסקי.",
        ],
      ),
      section(
        ["Ordering on account", "الطلب عبر الحساب التجاري", "הזמנה בחשבון העסקי"],
        [
          "Once approved, you order online as usual while signed in to your trade account. We invoice your orders once a month, payable within 30 days.",
          "بعد الموافقة، تطلب عبر الموقع كالمعتاد وأنت مسجّل الدخول بحسابك التجاري. ونصدر فاتورة بطلباتك مرة كل شهر، تُسدَّد خلال 30 يومًا.",
          "אחרי האישור מזמינים באתר כרגיל, כשאתם מחוברים לחשבון העסקי. אנחנו מוציאים חשבונית על ההזמנות פעם בחודש, לתשלום תוך 30 יום.",
        ],
        [
          "Our terms and conditions and our returns policy apply to trade orders too, together with your trade agreement.",
          "تسري شروطنا وأحكامنا وسياسة الإرجاع على الطلبات التجارية أيضًا، إلى جانب اتفاقيتك التجارية.",
          "התקנון ומדיניות ההחזרות שלנו חלים גם על הזמנות עסקיות, לצד ההסכם העסקי שלכם.",
        ],
      ),
    ],
  };
}

/** How each page is made; null: this kind of shop does not publish it. */
const PAGES: Record<InfoPageSlug, (kind: ShopKind) => Page | null> = {
  aboutus: aboutPage,
  contact: contactPage,
  faq: faqPage,
  help: helpPage,
  privacy: privacyPage,
  terms: termsPage,
  returnexchange: returnsPage,
  reseller: (kind) => (kind.trade ? resellerPage(kind.trade) : null),
};

/** Where each language's text is in a `Texts` triple (the order of LOCALES). */
const AT = { en: 0, ar: 1, he: 2 } as const satisfies Record<Locale, number>;

function written(page: Page, locale: Locale, shopName: string): InfoPageText {
  const say = (text: Texts) => text[AT[locale]].split("{shop}").join(shopName);
  return {
    title: say(page.title),
    summary: say(page.summary),
    sections: page.sections.map(({ heading, paragraphs }) => ({
      heading: say(heading),
      paragraphs: paragraphs.map(say),
    })),
  };
}

/** The information pages a demo shop publishes, written for its kind of shop; `shopName` per language. */
export function demoInfoPages(vertical: Vertical, shopName: Record<Locale, string>): DemoInfoPage[] {
  const kind = SHOP_KINDS[vertical];
  return INFO_PAGES.flatMap((slug) => {
    const page = PAGES[slug](kind);
    if (!page) return [];
    const texts = {
      en: written(page, "en", shopName.en),
      ar: written(page, "ar", shopName.ar),
      he: written(page, "he", shopName.he),
    };
    return [{ slug, texts }];
  });
}
