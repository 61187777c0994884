import type { Database } from "../platform/db/database.ts";
import type { Logger } from "../platform/logger.ts";
import { deliverPending, type Transport } from "./outbox.ts";

/** SMTP through nodemailer; SMS go to the same mailbox until an SMS provider is configured. */
export async function smtpTransport(url: string, from: string): Promise<Transport> {
  const nodemailer = await import("nodemailer");
  const mailer = nodemailer.createTransport(url);
  return {
    async send({ to, subject, body, channel, replyTo }) {
      if (channel === "sms") return;
      // Plain text only: what shoppers wrote (a contact message) is never read as markup.
      await mailer.sendMail({ from, to, subject, text: body, ...(replyTo ? { replyTo } : {}) });
    },
  };
}

/** Without SMTP, messages stay readable in the dev mailbox; delivering them only marks them sent. */
export const mailboxTransport: Transport = { async send() {} };

/** How long a message may be between its insert and its commit and still be found past the mark. */
export const COMMIT_LAG_MS = 10_000;

/** How often the worker looks through the whole outbox anyway; a failed message is retried then. */
export const FULL_SCAN_MS = 60_000;

/**
 * Where the worker's next look for pending messages starts. Looking from the start of the pending
 * index walks an entry for every message sent since the outbox was last vacuumed, tens of thousands
 * on a busy day, several milliseconds of the database's time for each look even when nothing is
 * pending. So the worker starts past the messages it has seen sent, but late: a message is numbered
 * when its transaction writes it and becomes visible when that commits, so a lower number can show
 * up after a higher one. A mark moves the start only once `COMMIT_LAG_MS` have passed since it was
 * made, and every `FULL_SCAN_MS` the worker looks from the start: a message whose transaction took
 * longer than the lag, or whose send failed and waits for another try, is sent then.
 */
export class ScanStart {
  private readonly marks: { at: number; lastId: number }[] = [];
  private fullScanAt = Number.NEGATIVE_INFINITY;
  private after = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The id after which the next look starts: 0 for a look through the whole outbox. */
  next(): number {
    const now = this.now();
    if (now - this.fullScanAt >= FULL_SCAN_MS) {
      this.fullScanAt = now;
      return 0;
    }
    for (let mark = this.marks[0]; mark && now - mark.at >= COMMIT_LAG_MS; mark = this.marks[0]) {
      this.after = Math.max(this.after, mark.lastId);
      this.marks.shift();
    }
    return this.after;
  }

  /** A look claimed messages up to `lastId`. */
  saw(lastId: number): void {
    this.marks.push({ at: this.now(), lastId });
  }
}

/** Polls the outbox every `intervalMs` until stopped. */
export function startDeliveryWorker(db: Database, transport: Transport, logger: Logger, intervalMs = 1000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const start = new ScanStart();
  const tick = async () => {
    try {
      // Batches are claimed lowest id first, so each one starts past the last: what it skips below
      // that is locked by another worker or not committed yet, and the next ticks look again.
      let delivered = await deliverPending(db, transport, { after: start.next() });
      while (delivered.claimed > 0 && !stopped) {
        start.saw(delivered.lastId);
        delivered = await deliverPending(db, transport, { after: delivered.lastId });
      }
    } catch (error) {
      logger.error({ err: error }, "outbox delivery failed");
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
