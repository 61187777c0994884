import type { Database } from "../platform/db/database.ts";
import type { Logger } from "../platform/logger.ts";
import { deliverPending, type Transport } from "./outbox.ts";

/** SMTP through nodemailer; SMS go to the same mailbox until an SMS provider is configured. */
export async function smtpTransport(url: string, from: string): Promise<Transport> {
  const nodemailer = await import("nodemailer");
  const mailer = nodemailer.createTransport(url);
  return {
    async send({ to, subject, body, channel }) {
      if (channel === "sms") return;
      await mailer.sendMail({ from, to, subject, text: body });
    },
  };
}

/** Without SMTP, messages stay readable in the dev mailbox; delivering them only marks them sent. */
export const mailboxTransport: Transport = { async send() {} };

/** Polls the outbox every `intervalMs` until stopped. */
export function startDeliveryWorker(db: Database, transport: Transport, logger: Logger, intervalMs = 1000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      let sent: number;
      do sent = await deliverPending(db, transport);
      while (sent > 0 && !stopped);
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
