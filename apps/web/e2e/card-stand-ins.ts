import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { startFakeBambora } from "../../api/src/test/fakes/fake-bambora.ts";
import { startFakeStripe } from "../../api/src/test/fakes/fake-stripe.ts";
import { readBody } from "../../api/src/test/fakes/form.ts";
import { CARD_FAKES_PORT } from "./ports.ts";

/*
 * The card providers as the journeys meet them, all on 127.0.0.1: the API's local fakes of Bambora
 * and Stripe behind fixed ports, Bambora's answering the browser's tokenization request across
 * origins as Bambora's own endpoint does, Stripe's serving a small stand-in for Stripe.js. The API
 * and the storefront are pointed here by configuration (CARD_API_ENV, CARD_WEB_ENV); nothing
 * reaches the network.
 */

export const BAMBORA_MERCHANT = {
  id: "300200578",
  payments: "journey-payments",
  profiles: "journey-profiles",
};

export const STRIPE_ACCOUNT = {
  secret: "sk_test_journey",
  publishable: "pk_test_journey",
  webhook: "whsec_journey_signing_secret",
};

/** Where each stand-in listens. */
export const CARD_STAND_INS = {
  bambora: `http://127.0.0.1:${CARD_FAKES_PORT}`,
  bamboraTokenization: `http://127.0.0.1:${CARD_FAKES_PORT}/scripts/tokenization/tokens`,
  stripe: `http://127.0.0.1:${CARD_FAKES_PORT + 1}`,
  stripeJs: `http://127.0.0.1:${CARD_FAKES_PORT + 1}/v3/`,
};

/** The environment of an API whose demo stores take Bambora through the stand-in. */
export const CARD_API_ENV = {
  DEMO_CARD_PROVIDERS: "bambora,stripe",
  STRIPE_SECRET_KEY: STRIPE_ACCOUNT.secret,
  STRIPE_PUBLISHABLE_KEY: STRIPE_ACCOUNT.publishable,
  STRIPE_WEBHOOK_SECRET: STRIPE_ACCOUNT.webhook,
  STRIPE_API_URL: CARD_STAND_INS.stripe,
  BAMBORA_MERCHANT_ID: BAMBORA_MERCHANT.id,
  BAMBORA_PAYMENTS_PASSCODE: BAMBORA_MERCHANT.payments,
  BAMBORA_PROFILES_PASSCODE: BAMBORA_MERCHANT.profiles,
  BAMBORA_API_URL: CARD_STAND_INS.bambora,
};

/** The environment of a storefront that tokenizes cards at the stand-in. */
export const CARD_WEB_ENV = {
  BAMBORA_TOKENIZATION_URL: CARD_STAND_INS.bamboraTokenization,
  STRIPE_JS_URL: CARD_STAND_INS.stripeJs,
};

/**
 * A stand-in for Stripe.js: the card element is a plain input, and a card number becomes one of
 * Stripe's test payment method ids (which the fake, like Stripe, turns into a card), or, when a
 * SetupIntent is confirmed to save the card, one of Stripe's test card tokens sent to the fake's
 * confirm call with the publishable key and the client secret, as Stripe.js sends them. The bank's
 * confirmation (3-D Secure) is passed at once, as a shopper would in Stripe's test window.
 */
