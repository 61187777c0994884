// Card orders in the bench: the API pays through Stripe and Bambora adapters pointed at the local
// fake providers the API tests use, started here on 127.0.0.1 (never the network). The fakes run
// in the bench's own process, so their time is not in the API's and the database's CPU figures.
import type { CheckoutRequestInput } from "@stoa/contract";
import { BAMBORA_APPROVED_CARDS, startFakeBambora } from "../../apps/api/src/test/fakes/fake-bambora.ts";
import { startFakeStripe } from "../../apps/api/src/test/fakes/fake-stripe.ts";
import type { Measurement } from "./measure.ts";

export const CARD_GATEWAYS = ["stripe", "bambora"] as const;
export type BenchCardGateway = (typeof CARD_GATEWAYS)[number];

const STRIPE_SECRET = "sk_test_bench";
const BAMBORA = { merchantId: "300200999", payments: "bench-payments", profiles: "bench-profiles" };

export type CardFakes = {
  /** What the API is started with to pay through the fakes on the environment's accounts. */
  apiEnv: Record<string, string>;
  /** A Bambora token that pays every time (the fake's bench mode): one token for every create. */
  bamboraToken: string;
  stop(): Promise<void>;
};

export async function startCardFakes(): Promise<CardFakes> {
  const stripe = await startFakeStripe();
  // No artificial delays in either fake: what is measured is Stoa's cost of a card order.
  const bambora = await startFakeBambora({ reusableTokens: true });
  bambora.addMerchant(BAMBORA.merchantId, BAMBORA.payments, BAMBORA.profiles);
  const bamboraToken = await bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string);
  return {
    apiEnv: {
      STRIPE_SECRET_KEY: STRIPE_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_bench",
      STRIPE_API_URL: stripe.url,
      BAMBORA_MERCHANT_ID: BAMBORA.merchantId,
      BAMBORA_PAYMENTS_PASSCODE: BAMBORA.payments,
      BAMBORA_PROFILES_PASSCODE: BAMBORA.profiles,
      BAMBORA_API_URL: bambora.url,
    },
    bamboraToken,
    stop: async () => {
      await Promise.all([stripe.stop(), bambora.stop()]);
    },
  };
}

/** The same carts as the cash creates, paid by a new card through `gateway`. */
export function cardBodies(
  bodies: CheckoutRequestInput[],
  gateway: BenchCardGateway,
  bamboraToken: string,
): CheckoutRequestInput[] {
  return bodies.map((body) =>
    gateway === "stripe"
      ? {
          ...body,
          payment_gateway: "stripe",
          payment_sub_gateway: "new_card",
          stripePaymentMethodId: "pm_card_visa",
        }
      : {
          ...body,
          payment_gateway: "bambora",
          payment_sub_gateway: "new_card",
          bamboraCard: { token: bamboraToken, name: body.customer_name || "Bench Shopper" },
        },
  ) as CheckoutRequestInput[];
}

/** How much a card order may cost over a cash order of the same run (issue 11): 20 %. */
export const CARD_COST_LIMIT = 1.2;

/**
 * CPU per order (API + database) over every load of a kind, weighted by its orders, when it was
 * read; else the inverse of orders per second.
 */
function costOf(loads: Measurement[]): { value: number; unit: string } {
  const requests = loads.reduce((sum, m) => sum + m.requests, 0);
  if (loads.every((m) => m.cpu?.apiMs !== undefined) && requests > 0) {
    const cpu = loads.reduce(
      (sum, m) => sum + m.requests * ((m.cpu?.apiMs ?? 0) + (m.cpu?.databaseMs ?? 0)),
      0,
    );
    return { value: cpu / requests, unit: "ms CPU" };
  }
  const rate = loads.reduce((sum, m) => sum + m.requestsPerSecond, 0) / loads.length;
  return { value: rate > 0 ? 1000 / rate : Number.NaN, unit: "ms per order" };
}

const each = (loads: Measurement[], figure: (m: Measurement) => number) =>
  loads.map((m) => figure(m).toFixed(0)).join(" / ");

/** The note comparing a card order's cost with the cash orders' of the same run, over all their rounds. */
export function cardCostNote(name: string, card: Measurement[], cash: Measurement[] | undefined): string {
  if (!cash?.length)
    return `${name}: no cash order figure in this run to compare with (add the create target).`;
  const a = costOf(card);
  const b = costOf(cash);
  const ratio = a.value / b.value;
  const verdict = Number.isFinite(ratio) ? (ratio <= CARD_COST_LIMIT ? "met" : "NOT MET") : "not measured";
  const perRound = card
    .map((m, i) => {
      const paired = cash[i];
      return paired ? `${(100 * (costOf([m]).value / costOf([paired]).value)).toFixed(0)} %` : "";
    })
    .filter(Boolean)
    .join(", ");
  return `${name}: ${a.value.toFixed(2)} ${a.unit} per order against ${b.value.toFixed(2)} for cash over ${card.length} and ${cash.length} loads = ${(100 * ratio).toFixed(0)} % (target ≤ ${(100 * CARD_COST_LIMIT).toFixed(0)} %, the fake provider's own time aside): ${verdict}; round by round ${perRound}; ${each(card, (m) => m.requestsPerSecond)} orders/s against ${each(cash, (m) => m.requestsPerSecond)}, p99 ${each(card, (m) => m.p99)} ms against ${each(cash, (m) => m.p99)} ms.`;
}
