import { emailSchema } from "@stoa/contract";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../db/database.ts";
import type { AppEnv } from "../http/context.ts";
import { parseInput } from "../http/errors.ts";
import { mailbox } from "./outbox.ts";

const mailboxQuery = z.object({ to: z.union([emailSchema, z.string().regex(/^\+\d{5,20}$/)]) });

/**
 * The dev mailbox: what the outbox holds for one address, newest first. It is not mounted in
 * production, where messages leave through SMTP.
 */
export function devMailboxRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const { to } = parseInput(mailboxQuery, c.req.query());
    return c.json({ code: "0", msg: "success", data: await mailbox(db, to) });
  });
  return app;
}
