/*
 * The part of Stripe.js the storefront uses: the card element (STRIPE_ELEMENT_MODAL, ADD_NEW_CARD),
 * making a payment method of the card typed into it, saving it by confirming a SetupIntent, and the
 * bank's confirmation (3-D Secure). Stripe.js is
 * loaded from the configured address on first need and never bundled, as Stripe requires.
 */

export type StripeCardElement = { mount(target: HTMLElement): void; destroy(): void };
export type StripeError = { type?: string; code?: string; decline_code?: string; message?: string };
export type StripeLike = {
  elements(options?: { locale?: string }): { create(kind: "card", options?: unknown): StripeCardElement };
  createPaymentMethod(options: {
    type: "card";
    card: StripeCardElement;
    billing_details?: { name?: string };
  }): Promise<{
    paymentMethod?: { id: string; card?: { brand?: string; last4?: string } };
    error?: StripeError;
  }>;
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details?: { name?: string } } },
  ): Promise<{
    setupIntent?: { id: string; status: string; payment_method?: string | { id: string } | null };
    error?: StripeError;
  }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeError }>;
};

type StripeFactory = (publishableKey: string) => StripeLike;

const loading = new Map<string, Promise<StripeFactory>>();

function scriptFrom(url: string): Promise<StripeFactory> {
  const ready = () => (window as { Stripe?: StripeFactory }).Stripe;
  const found = ready();
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => {
      const factory = ready();
      if (factory) resolve(factory);
      else reject(new Error("Stripe.js loaded without Stripe"));
    };
    script.onerror = () => reject(new Error("Stripe.js could not be loaded"));
    document.head.appendChild(script);
  });
}

/** Stripe for the shop's publishable key, loading Stripe.js once per page. */
export async function loadStripe(url: string, publishableKey: string): Promise<StripeLike> {
  let factory = loading.get(url);
  if (!factory) {
    factory = scriptFrom(url);
    loading.set(url, factory);
    factory.catch(() => loading.delete(url));
  }
  return (await factory)(publishableKey);
}

/** What Stripe said of a card, as the shop's error catalogue says it. */
export function stripeErrorKey(
  error: StripeError,
):
  | "error-card-expired"
  | "error-insufficient-funds"
  | "error-payment-declined"
  | "error-card-service-unreachable" {
  const code = error.decline_code ?? error.code;
  if (code === "expired_card") return "error-card-expired";
  if (code === "insufficient_funds") return "error-insufficient-funds";
  if (error.type === "card_error" || error.type === "validation_error") return "error-payment-declined";
  return "error-card-service-unreachable";
}

/** The payment method a SetupIntent saved, as Stripe.js answers it (an id, or the object when expanded). */
export function savedPaymentMethodOf(
  setupIntent: { status: string; payment_method?: string | { id: string } | null } | undefined,
): string | null {
  if (setupIntent?.status !== "succeeded") return null;
  const method = setupIntent.payment_method;
  return typeof method === "string" ? method : (method?.id ?? null);
}
