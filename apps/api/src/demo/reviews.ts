import type { Locale } from "@stoa/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { products } from "../catalogue/tables.ts";
import { customers } from "../customers/tables.ts";
import type { Database } from "../platform/db/database.ts";
import {
  productQuestions,
  productRatings,
  productReviews,
  questionAnswers,
  reviewPhotos,
} from "../reviews/tables.ts";
import { staffMembers } from "../staff/tables.ts";
import { CATALOGUES } from "./catalogues/index.ts";
import { SEED_CLOCK } from "./rows.ts";
import { DEMO_STAFF } from "./staff.ts";

/*
 * Reviews and questions in the demo (issue 37): on some products of each demo store (every fourth
 * of its first products, not all), by a handful of demo customers who cannot sign in (no password),
 * in English, Arabic and Hebrew, a few with the product's own demo picture as their photo, some
 * with the shop's reply; answered questions; each product's rating row computed from its reviews.
 * A store that has reviews already is left as it is (staff may have moderated them).
 */

const REVIEWERS: { firstName: string; lastName: string; locale: Locale }[] = [
  { firstName: "Maya", lastName: "Cohen", locale: "en" },
  { firstName: "Omar", lastName: "Haddad", locale: "ar" },
  { firstName: "Noa", lastName: "Levi", locale: "he" },
  { firstName: "James", lastName: "Porter", locale: "en" },
  { firstName: "Layla", lastName: "Nasser", locale: "ar" },
];

const TEXTS: Record<Locale, { rating: number; title: string; text: string }[]> = {
  en: [
    {
      rating: 5,
      title: "Exactly as described",
      text: "Arrived well packed and a day early. Exactly what the photos show; I would buy it again.",
    },
    {
      rating: 4,
      title: "Good value",
      text: "Does the job well for the price. One star off because the box was a little dented.",
    },
    {
      rating: 3,
      title: "Fine, nothing special",
      text: "It is okay. Smaller than I expected, so check the size before ordering.",
    },
  ],
  ar: [
    { rating: 5, title: "ممتاز", text: "وصل بسرعة وبتغليف جيد، والجودة أفضل مما توقعت. أنصح به." },
    { rating: 4, title: "جيد جدًا", text: "منتج جيد مقابل السعر، لكن التوصيل تأخر يومًا واحدًا." },
  ],
  he: [
    { rating: 5, title: "מעולה", text: "הגיע מהר ובאריזה טובה. בדיוק כמו בתמונות, אזמין שוב." },
    { rating: 4, title: "טוב מאוד", text: "איכות טובה ביחס למחיר. הייתי שמח להוראות ברורות יותר." },
  ],
};

const QUESTIONS: Record<Locale, { question: string; answer: string }> = {
  en: {
    question: "Is this available for pickup the same day?",
    answer: "Yes: order before 2 pm and pick it up from 5 pm.",
  },
  ar: {
    question: "هل يمكن استلامه من المتجر في نفس اليوم؟",
    answer: "نعم، اطلبه قبل الساعة الثانية ظهرًا واستلمه من الخامسة مساءً.",
  },
  he: { question: "אפשר לאסוף את זה מהחנות באותו יום?", answer: "כן: מזמינים עד 14:00 ואוספים החל מ־17:00." },
};

const daysBefore = (days: number) => new Date(SEED_CLOCK.getTime() - days * 24 * 60 * 60 * 1000);

export async function seedReviews(db: Database): Promise<void> {
  for (const { store } of CATALOGUES) {
    const [already] = await db
      .select({ id: productReviews.id })
      .from(productReviews)
      .where(eq(productReviews.storeId, store.id))
      .limit(1);
    if (already) continue;
    const chosen = (
      await db
        .select({ id: products.id, images: products.images })
        .from(products)
        .where(and(eq(products.storeId, store.id), eq(products.isAvailable, true)))
        .orderBy(asc(products.id))
        .limit(24)
    ).filter((_, i) => i % 4 === 0);
    if (chosen.length === 0) continue;
    const reviewers = await db
      .insert(customers)
      .values(
        REVIEWERS.map((r, i) => ({
          storeId: store.id,
          kind: "customer" as const,
          email: `reviewer${i + 1}.store${store.id}@demo.stoa.test`,
          emailVerifiedAt: daysBefore(120),
          firstName: r.firstName,
          lastName: r.lastName,
          locale: r.locale,
        })),
      )
      .returning({ id: customers.id });
    const [staff] = await db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.storeId, store.id), eq(staffMembers.email, DEMO_STAFF.email)));
    for (const [p, product] of chosen.entries()) {
      // 2 to 5 reviews a product, in their writers' languages.
      const writers = REVIEWERS.slice(0, 2 + (p % 4));
      for (const [w, writer] of writers.entries()) {
        const pool = TEXTS[writer.locale];
        const text = pool[(p + w) % pool.length] ?? pool[0];
        const customer = reviewers[w];
        if (!text || !customer) continue;
        const at = daysBefore(3 + p * 5 + w * 2);
        const [row] = await db
          .insert(productReviews)
          .values({
            storeId: store.id,
            productId: product.id,
            customerId: customer.id,
            rating: text.rating,
            title: text.title,
            text: text.text,
            language: writer.locale,
            state: "published",
            replyText: w === 0 && p % 2 === 0 ? replyIn(writer.locale) : null,
            replyAt: w === 0 && p % 2 === 0 ? at : null,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: productReviews.id });
        const image = product.images[0];
        // A few reviews show a photo: the product's own demo picture, as a buyer's snapshot.
        if (row && image && w === 1 && p % 2 === 0)
          await db.insert(reviewPhotos).values({
            storeId: store.id,
            customerId: customer.id,
            reviewId: row.id,
            url: image.url,
            width: image.width ?? 800,
            height: image.height ?? 800,
            createdAt: at,
          });
      }
      if (p < 3 && staff) {
        const asker = REVIEWERS[(p + 2) % REVIEWERS.length];
        const customer = reviewers[(p + 2) % REVIEWERS.length];
        if (!asker || !customer) continue;
        const qa = QUESTIONS[asker.locale];
        const [question] = await db
          .insert(productQuestions)
          .values({
            storeId: store.id,
            productId: product.id,
            customerId: customer.id,
            text: qa.question,
            language: asker.locale,
            state: "answered",
            answeredAt: daysBefore(2 + p),
            createdAt: daysBefore(4 + p),
          })
          .returning({ id: productQuestions.id });
        if (question)
          await db.insert(questionAnswers).values({
            storeId: store.id,
            questionId: question.id,
            staffId: staff.id,
            text: qa.answer,
            createdAt: daysBefore(2 + p),
          });
      }
    }
    // Each product's figures from its published reviews: what the API keeps by deltas.
    await db.execute(sql`
      INSERT INTO ${productRatings} (store_id, product_id, count, sum, stars1, stars2, stars3, stars4, stars5)
      SELECT store_id, product_id, count(*), sum(rating),
        count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
        count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4),
        count(*) FILTER (WHERE rating = 5)
      FROM ${productReviews} WHERE store_id = ${store.id} AND state = 'published'
      GROUP BY store_id, product_id
      ON CONFLICT (store_id, product_id) DO NOTHING`);
  }
}

function replyIn(locale: Locale): string {
  return {
    en: "Thank you for taking the time to write this!",
    ar: "شكرًا لك على وقتك في كتابة هذه المراجعة!",
    he: "תודה שהקדשת זמן לכתוב את זה!",
  }[locale];
}
