import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../platform/db/database.ts";
import { BAMBORA_APPROVED_CARDS, type FakeBambora, startFakeBambora } from "../../test/fakes/fake-bambora.ts";
import { testHarness } from "../../test/harness.ts";
import type { PaymentProvider } from "../provider.ts";
import { type BamboraAccount, Secret } from "../secrets.ts";
import { createBamboraPayments } from "./payments.ts";

/*
 * Bambora takes no idempotency keys, so Stoa's ledger is what stops money moving twice (decision
 * 021). Two connection pools on one PostgreSQL stand for two API processes: steps under different
 * keys against one payment must be checked one after the other, so Bambora is never asked for more
 * than the payment has left, however the requests interleave.
 */

const STORE = 43;
const account: BamboraAccount = {
  merchantId: "300200043",
  paymentsPasscode: new Secret("payments-of-43"),
  profilesPasscode: new Secret("profiles-of-43"),
  reportingPasscode: null,
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("the Bambora ledger under concurrency on PostgreSQL", () => {
  let fake: FakeBambora;
  let second: DatabaseHandle | undefined;
  let providers: PaymentProvider[] = [];
  let nextOrder = 1;

  beforeAll(async () => {
    const { handle } = await testHarness();
    second = await openDatabase({
      kind: "postgres",
      url: process.env.TEST_DATABASE_URL as string,
      schema: inject("testSchema"),
      poolSize: 8,
    });
    fake = await startFakeBambora();
    fake.addMerchant(
      account.merchantId,
      account.paymentsPasscode.reveal(),
      account.profilesPasscode.reveal(),
    );
    const options = { accounts: { bambora: async () => account }, connection: { baseUrl: fake.url } };
    providers = [handle, second].map((h) => createBamboraPayments(h.db, options));
  });
  afterAll(async () => {
    await second?.close();
    await fake?.stop();
  });

  const on = (i: number) => providers[i % providers.length] as PaymentProvider;

  async function captured(amount: number): Promise<string> {
    const authorized = await on(0).authorize({
      storeId: STORE,
      orderId: nextOrder++,
      amount,
      currency: "CAD",
      paymentMethod: { kind: "token", token: await fake.tokenize(BAMBORA_APPROVED_CARDS[0] as string) },
      idempotencyKey: randomUUID(),
    });
    if (authorized.outcome !== "approved") throw new Error("the approved test card was declined");
    const capture = await on(1).capture({
      storeId: STORE,
      paymentRef: authorized.paymentRef,
      idempotencyKey: randomUUID(),
    });
    expect(capture.outcome).toBe("approved");
    return authorized.paymentRef;
  }

  const returnsAsked = () =>
    fake.requests.filter((r) => /^POST \/v1\/payments\/\d+\/returns$/.test(r)).length;

  it.each([1, 2, 3])(
    "20 refunds of 10 against 100 captured: Bambora is asked for exactly 10 (round %i)",
    async () => {
      const paymentRef = await captured(100);
      const before = returnsAsked();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          on(i).refund({ storeId: STORE, paymentRef, amount: 10, idempotencyKey: randomUUID() }),
        ),
      );
      const tally = answers.map((a) => (a.outcome === "refused" ? a.refusal : a.outcome));
      expect(tally.filter((t) => t === "approved")).toHaveLength(10);
      expect(tally.filter((t) => t === "wrong_state" || t === "amount_too_large")).toHaveLength(10);
      expect(returnsAsked() - before).toBe(10);
    },
  );

  it("two whole refunds under different keys: one goes to Bambora, the other is refused", async () => {
    const paymentRef = await captured(500);
    const before = returnsAsked();
    const answers = await Promise.all(
      [0, 1].map((i) =>
        on(i).refund({ storeId: STORE, paymentRef, amount: 500, idempotencyKey: randomUUID() }),
      ),
    );
    expect(answers.map((a) => a.outcome).sort()).toEqual(["approved", "refused"]);
    expect(returnsAsked() - before).toBe(1);
  });

  it("a void and a capture at the same moment: only one is asked of Bambora", async () => {
    const authorized = await on(0).authorize({
      storeId: STORE,
      orderId: nextOrder++,
      amount: 700,
      currency: "CAD",
      paymentMethod: { kind: "token", token: await fake.tokenize(BAMBORA_APPROVED_CARDS[0] as string) },
      idempotencyKey: randomUUID(),
    });
    if (authorized.outcome !== "approved") throw new Error("the approved test card was declined");
    const before = fake.requests.length;
    const [captureAnswer, voidAnswer] = await Promise.all([
      on(0).capture({ storeId: STORE, paymentRef: authorized.paymentRef, idempotencyKey: randomUUID() }),
      on(1).void({ storeId: STORE, paymentRef: authorized.paymentRef, idempotencyKey: randomUUID() }),
    ]);
    expect([captureAnswer.outcome, voidAnswer.outcome].sort()).toEqual(["approved", "refused"]);
    expect(fake.requests.length - before).toBe(1);
  });
});