const STRIPE_JS = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const CARDS = {
    "4242424242424242": "pm_card_visa",
    "5555555555554444": "pm_card_mastercard",
    "4000000000000002": "pm_card_visa_chargeDeclined",
    "4000000000009995": "pm_card_visa_chargeDeclinedInsufficientFunds",
    "4000000000000069": "pm_card_visa_chargeDeclinedExpiredCard",
    "4000002760003184": "pm_card_authenticationRequired",
  };
  const TOKENS = {
    "4242424242424242": "tok_visa",
    "5555555555554444": "tok_mastercard",
    "4000000000000002": "tok_chargeDeclined",
    "4000000000009995": "tok_chargeDeclinedInsufficientFunds",
    "4000000000000069": "tok_chargeDeclinedExpiredCard",
    "4000002760003184": "tok_threeDSecure2Required",
  };
  const invalid = { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." };
  window.Stripe = function (key) {
    return {
      elements() {
        return {
          create() {
            const input = document.createElement("input");
            input.setAttribute("aria-label", "Stripe card number");
            input.setAttribute("inputmode", "numeric");
            input.setAttribute("data-stand-in-card", "");
            input.style.cssText = "width:100%;border:0;outline:0;font:inherit;background:transparent";
            return { mount(target) { target.appendChild(input); }, destroy() { input.remove(); }, input };
          },
        };
      },
      async createPaymentMethod({ card }) {
        const digits = card.input.value.replace(/\\D/g, "");
        const id = CARDS[digits];
        if (!id) return { error: { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." } };
        const brand = digits.startsWith("4") ? "visa" : "mastercard";
        return { paymentMethod: { id, card: { brand, last4: digits.slice(-4) } } };
      },
      async confirmCardSetup(clientSecret, { payment_method }) {
        const digits = payment_method.card.input.value.replace(/\\D/g, "");
        const token = TOKENS[digits];
        if (!token) return { error: invalid };
        const body = new URLSearchParams({
          key,
          client_secret: clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][token]": token,
          "payment_method_data[billing_details][name]": (payment_method.billing_details || {}).name || "",
        });
        const id = clientSecret.split("_secret_")[0];
        const answer = await fetch(origin + "/v1/setup_intents/" + id + "/confirm", { method: "POST", body });
        let setupIntent = await answer.json();
        if (setupIntent.error) return { error: setupIntent.error };
        if (setupIntent.status === "requires_action") {
          const passed = await fetch(origin + "/stand-in/authenticate-setup", { method: "POST", body: clientSecret });
          if (!passed.ok) return { error: { type: "card_error", code: "setup_intent_authentication_failure" } };
          setupIntent = await passed.json();
        }
        return { setupIntent };
      },
      async handleNextAction({ clientSecret }) {
        const answer = await fetch(origin + "/stand-in/authenticate", { method: "POST", body: clientSecret });
        return answer.ok ? {} : { error: { type: "card_error", code: "payment_intent_authentication_failure" } };
      },
    };
  };
})();`;

type OwnRoutes = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<boolean>;

/**
 * Every request goes on to `target` as it came, unless `own` answers it; the browser may call from
 * any origin, as the providers' browser endpoints allow.
 */
function relay(target: string, port: number, own?: OwnRoutes): Promise<Server> {
  const server = createServer(async (incoming, outgoing) => {
    if (own && (await own(incoming, outgoing))) return;
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "POST, GET, OPTIONS",
      "access-control-allow-headers": "content-type",
    };
    if (incoming.method === "OPTIONS") {
      outgoing.writeHead(204, cors);
      outgoing.end();
      return;
    }
    const url = new URL(incoming.url ?? "/", target);
    const upstream = forward(
      url,
      { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      outgoing.writeHead(502, cors);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export async function startCardStandIns() {
  const bambora = await startFakeBambora();
  bambora.addMerchant(BAMBORA_MERCHANT.id, BAMBORA_MERCHANT.payments, BAMBORA_MERCHANT.profiles);
  const stripe = await startFakeStripe();
  const relays = [
    await relay(bambora.url, CARD_FAKES_PORT),
    await relay(stripe.url, CARD_FAKES_PORT + 1, async (incoming, outgoing) => {
      if (incoming.method === "GET" && incoming.url === "/v3/") {
        outgoing.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" });
        outgoing.end(STRIPE_JS);
        return true;
      }
      if (incoming.method === "POST" && incoming.url === "/stand-in/authenticate") {
        const intentId = (await readBody(incoming)).split("_secret_")[0] ?? "";
        try {
          stripe.finishAuthentication(STRIPE_ACCOUNT.secret, intentId, true);
          outgoing.writeHead(200, { "access-control-allow-origin": "*" });
        } catch {
          outgoing.writeHead(400, { "access-control-allow-origin": "*" });
        }
        outgoing.end();
        return true;
      }
      if (incoming.method === "POST" && incoming.url === "/stand-in/authenticate-setup") {
        try {
          const setup = stripe.finishSetupAuthentication(await readBody(incoming), true);
          outgoing.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" });
          outgoing.end(JSON.stringify(setup));
        } catch {
          outgoing.writeHead(400, { "access-control-allow-origin": "*" });
          outgoing.end();
        }
        return true;
      }
      return false;
    }),
  ];
  return {
    bambora,
    stripe,
    async stop() {
      for (const server of relays) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await bambora.stop();
      await stripe.stop();
    },
  };
}

// Run on its own (`tsx e2e/card-stand-ins.ts`) it serves until stopped, for journeys against running servers.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  const standIns = await startCardStandIns();
  console.log(`card stand-ins: Bambora ${CARD_STAND_INS.bambora}, Stripe ${CARD_STAND_INS.stripe}`);
  const stop = () => void standIns.stop().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
