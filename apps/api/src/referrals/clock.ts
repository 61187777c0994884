import { devClock } from "@stoa/contract";
import { Hono } from "hono";
import type { Database } from "../platform/db/database.ts";
import type { AppEnv } from "../platform/http/context.ts";
import { parseInput } from "../platform/http/input.ts";
import { sweepReferrals } from "./lifecycle.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The time the referral sweep judges return windows by. In production it is the wall clock; with
 * DEV_CLOCK a journey moves it forward (this process only) to see a window pass without waiting
 * two weeks. Only the referral sweep reads it: orders, sessions and payments keep real time.
 */
export type ReferralClock = { now(): Date; advance(days: number): void; offsetDays(): number };

export function referralClock(): ReferralClock {
  let offsetDays = 0;
  return {
    now: () => new Date(Date.now() + offsetDays * DAY_MS),
    advance: (days) => {
      offsetDays += days;
    },
    offsetDays: () => offsetDays,
  };
}

/**
 * `POST /dev/clock` {advanceDays}: moves the clock forward and sweeps at once, answering what
 * moved. Mounted only with DEV_CLOCK, which the configuration refuses in production and on an API
 * not listening on loopback.
 */
export function devClockRoutes(db: Database, clock: ReferralClock) {
  const app = new Hono<AppEnv>();
  app.post("/", async (c) => {
    const { advanceDays, storeId } = parseInput(devClock.body, await c.req.json().catch(() => ({})));
    clock.advance(advanceDays);
    const now = clock.now();
    const moved = await sweepReferrals(db, now, { storeId });
    return c.json({
      code: "0",
      msg: "success",
      data: { now: now.toISOString(), offsetDays: clock.offsetDays(), ...moved },
    });
  });
  return app;
}
