import { randomBytes } from "node:crypto";
import type { Database } from "../platform/db/database.ts";
import { paymentDeployment } from "./tables.ts";

/*
 * One Stripe account may serve two Stoa deployments (a staging copy beside production, two shops'
 * installations sharing an account). Both number their stores and orders from 1, so the keys and
 * metadata Stoa sends would meet: `order-1:…` of one deployment replayed as the other's answer,
 * one's customer `stoa-customer-1-1` handed to the other. Every idempotency key and every search
 * Stoa sends to such a provider carries this deployment's own id.
 */

/** What a deployment id may be: short, and safe inside keys and metadata. */
export const DEPLOYMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

const known = new WeakMap<Database, Promise<string>>();

/**
 * This deployment's id: `STOA_DEPLOYMENT_ID` when the environment sets it, otherwise the one the
 * database keeps (`payment_deployment`), written with a random value by whichever process asks
 * first and read by every later one, so it never changes while the database lives. Asked once per
 * process.
 */
export function deploymentIdOf(db: Database, fromEnvironment?: string): Promise<string> {
  if (fromEnvironment) return Promise.resolve(fromEnvironment);
  let id = known.get(db);
  if (!id) {
    id = (async () => {
      await db
        .insert(paymentDeployment)
        .values({ deploymentId: `stoa-${randomBytes(6).toString("hex")}` })
        .onConflictDoNothing();
      const [row] = await db.select().from(paymentDeployment);
      if (!row) throw new Error("the deployment id was written and is not there");
      return row.deploymentId;
    })();
    id.catch(() => known.delete(db));
    known.set(db, id);
  }
  return id;
}

/** An idempotency key as a shared provider gets it: this deployment's own. */
export function deploymentKey(deploymentId: string, key: string): string {
  return `${deploymentId}:${key}`;
}
