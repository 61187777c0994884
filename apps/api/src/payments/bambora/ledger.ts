import { createHash } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/database.ts";
import { run, statement } from "../../platform/db/statements.ts";
import {
  type AuthorizeResult,
  type PaymentRefusal,
  PaymentRequestError,
  type PaymentStepResult,
} from "../provider.ts";
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

/** An earlier claim of the same key: its answer, or the wait for it. */
async function answerOfEarlier(db: Database, claim: Claim, fingerprint: string): Promise<StoredAnswer> {
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

/*
 * The claim and its answer are two of the three statements a Bambora card order costs beyond a
 * cash one, so they are sent by name (platform/db/statements.ts) rather than built each time.
 */
type ClaimedRow = { id: number; answer: StoredAnswer | null };

const insertClaimStatement = statement<ClaimedRow>(
  "bambora_claim",
  `INSERT INTO card_provider_operations
     (store_id, provider, idempotency_key, kind, fingerprint, payment_ref, amount, answer)
   VALUES ($1, 'bambora', $2, $3, $4, $5, $6, $7::jsonb)
   ON CONFLICT DO NOTHING
   RETURNING id, answer`,
);

const answerClaimStatement = statement<never>(
  "bambora_claim_answered",
  `UPDATE card_provider_operations
   SET answer = $3::jsonb, payment_ref = COALESCE(payment_ref, $4), updated_at = now()
   WHERE store_id = $1 AND id = $2`,
);

/** Claims a step under its key; undefined when the key was claimed before. */
async function insertClaim(
  db: Database,
  claim: Claim,
  fingerprint: string,
  answer: StoredAnswer | null = null,
): Promise<ClaimedRow | undefined> {
  const [claimed] = await run(db, insertClaimStatement, [
    claim.storeId,
    claim.idempotencyKey,
    claim.kind,
    fingerprint,
    claim.paymentRef,
    claim.amount,
    answer === null ? null : JSON.stringify(answer),
  ]);
  return claimed;
}

/** Asks Bambora for a step claimed under its key, and writes the answer to the claim. */
async function askClaimed(
  db: Database,
  claim: Claim,
  claimed: ClaimedRow,
  ask: () => Promise<Asked>,
): Promise<StoredAnswer> {
  const asked = await ask();
  if ("unreachable" in asked) {
    if (!asked.sent)
      await db
        .delete(cardProviderOperations)
        .where(and(byKey(claim.storeId, claim.idempotencyKey), eq(cardProviderOperations.id, claimed.id)));
    return UNKNOWN;
  }
  await run(db, answerClaimStatement, [
    claim.storeId,
    claimed.id,
    JSON.stringify(asked),
    asked.result.paymentRef,
  ]);
  return asked;
}

export async function askOnce(db: Database, claim: Claim, ask: () => Promise<Asked>): Promise<StoredAnswer> {
  const fingerprint = fingerprintOf(claim.kind, claim.request);
  const claimed = await insertClaim(db, claim, fingerprint);
  if (!claimed) return answerOfEarlier(db, claim, fingerprint);
  return askClaimed(db, claim, claimed, ask);
}

/** What a later step is checked to: refused before Bambora is asked, or asked for this much. */
export type StepPlan = { refusal: PaymentRefusal } | { path: string; amount: number };

/**
 * A capture, void or refund of an authorized payment, claimed under its key only if it fits what
 * is left of the payment. The check and the claim are one transaction holding the authorization's
 * ledger row locked, so two steps under different keys are checked one after the other: the
 * second sees the first's claim (answered or still on its way) and cannot move the same money
 * again. Bambora is asked after the commit, as for any claim.
 */
export async function askStepOnce(
  db: Database,
  claim: Omit<Claim, "amount" | "paymentRef"> & { paymentRef: string; amount?: number },
  plan: (book: PaymentBook) => StepPlan,
  ask: (path: string, amount: number) => Promise<Asked>,
): Promise<StoredAnswer> {
  const fingerprint = fingerprintOf(claim.kind, claim.request);
  const decided = await db.transaction(async (tx) => {
    await tx
      .select({ id: cardProviderOperations.id })
      .from(cardProviderOperations)
      .where(
        and(
          eq(cardProviderOperations.storeId, claim.storeId),
          eq(cardProviderOperations.provider, "bambora"),
          eq(cardProviderOperations.paymentRef, claim.paymentRef),
          eq(cardProviderOperations.kind, "authorize"),
        ),
      )
      .for("update");
    const book = bookOf(await stepsOfPayment(tx, claim.storeId, claim.paymentRef));
    const planned: StepPlan = book ? plan(book) : { refusal: "unknown_payment" };
    const full: Claim = {
      ...claim,
      amount: "amount" in planned ? planned.amount : (claim.amount ?? 0),
    };
    const refused: StoredAnswer | null =
      "refusal" in planned
        ? { result: { outcome: "refused", refusal: planned.refusal, paymentRef: claim.paymentRef } }
        : null;
    const claimed = await insertClaim(tx, full, fingerprint, refused);
    return { claimed, planned, full };
  });
  const { claimed, planned, full } = decided;
  if (!claimed) return answerOfEarlier(db, full, fingerprint);
  if ("refusal" in planned) return claimed.answer as StoredAnswer;
  return askClaimed(db, full, claimed, () => ask(planned.path, planned.amount));
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

/**
 * Writes the answer Bambora's reports gave for a claim whose own answer was lost (or was a bare
 * failure), unless another process wrote a real one first: later steps (the void) then find the
 * payment in the book.
 */
export async function answerLostClaim(
  db: Database,
  row: CardOperationRow,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .update(cardProviderOperations)
    .set({ answer, paymentRef: answer.result.paymentRef, updatedAt: sql`now()` })
    .where(
      and(
        eq(cardProviderOperations.storeId, row.storeId),
        eq(cardProviderOperations.id, row.id),
        // Unanswered, or answered only by a failure that said nothing of the payment.
        or(
          isNull(cardProviderOperations.answer),
          sql`${cardProviderOperations.answer} #>> '{result,reason}' = 'provider_error'`,
        ),
      ),
    );
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
  /** Refunded, or asked for and not answered yet (it may have gone through). */
  refunded: number;
  /** A completion or void asked for and not answered yet: nothing else may be asked meanwhile. */
  settling: boolean;
};

function approvedAnswer(row: CardOperationRow): StoredAnswer | null {
  const answer = row.answer as StoredAnswer | null;
  return answer?.result.outcome === "approved" ? answer : null;
}

/** The book of a payment this store authorized; null when the store never had it approved. */
export function bookOf(steps: CardOperationRow[]): PaymentBook | null {
  const authorization = steps.find((row) => row.kind === "authorize" && approvedAnswer(row));
  if (!authorization) return null;
  const book: PaymentBook = {
    authorized: authorization.amount,
    capture: null,
    voided: false,
    refunded: 0,
    settling: false,
  };
  for (const row of steps) {
    // A claim with no answer may have moved money: it counts as if it had.
    if (row.answer === null && row.kind !== "authorize") {
      if (row.kind === "refund") book.refunded += row.amount;
      else book.settling = true;
      continue;
    }
    const answer = approvedAnswer(row);
    if (answer?.result.outcome !== "approved") continue;
    if (row.kind === "capture" && answer.transactionId)
      book.capture = { amount: answer.result.amount, transactionId: answer.transactionId };
    if (row.kind === "void") book.voided = true;
    if (row.kind === "refund") book.refunded += answer.result.amount;
  }
  return book;
}
