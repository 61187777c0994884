import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

/*
 * The files the demo stores' digital products download: small one-page PDFs written by hand (no
 * library is needed for a page of text), the same bytes every time, so a paid download can be
 * opened and checked.
 */

type Page = { title: string; subtitle: string; lines: readonly string[] };

/** A PDF string literal: backslashes and parentheses escaped, anything outside printable ASCII dropped. */
function pdfText(text: string): string {
  return `(${text.replace(/[^\x20-\x7e]/g, "").replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
}

/** One A4 page: a bold title, a subtitle, then the lines, in the PDF standard fonts. */
export function onePagePdf({ title, subtitle, lines }: Page): Buffer {
  const content = [
    "BT /F2 22 Tf 56 770 Td",
    `${pdfText(title)} Tj`,
    "ET",
    "BT /F1 12 Tf 56 744 Td",
    `${pdfText(subtitle)} Tj`,
    "ET",
    "BT /F1 11 Tf 56 700 Td 17 TL",
    ...lines.map((line) => `${pdfText(line)} Tj T*`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const giftCard = (shop: string, amount: string, where: string): Page => ({
  title: `${shop} Gift Card`,
  subtitle: `A gift of ${amount} to spend ${where}.`,
  lines: [
    "Print it, or forward this file to the person it is for.",
    "",
    "This is a demonstration file of the Stoa demo shops: it shows what a",
    "paid download looks like, and cannot be spent.",
  ],
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
