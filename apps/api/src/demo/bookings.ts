import type { Localizations, WeeklyHours } from "@stoa/contract";
import { eq, inArray } from "drizzle-orm";
import {
  bookingResourceServices,
  bookingResources,
  bookingServices,
  bookingSettings,
} from "../bookings/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { stores } from "../stores/tables.ts";

/*
 * Bookable services and their resources in the demo shops (issue 35): tyre and part fitting on two
 * bays at the car-parts shop, design consultations with two designers at the furniture shop (one
 * with a deposit), tastings at the caterer. Hours are local minutes in each shop's own zone (its
 * delivery settings'). A shop that has booking services already is left as it is, so the seed
 * that runs on every start changes nothing staff changed.
 */

type ServiceSeed = {
  key: string;
  name: Localizations;
  description: Localizations;
  durationMinutes: number;
  bufferMinutes: number;
  price: number;
  deposit: number;
};
type ResourceSeed = { name: Localizations; hours: WeeklyHours; services: string[] };

const H = 60;
/** The same opening on each of these weekdays (0 = Sunday). */
const week = (days: number[], opens: number, closes: number): WeeklyHours =>
  days.map((weekday) => ({ weekday, opens, closes }));

const BOOKINGS: Record<
  string,
  {
    settings: { leadMinutes: number; cancelWindowMinutes: number };
    services: ServiceSeed[];
    resources: ResourceSeed[];
  }
> = {
  "carparts.localhost": {
    settings: { leadMinutes: 120, cancelWindowMinutes: 12 * H },
    services: [
      {
        key: "tyres",
        name: { en: "Tyre fitting", ar: "تركيب الإطارات", he: "התקנת צמיגים" },
        description: {
          en: "Four tyres fitted and balanced while you wait.",
          ar: "تركيب أربعة إطارات وموازنتها أثناء انتظارك.",
          he: "התקנה ואיזון של ארבעה צמיגים בזמן שאת/ה ממתין/ה.",
        },
        durationMinutes: 45,
        bufferMinutes: 15,
        price: 6000,
        deposit: 0,
      },
      {
        key: "parts",
        name: { en: "Part fitting", ar: "تركيب القطع", he: "התקנת חלקים" },
        description: {
          en: "Brakes, filters, lights or a battery you bought from us, fitted.",
          ar: "تركيب المكابح أو الفلاتر أو الأضواء أو البطارية التي اشتريتها منا.",
          he: "התקנת בלמים, מסננים, פנסים או מצבר שקנית אצלנו.",
        },
        durationMinutes: 60,
        bufferMinutes: 15,
        price: 8000,
        deposit: 0,
      },
    ],
    resources: [
      {
        name: { en: "Bay 1", ar: "الحجرة 1", he: "עמדה 1" },
        hours: week([1, 2, 3, 4, 5], 8 * H, 17 * H).concat(week([6], 9 * H, 13 * H)),
        services: ["tyres", "parts"],
      },
      {
        name: { en: "Bay 2", ar: "الحجرة 2", he: "עמדה 2" },
        hours: week([1, 2, 3, 4, 5, 6], 9 * H, 16 * H),
        services: ["tyres", "parts"],
      },
    ],
  },
  "furniture.localhost": {
    settings: { leadMinutes: 24 * H, cancelWindowMinutes: 24 * H },
    services: [
      {
        key: "consultation",
        name: { en: "Design consultation", ar: "استشارة تصميم", he: "ייעוץ עיצוב" },
        description: {
          en: "An hour with a designer to plan a room, at the showroom.",
          ar: "ساعة مع مصمّم لتخطيط غرفة، في صالة العرض.",
          he: "שעה עם מעצב/ת לתכנון חדר, באולם התצוגה.",
        },
        durationMinutes: 60,
        bufferMinutes: 15,
        price: 0,
        deposit: 0,
      },
      {
        key: "home-visit",
        name: { en: "Home design visit", ar: "زيارة تصميم منزلية", he: "ביקור עיצוב בבית" },
        description: {
          en: "A designer measures and plans at your home. The deposit is taken off your order.",
          ar: "يقيس المصمّم ويخطّط في منزلك. يُخصم العربون من طلبك.",
          he: "מעצב/ת מודד/ת ומתכנן/ת אצלך בבית. המקדמה מקוזזת מההזמנה.",
        },
        durationMinutes: 90,
        bufferMinutes: 30,
        price: 15000,
        deposit: 5000,
      },
    ],
    resources: [
      {
        name: { en: "Lea (designer)", ar: "ليا (مصمّمة)", he: "לאה (מעצבת)" },
        hours: week([1, 2, 3, 4], 10 * H, 18 * H),
        services: ["consultation", "home-visit"],
      },
      {
        name: { en: "Omar (designer)", ar: "عمر (مصمّم)", he: "עומר (מעצב)" },
        hours: week([3, 4, 5, 6], 9 * H, 17 * H),
        services: ["consultation", "home-visit"],
      },
    ],
  },
  "catering.localhost": {
    settings: { leadMinutes: 48 * H, cancelWindowMinutes: 48 * H },
    services: [
      {
        key: "tasting",
        name: { en: "Menu tasting", ar: "تذوّق القائمة", he: "טעימת תפריט" },
        description: {
          en: "Taste the dishes for your event with our chef.",
          ar: "تذوّق أطباق مناسبتك مع طاهينا.",
          he: "טעימה של מנות האירוע שלך עם השף שלנו.",
        },
        durationMinutes: 60,
        bufferMinutes: 30,
        price: 2500,
        deposit: 0,
      },
    ],
    resources: [
      {
        name: { en: "Tasting room", ar: "غرفة التذوّق", he: "חדר הטעימות" },
        hours: week([2, 3, 4], 11 * H, 16 * H).concat(week([6], 10 * H, 14 * H)),
        services: ["tasting"],
      },
    ],
  },
};

export async function seedBookings(db: Database): Promise<void> {
  const shops = await db
    .select({ id: stores.id, domain: stores.domain })
    .from(stores)
    .where(inArray(stores.domain, Object.keys(BOOKINGS)));
  for (const shop of shops) {
    const seed = BOOKINGS[shop.domain];
    if (!seed) continue;
    const [existing] = await db
      .select({ id: bookingServices.id })
      .from(bookingServices)
      .where(eq(bookingServices.storeId, shop.id))
      .limit(1);
    if (existing) continue;
    await db
      .insert(bookingSettings)
      .values({ storeId: shop.id, ...seed.settings })
      .onConflictDoNothing();
    const serviceIds = new Map<string, number>();
    for (const [i, service] of seed.services.entries()) {
      const [row] = await db
        .insert(bookingServices)
        .values({
          storeId: shop.id,
          nameLocalizations: service.name,
          descriptionLocalizations: service.description,
          durationMinutes: service.durationMinutes,
          bufferMinutes: service.bufferMinutes,
          price: service.price,
          deposit: service.deposit,
          sort: i,
        })
        .returning({ id: bookingServices.id });
      if (row) serviceIds.set(service.key, row.id);
    }
    for (const [i, resource] of seed.resources.entries()) {
      const [row] = await db
        .insert(bookingResources)
        .values({ storeId: shop.id, nameLocalizations: resource.name, hours: resource.hours, sort: i })
        .returning({ id: bookingResources.id });
      if (!row) continue;
      await db.insert(bookingResourceServices).values(
        resource.services.map((key) => ({
          storeId: shop.id,
          resourceId: row.id,
          serviceId: serviceIds.get(key) ?? 0,
        })),
      );
    }
  }
}
