import { createHash } from "node:crypto";
import type { PaymentDeclineReason } from "@stoa/contract";
import type { Database } from "../../platform/db/database.ts";
import {
  type AuthorizeRequest,
  type AuthorizeResult,
  type PaymentProvider,
  type PaymentRefusal,
  PaymentRequestError,
  type PaymentStepResult,
} from "../provider.ts";
import { brandOf, providerCustomerOf } from "../saved-cards.ts";
import {
  BAMBORA_GATEWAY,
  type BamboraAnswer,
  type BamboraJson,
  type BamboraOptions,
  BamboraUnreachable,
  bamboraClient,
  fromBamboraAmount,
  toBamboraAmount,
} from "./api.ts";
import {
  type Asked,
  answerLostClaim,
  askOnce,
  askStepOnce,
  operationOfKey,
  type PaymentBook,
  type StepPlan,
  type StoredAnswer,
} from "./ledger.ts";

/*
 * Card payments through Bambora's Payments API: a pre-authorization (`complete: false`) when the
 * order is placed, by single-use token or by a card of the customer's payment profile; a completion
 * when it ships; a void to release it; returns against the completion. Each step goes through the
 * ledger (ledger.ts), which stands in for the idempotency keys Bambora does not take, and which
 * also tells which store a payment belongs to and what is left to capture or refund, so a step that
 * does not fit is refused before Bambora is asked.
 */

/** Bambora's gateway message ids of an expiry the card's issuer refused ("Invalid expiration date"). */
const EXPIRED_MESSAGE_IDS = new Set([14, 26]);

/**
 * The shared decline reason of a Bambora decline. Bambora documents its message ids per processor,
 * and names insufficient funds only in the processor's message; the message is read for it.
 */
export function bamboraDeclineReason(messageId: unknown, message: unknown): PaymentDeclineReason {
  const text = String(message ?? "");
  if (EXPIRED_MESSAGE_IDS.has(Number(messageId)) || /expir/i.test(text)) return "expired_card";
  if (/insufficient|\bnsf\b/i.test(text)) return "insufficient_funds";
  return "card_declined";
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new PaymentRequestError(`an amount is a positive integer of minor units, not ${amount}`);
}

function checkKey(key: string): void {
  if (key.length === 0 || key.length > 255)
    throw new PaymentRequestError("an idempotency key has 1 to 255 characters");
}

/**
 * Bambora's `order_number` (30 characters at most) of an attempt: the order id and a digest of the
 * idempotency key, so a payment found in Bambora's reports leads back to its order and attempt.
 */
/** The Reporting API's number of the order-number field in a search's criteria. */
const REPORT_FIELD_ORDER_NUMBER = 5;

export function bamboraOrderNumber(orderId: number, idempotencyKey: string): string {
  return `${orderId}-${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 16)}`;
}

function approved(body: BamboraJson): boolean {
  return String(body.approved) === "1";
}

/** Bambora's answer to a pre-authorization, as the provider interface says it. */
function authorizeAnswer(answer: BamboraAnswer): Asked {
  const { status, body } = answer;
  if (status === 200 && approved(body))
    return {
      result: {
        outcome: "approved",
        paymentRef: String(body.id),
        amount: fromBamboraAmount(body.amount),
        card: body.card?.last_four
          ? { brand: brandOf(body.card.card_type), last4: String(body.card.last_four) }
          : null,
      },
      transactionId: String(body.id),
    };
  const validation = body.validation ?? {};
  const paymentRef = validation.id ? String(validation.id) : null;
  // 402 is a declined card; 400 a token or profile card Bambora would not take: the card is refused either way.
  if (status === 200 || status === 400 || status === 402)
    return {
      result: {
        outcome: "declined",
        reason: bamboraDeclineReason(validation.message_id ?? body.code, validation.message ?? body.message),
        paymentRef,
      },
    };
  return { result: { outcome: "declined", reason: "provider_error", paymentRef } };
}

