import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { onePagePdf, type PdfPage as Page } from "../platform/files/pdf.ts";

/*
 * The files the demo stores' digital products download: small one-page PDFs written by hand (no
 * library is needed for a page of text), the same bytes every time, so a paid download can be
 * opened and checked.
 */

/** A gift card's file stands for the product only: a paid card downloads its own, with its code (gift-cards/pdf.ts). */
const giftCard = (shop: string, amount: string, where: string): Page => ({
  title: `${shop} Gift Card`,
  subtitle: `A gift of ${amount} to spend ${where}.`,
  lines: ["Each card bought downloads with its own code, to spend at checkout."],
});

/** Every demo download by file name; the catalogues name these files on their digital products. */
export const DEMO_DOWNLOADS: Readonly<Record<string, Page>> = {
  "green-basket-gift-card-25.pdf": giftCard("Green Basket Market", "$25.00", "in our market"),
  "green-basket-seasonal-recipes.pdf": {
    title: "Seasonal Recipe Booklet",
    subtitle: "Green Basket Market - twelve weeknight recipes",
    lines: [
      "1. Roasted carrots with honey and thyme",
      "2. Tomato and basil pasta in twenty minutes",
      "3. Apple and celery slaw",
      "4. Baked salmon with lemon and dill",
      "5. Leafy greens with toasted seeds",
      "6. Strawberry yoghurt breakfast pots",
      "7. Chickpea and spinach stew",
      "8. Sourdough panzanella",
      "9. Orange and olive salad",
      "10. Grilled vegetables with feta",
      "11. Banana oat pancakes",
      "12. Grape and cheese board for two",
    ],
  },
  "ember-olive-gift-card-40.pdf": giftCard("Ember & Olive", "$40.00", "on our menu, dine-in or takeaway"),
  "ember-olive-party-menu.pdf": {
    title: "Ember & Olive - Party Menu",
    subtitle: "Sharing platters for 6 to 30 guests, prices per guest",
    lines: [
      "Wood-fired pizza selection ............ $9.50",
      "Grill platter with skewers ............ $14.00",
      "Noodle and wok bar ..................... $11.00",
      "Soups and salads ....................... $7.50",
      "Dessert table with gelato .............. $6.00",
      "Soft drinks and coffee ................. $3.50",
      "",
      "Order two days ahead; we deliver or you pick up.",
    ],
  },
  "torque-brake-service-manual.pdf": {
    title: "Brake Service Workshop Manual",
    subtitle: "Torque Auto Parts - pads and discs, front and rear",
    lines: [
      "Safety: work on level ground, wheels chocked, car on axle stands.",
      "1. Loosen the wheel nuts, lift the car and remove the wheel.",
      "2. Remove the caliper guide bolts (typical torque 25-35 Nm).",
      "3. Hang the caliper; never let it hang on the brake hose.",
      "4. Remove the carrier (typical torque 80-110 Nm) and the disc.",
      "5. Clean the hub face; fit the new disc and carrier.",
      "6. Push the piston back; fit the new pads with their clips.",
      "7. Refit the caliper and tighten to the maker's torque.",
      "8. Pump the pedal until firm before moving the car.",
      "9. Bed in: ten gentle stops from 60 km/h.",
    ],
  },
  "torque-oil-change-guide.pdf": {
    title: "Oil Change Guide",
    subtitle: "Torque Auto Parts - choosing the oil and doing the change",
    lines: [
      "1. Find the grade in the handbook (for example 5W-30) and the capacity.",
      "2. Warm the engine for five minutes; the oil drains better warm.",
      "3. Drain from the sump plug into a tray; fit a new washer.",
      "4. Replace the oil filter; oil its seal and tighten by hand.",
      "5. Fill to the lower mark, run the engine, check for leaks.",
      "6. Top up to between the marks and reset the service light.",
      "Take the old oil to a recycling point.",
    ],
  },
  "nordhaven-gift-card-100.pdf": giftCard("Nordhaven Home", "EUR 100.00", "in our shop"),
};

/** The file of a demo download, or null for a name the demo does not have. */
export function demoDownload(fileName: string): Buffer | null {
  const page = Object.hasOwn(DEMO_DOWNLOADS, fileName) ? DEMO_DOWNLOADS[fileName] : undefined;
  return page ? onePagePdf(page) : null;
}

/** Writes every demo download into `folder` (created when missing); files already there are left alone. */
export async function writeDemoDownloads(folder: string): Promise<number> {
  await mkdir(folder, { recursive: true });
  let written = 0;
  for (const name of Object.keys(DEMO_DOWNLOADS)) {
    const path = join(folder, name);
    const exists = await stat(path).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    await writeFile(path, demoDownload(name) as Buffer);
    written += 1;
  }
  return written;
}
