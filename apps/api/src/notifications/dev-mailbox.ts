import { devMailbox } from "@stoa/contract";
import { Hono } from "hono";
import type { Database } from "../platform/db/database.ts";
import type { AppEnv } from "../platform/http/context.ts";
import { parseInput } from "../platform/http/input.ts";
import { mailbox } from "./outbox.ts";

/**
 * The dev mailbox: what the outbox holds for one address, newest first. It is not mounted in
 * production, where messages leave through SMTP.
 */
export function devMailboxRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const { to } = parseInput(devMailbox.query, c.req.query());
    return c.json({ code: "0", msg: "success", data: await mailbox(db, to) });
  });
  return app;
}