function stepAnswer(answer: BamboraAnswer, paymentRef: string): Asked {
  const { status, body } = answer;
  if (status === 200 && approved(body))
    return {
      result: { outcome: "approved", paymentRef, amount: fromBamboraAmount(body.amount) },
      transactionId: String(body.id),
    };
  if (status === 404) return { result: { outcome: "refused", refusal: "unknown_payment", paymentRef } };
  if (status === 400 || status === 402) {
    const refusal: PaymentRefusal = /greater|exceed/i.test(String(body.message))
      ? "amount_too_large"
      : "wrong_state";
    return { result: { outcome: "refused", refusal, paymentRef } };
  }
  return { result: { outcome: "declined", reason: "provider_error", paymentRef } };
}

type StepKind = "capture" | "void" | "refund";

export function createBamboraPayments(db: Database, options: BamboraOptions): PaymentProvider {
  const request = bamboraClient(options);

  /** Asks Bambora; no answer, or no account for the store, becomes an `Asked` the ledger understands. */
  async function asking(
    send: () => Promise<BamboraAnswer | null>,
    read: (answer: BamboraAnswer) => Asked,
  ): Promise<Asked> {
    try {
      const answer = await send();
      return answer ? read(answer) : { unreachable: true, sent: false };
    } catch (error) {
      if (error instanceof BamboraUnreachable) return { unreachable: true, sent: error.sent };
      throw error;
    }
  }

  /**
   * Bambora's record of the pre-authorization sent with `orderNumber`, from its Reporting API's
   * transaction search (criteria on the order number, field 5; dates around when it was asked, as
   * the search wants a range): "none" when Bambora has none, "unknown" when it cannot be asked.
   */
  async function lookUpByOrderNumber(
    storeId: number,
    orderNumber: string,
    askedAt: Date,
  ): Promise<StoredAnswer | "none" | "unknown"> {
    const day = 24 * 60 * 60 * 1000;
    const reportDate = (at: number) => new Date(at).toISOString().slice(0, 19);
    let answer: BamboraAnswer | null;
    try {
      answer = await request(storeId, "reports", "POST", "/v1/reports", {
        name: "Search",
        start_date: reportDate(askedAt.getTime() - day),
        end_date: reportDate(Date.now() + day),
        start_row: "1",
        end_row: "100",
        criteria: [{ field: String(REPORT_FIELD_ORDER_NUMBER), operator: "%3D", value: orderNumber }],
      });
    } catch (error) {
      if (error instanceof BamboraUnreachable) return "unknown";
      throw error;
    }
    if (answer?.status !== 200 || !Array.isArray(answer.body.records)) return "unknown";
    const records = (answer.body.records as BamboraJson[]).filter(
      (record) => String(record.trn_order_number) === orderNumber && record.trn_type === "PA",
    );
    const approvedOne = records.find((record) => String(record.trn_approved) === "1");
    if (approvedOne)
      return {
        result: {
          outcome: "approved",
          paymentRef: String(approvedOne.trn_id),
          amount: fromBamboraAmount(approvedOne.trn_amount),
          card: null,
        },
        transactionId: String(approvedOne.trn_id),
      };
    if (records.length > 0)
      return { result: { outcome: "declined", reason: "card_declined", paymentRef: null } };
    return "none";
  }

  /** What Bambora is asked to pay with; null when the request names no card this customer has. */
  async function paymentMethodOf(authorize: AuthorizeRequest, complete: false): Promise<BamboraJson | null> {
    const method = authorize.paymentMethod;
    if (!method) return null;
    if (method.kind === "token")
      return {
        payment_method: "token",
        token: { code: method.token, name: method.holderName ?? "", complete },
      };
    const profile = await providerCustomerOf(
      db,
      { storeId: authorize.storeId, customerId: method.customerId },
      "bambora",
    );
    // Card ids are numbers within the customer's own profile: another customer's card is out of reach.
    if (!profile?.confirmed || !/^\d{1,9}$/.test(method.cardId)) return null;
    return {
      payment_method: "payment_profile",
      payment_profile: { customer_code: profile.providerRef, card_id: Number(method.cardId), complete },
    };
  }

  async function step(
    kind: StepKind,
    asked: { storeId: number; paymentRef: string; idempotencyKey: string; amount?: number },
    plan: (book: PaymentBook) => StepPlan,
  ): Promise<PaymentStepResult> {
    checkKey(asked.idempotencyKey);
    const { storeId, paymentRef } = asked;
    const answer = await askStepOnce(
      db,
      {
        storeId,
        kind,
        idempotencyKey: asked.idempotencyKey,
        request: { paymentRef, amount: asked.amount ?? null },
        amount: asked.amount,
        paymentRef,
      },
      plan,
      (path, amount) =>
        asking(
          () => request(storeId, "payments", "POST", path, { amount: toBamboraAmount(amount) }),
          (answer) => stepAnswer(answer, paymentRef),
        ),
    );
    return answer.result as PaymentStepResult;
  }

  return {
    name: BAMBORA_GATEWAY,

    async authorize(authorize) {
      checkAmount(authorize.amount);
      checkKey(authorize.idempotencyKey);
      if (!/^[A-Z]{3}$/.test(authorize.currency))
        throw new PaymentRequestError(`a currency is an ISO 4217 code, not ${authorize.currency}`);
      const paying = await paymentMethodOf(authorize, false);
      if (!paying) return { outcome: "declined", reason: "card_declined", paymentRef: null };
      const answer = await askOnce(
        db,
        {
          storeId: authorize.storeId,
          kind: "authorize",
          idempotencyKey: authorize.idempotencyKey,
          request: {
            orderId: authorize.orderId,
            amount: authorize.amount,
            currency: authorize.currency,
            paying,
          },
          amount: authorize.amount,
          paymentRef: null,
        },
        () =>
          asking(
            () =>
              request(authorize.storeId, "payments", "POST", "/v1/payments", {
                order_number: bamboraOrderNumber(authorize.orderId, authorize.idempotencyKey),
                amount: toBamboraAmount(authorize.amount),
                ...paying,
              }),
            authorizeAnswer,
          ),
      );
      return answer.result as AuthorizeResult;
    },

    /**
     * The ledger has the answer of every authorization Stoa asked for and heard back about. One
     * whose answer was lost (a timeout, a crash mid-request, a 5xx) is looked up in Bambora's reports by
     * the order number it was sent with, when the shop gave a reporting passcode: an approved
     * pre-authorization found there is written to the ledger (so it can be voided) and answered;
     * none there means Bambora never made one. Without the passcode, or while the reports cannot
     * be read, the payment stays unknown (provider_error).
     */
    async findAuthorization(find) {
      const row = await operationOfKey(db, find.storeId, find.idempotencyKey);
      if (row?.kind !== "authorize") return { outcome: "none" };
      const answer = row.answer as StoredAnswer | null;
      // A 5xx is no answer either: Bambora may have made the payment before failing to say so.
      const unanswered =
        !answer || (answer.result.outcome === "declined" && answer.result.reason === "provider_error");
      if (answer && !unanswered) return answer.result as AuthorizeResult;
      const orderNumber = bamboraOrderNumber(find.orderId, find.idempotencyKey);
      const found = await lookUpByOrderNumber(find.storeId, orderNumber, row.createdAt);
      if (found === "unknown") return { outcome: "declined", reason: "provider_error", paymentRef: null };
      if (found === "none") return { outcome: "none" };
      await answerLostClaim(db, row, found);
      return found.result as AuthorizeResult;
    },

    async capture(capture) {
      if (capture.amount !== undefined) checkAmount(capture.amount);
      return step("capture", capture, (book) => {
        if (book.capture || book.voided || book.settling) return { refusal: "wrong_state" };
        const amount = capture.amount ?? book.authorized;
        if (amount > book.authorized) return { refusal: "amount_too_large" };
        return { path: `/v1/payments/${encodeURIComponent(capture.paymentRef)}/completions`, amount };
      });
    },

    async void(release) {
      return step("void", release, (book) => {
        if (book.capture || book.voided || book.settling) return { refusal: "wrong_state" };
        return {
          path: `/v1/payments/${encodeURIComponent(release.paymentRef)}/void`,
          amount: book.authorized,
        };
      });
    },

    async refund(refund) {
      checkAmount(refund.amount);
      return step("refund", refund, (book) => {
        if (!book.capture || book.refunded >= book.capture.amount) return { refusal: "wrong_state" };
        if (refund.amount > book.capture.amount - book.refunded) return { refusal: "amount_too_large" };
        return {
          path: `/v1/payments/${encodeURIComponent(book.capture.transactionId)}/returns`,
          amount: refund.amount,
        };
      });
    },
  };
}
