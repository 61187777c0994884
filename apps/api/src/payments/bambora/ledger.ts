import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/database.ts";
import { type AuthorizeResult, PaymentRequestError, type PaymentStepResult } from "../provider.ts";
import { type CardOperationKind, type CardOperationRow, cardProviderOperations } from "../tables.ts";

/*
 * Bambora takes no idempotency key, so Stoa keeps one for it: each step is claimed under its key
 * in `card_provider_operations` before Bambora is asked, and its answer written after. A repeated
 * key answers what was written; a key whose first attempt never got its answer written (a timeout,
 * the API killed half-way) answers provider_error and is never asked again, so money cannot move
 * twice under one key. A request that provably never left (a refused connection) gives its claim
 * back, and the same key may ask again.
 */

export type StoredAnswer = {
  result: AuthorizeResult | PaymentStepResult;
  /** Bambora's id of the transaction the step made (a completion is returned against this id). */
  transactionId?: string;
};

export type Asked = StoredAnswer | { unreachable: true; sent: boolean };

export type Claim = {
  storeId: number;
  kind: CardOperationKind;
  idempotencyKey: string;
  /** The request as asked; a key reused for another request is a caller's mistake. */
  request: unknown;
  amount: number;
  paymentRef: string | null;
};

const UNKNOWN = {
  result: { outcome: "declined", reason: "provider_error", paymentRef: null },
} satisfies StoredAnswer;

function fingerprintOf(kind: CardOperationKind, request: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([kind, request]))
    .digest("base64url");
}

const byKey = (storeId: number, key: string) =>
  and(
    eq(cardProviderOperations.storeId, storeId),
    eq(cardProviderOperations.provider, "bambora"),
    eq(cardProviderOperations.idempotencyKey, key),
  );

/** How long a claim may be on its way to Bambora: the client's timeout, and some room. */
const IN_FLIGHT_MS = 35_000;

/**
 * A claim with no answer yet is either on its way (another request of the same key, a double
 * submit) or was never answered (a timeout, a crash). A young one is waited for, so a repeat
 * answers what the first attempt gets; an old one is unknown for good.
 */
async function answerOfClaimInFlight(db: Database, claim: CardOperationRow): Promise<StoredAnswer> {
  const until = claim.createdAt.getTime() + IN_FLIGHT_MS;
  for (let pause = 20; Date.now() < until; pause = Math.min(pause * 2, 500)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    const [now] = await db
      .select({ answer: cardProviderOperations.answer })
      .from(cardProviderOperations)
      .where(and(eq(cardProviderOperations.storeId, claim.storeId), eq(cardProviderOperations.id, claim.id)));
    if (!now) return UNKNOWN;
    if (now.answer) return now.answer as StoredAnswer;
  }
  return UNKNOWN;
}

export async function askOnce(db: Database, claim: Claim, ask: () => Promise<Asked>): Promise<StoredAnswer> {
  const fingerprint = fingerprintOf(claim.kind, claim.request);
  const [claimed] = await db
    .insert(cardProviderOperations)
    .values({
      storeId: claim.storeId,
      provider: "bambora",
      idempotencyKey: claim.idempotencyKey,
      kind: claim.kind,
      fingerprint,
      paymentRef: claim.paymentRef,
      amount: claim.amount,
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) {
    const [earlier] = await db
      .select()
      .from(cardProviderOperations)
      .where(byKey(claim.storeId, claim.idempotencyKey));
    if (!earlier) throw new Error(`the Bambora step of idempotency key ${claim.idempotencyKey} vanished`);
    if (earlier.fingerprint !== fingerprint)
      throw new PaymentRequestError(
        `idempotency key ${claim.idempotencyKey} was used for another ${earlier.kind}`,
      );
    return (earlier.answer as StoredAnswer | null) ?? (await answerOfClaimInFlight(db, earlier));
  }
  const asked = await ask();
  if ("unreachable" in asked) {
    if (!asked.sent)
      await db
        .delete(cardProviderOperations)
        .where(and(byKey(claim.storeId, claim.idempotencyKey), eq(cardProviderOperations.id, claimed.id)));
    return UNKNOWN;
  }
  await db
    .update(cardProviderOperations)
    .set({
      answer: asked,
      paymentRef: claim.paymentRef ?? asked.result.paymentRef,
      updatedAt: sql`now()`,
    })
    .where(and(eq(cardProviderOperations.storeId, claim.storeId), eq(cardProviderOperations.id, claimed.id)));
  return asked;
}

/** The step Stoa claimed under a key, answered or not; null when none was. */
export async function operationOfKey(
  db: Database,
  storeId: number,
  idempotencyKey: string,
): Promise<CardOperationRow | null> {
  const [row] = await db.select().from(cardProviderOperations).where(byKey(storeId, idempotencyKey));
  return row ?? null;
}

/** Everything Stoa asked Bambora about one payment of a store: the authorization and its later steps. */
export async function stepsOfPayment(
  db: Database,
  storeId: number,
  paymentRef: string,
): Promise<CardOperationRow[]> {
  return db
    .select()
    .from(cardProviderOperations)
    .where(
      and(
        eq(cardProviderOperations.storeId, storeId),
        eq(cardProviderOperations.provider, "bambora"),
        eq(cardProviderOperations.paymentRef, paymentRef),
      ),
    )
    .orderBy(cardProviderOperations.id);
}

/** What the ledger knows of a payment: held, taken, given back. */
export type PaymentBook = {
  authorized: number;
  /** The completion's transaction, once captured: returns are made against it. */
  capture: { amount: number; transactionId: string } | null;
  voided: boolean;
  refunded: number;
};

function approvedAnswer(row: CardOperationRow): StoredAnswer | null {
  const answer = row.answer as StoredAnswer | null;
  return answer?.result.outcome === "approved" ? answer : null;
}

/** The book of a payment this store authorized; null when the store never had it approved. */
export function bookOf(steps: CardOperationRow[]): PaymentBook | null {
  const authorization = steps.find((row) => row.kind === "authorize" && approvedAnswer(row));
  if (!authorization) return null;
  const book: PaymentBook = { authorized: authorization.amount, capture: null, voided: false, refunded: 0 };
  for (const row of steps) {
    const answer = approvedAnswer(row);
    if (answer?.result.outcome !== "approved") continue;
    if (row.kind === "capture" && answer.transactionId)
      book.capture = { amount: answer.result.amount, transactionId: answer.transactionId };
    if (row.kind === "void") book.voided = true;
    if (row.kind === "refund") book.refunded += answer.result.amount;
  }
  return book;
}
