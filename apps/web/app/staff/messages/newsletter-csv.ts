import type { NewsletterSubscriber } from "@stoa/contract";
import { csvLine } from "@stoa/contract";

/** The export's columns, named for whatever mailing program imports the file. */
export const NEWSLETTER_CSV_HEADER = ["email", "language", "subscribed_at"] as const;

/** Lines written per chunk of the stream: enough to keep chunks few, small enough to start at once. */
const LINES_PER_CHUNK = 500;

/**
 * The subscribers as a CSV file, streamed: a header line, then one line per subscriber (address,
 * language, when they subscribed, in UTC ISO 8601), each field made safe by `csvField`.
 */
export function newsletterCsv(subscribers: readonly NewsletterSubscriber[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(NEWSLETTER_CSV_HEADER)));
    },
    pull(controller) {
      const end = Math.min(next + LINES_PER_CHUNK, subscribers.length);
      let chunk = "";
      for (; next < end; next += 1) {
        const subscriber = subscribers[next] as NewsletterSubscriber;
        chunk += csvLine([subscriber.email, subscriber.locale, subscriber.subscribedAt]);
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      if (next >= subscribers.length) controller.close();
    },
  });
}

/** The file's name: the shop's domain (letters, digits, dots and dashes only), the day, the part. */
export function newsletterCsvName(domain: string, day: string, part: number, parts: number): string {
  const shop = domain.replace(/[^a-z0-9.-]/gi, "").replace(/^\.+/, "") || "shop";
  return `newsletter-${shop}-${day}${parts > 1 ? `-part-${part}-of-${parts}` : ""}.csv`;
}
