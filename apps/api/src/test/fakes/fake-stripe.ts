import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { answerLosses, parseForm, readBody, sendJson } from "./form.ts";

/*
 * A local stand-in for the part of Stripe's REST API the adapter uses, for tests: customers,
 * payment methods, PaymentIntents (manual capture, capture, cancel), refunds and SetupIntents,
 * with form-encoded bodies as the official SDK sends them. Each secret key is an account of its
 * own. A repeated Idempotency-Key gets the first answer again (declines included) and a key reused
 * with other parameters is refused, as Stripe does. Cards are chosen by the magic payment method
 * ids below, after Stripe's own test payment methods; using one makes a new payment method, as at
 * Stripe. Webhook events are kept in `events` and signed as Stripe signs them.
 */

type Behaviour = "approve" | "decline" | "insufficient_funds" | "expired_card" | "authenticate";

/** The magic payment method ids the fake knows, and what a card made from each does. */
export const FAKE_STRIPE_CARDS = {
  pm_card_visa: { behaviour: "approve", brand: "visa", last4: "4242" },
  pm_card_mastercard: { behaviour: "approve", brand: "mastercard", last4: "4444" },
  pm_card_visa_chargeDeclined: { behaviour: "decline", brand: "visa", last4: "0002" },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    behaviour: "insufficient_funds",
    brand: "visa",
    last4: "9995",
  },
  pm_card_visa_chargeDeclinedExpiredCard: { behaviour: "expired_card", brand: "visa", last4: "0069" },
  pm_card_authenticationRequired: { behaviour: "authenticate", brand: "visa", last4: "3184" },
} as const satisfies Record<string, { behaviour: Behaviour; brand: string; last4: string }>;
export type FakeStripeCard = keyof typeof FAKE_STRIPE_CARDS;

/**
 * Stripe's test card tokens, as Stripe.js may send a card in `payment_method_data[card][token]`
 * when it confirms a SetupIntent, and the test card each stands for.
 */
const FAKE_STRIPE_TOKENS: Record<string, FakeStripeCard> = {
  tok_visa: "pm_card_visa",
  tok_mastercard: "pm_card_mastercard",
  tok_chargeDeclined: "pm_card_visa_chargeDeclined",
  tok_chargeDeclinedInsufficientFunds: "pm_card_visa_chargeDeclinedInsufficientFunds",
  tok_chargeDeclinedExpiredCard: "pm_card_visa_chargeDeclinedExpiredCard",
  tok_threeDSecure2Required: "pm_card_authenticationRequired",
};

// biome-ignore lint/suspicious/noExplicitAny: the fake's objects are Stripe's JSON, whose shapes it only partly keeps.
type Json = Record<string, any>;

type Account = {
  customers: Map<string, Json>;
  paymentMethods: Map<string, Json & { behaviour: Behaviour }>;
  intents: Map<string, Json>;
  setupIntents: Map<string, Json>;
  idempotency: Map<string, { route: string; params: string; status: number; body: unknown }>;
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

const failure = (status: number, type: string, code: string | undefined, message: string, extra: Json = {}) =>
  new StripeFailure(status, { type, code, message, ...extra });
const missing = (param: string, id: string) =>
  failure(404, "invalid_request_error", "resource_missing", `No such ${param}: '${id}'`, { param });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** `t=…,v1=…`: an HMAC-SHA256 of `timestamp.payload` under the signing secret, as Stripe signs webhooks. */
export function signStripePayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe() {
  const accounts = new Map<string, Account>();
  const events: Json[] = [];
  /** Requests seen, by "METHOD /path", replays included: what the adapter asked for. */
  const requests: string[] = [];
  const losses = answerLosses({ error: { type: "api_error", message: "An unknown error occurred" } });
  const losesAnswer = losses.loses;
  let intentsCreated = 0;

  const accountOf = (request: IncomingMessage): Account => {
    const key = /^Bearer (sk_test_\w+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!key) throw failure(401, "invalid_request_error", undefined, "Invalid API Key provided");
    let account = accounts.get(key);
    if (!account) {
      account = {
        customers: new Map(),
        paymentMethods: new Map(),
        intents: new Map(),
        setupIntents: new Map(),
        idempotency: new Map(),
      };
      accounts.set(key, account);
    }
    return account;
  };

  const emit = (type: string, object: Json) =>
    events.push({
      id: newId("evt"),
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });

  /** The payment method a request names: a magic id makes a new one, as Stripe's test ids do. */
  function paymentMethodOf(account: Account, id: string): Json & { behaviour: Behaviour } {
    const magic = FAKE_STRIPE_CARDS[id as FakeStripeCard];
    if (magic) {
      const method = {
        id: newId("pm"),
        object: "payment_method",
        type: "card",
        card: {
          brand: magic.brand,
          last4: magic.last4,
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 3,
        },
        billing_details: { name: null },
        customer: null,
        behaviour: magic.behaviour as Behaviour,
      };
      account.paymentMethods.set(method.id, method);
      return method;
    }
    const method = account.paymentMethods.get(id);
    if (!method) throw missing("payment_method", id);
    return method;
  }

  const publicMethod = (method: Json) => {
    const { behaviour: _, ...shown } = method;
    return shown;
  };

  function expanded(object: Json, account: Account, expand: unknown): Json {
    const fields = Array.isArray(expand) ? expand : [];
    const shown = { ...object };
    if (fields.includes("payment_method") && typeof shown.payment_method === "string")
      shown.payment_method = publicMethod(account.paymentMethods.get(shown.payment_method) ?? {});
    return shown;
  }

  const declineOf = (behaviour: Behaviour): Json | null => {
    switch (behaviour) {
      case "decline":
        return { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };
      case "insufficient_funds":
        return {
          code: "card_declined",
          decline_code: "insufficient_funds",
          message: "Your card has insufficient funds.",
        };
      case "expired_card":
        return { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." };
      default:
        return null;
    }
  };

  function createIntent(account: Account, params: Json): Json {
    const amount = Number(params.amount);
    if (!Number.isSafeInteger(amount) || amount < 1)
      throw failure(400, "invalid_request_error", "parameter_invalid_integer", "Invalid integer", {
        param: "amount",
      });
    const customer = params.customer ?? null;
    if (customer && !account.customers.has(customer)) throw missing("customer", customer);
    const method = params.payment_method ? paymentMethodOf(account, params.payment_method) : null;
    if (method?.customer && method.customer !== customer)
      throw failure(
        400,
        "invalid_request_error",
        undefined,
        "The PaymentMethod belongs to another Customer.",
        {
          param: "payment_method",
        },
      );
    intentsCreated += 1;
    const id = newId("pi");
    const intent: Json = {
      id,
      object: "payment_intent",
      amount,
      currency: params.currency,
      capture_method: params.capture_method ?? "automatic",
      customer,
      payment_method: method?.id ?? null,
      metadata: params.metadata ?? {},
      client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      status: "requires_payment_method",
      amount_capturable: 0,
      amount_received: 0,
      amount_refunded: 0,
      last_payment_error: null,
      next_action: null,
    };
    account.intents.set(id, intent);
    if (params.confirm !== "true" || !method) return intent;
    const decline = declineOf(method.behaviour);
    if (decline) {
      intent.last_payment_error = { type: "card_error", ...decline };
      emit("payment_intent.payment_failed", intent);
      throw new StripeFailure(402, {
        type: "card_error",
        ...decline,
        payment_intent: structuredClone(intent),
      });
    }
    if (method.behaviour === "authenticate") {
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk" };
      return intent;
    }
    authorize(intent);
    return intent;
  }

  function authorize(intent: Json): void {
    if (intent.capture_method === "manual") {
      intent.status = "requires_capture";
      intent.amount_capturable = intent.amount;
      emit("payment_intent.amount_capturable_updated", intent);
    } else {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      emit("payment_intent.succeeded", intent);
    }
  }

  const intentOf = (account: Account, id: string) => {
    const intent = account.intents.get(id);
    if (!intent) throw missing("payment_intent", id);
    return intent;
  };
  const unexpectedState = (intent: Json, action: string) =>
    failure(
      400,
      "invalid_request_error",
      "payment_intent_unexpected_state",
      `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      {
        payment_intent: structuredClone(intent),
      },
    );

  function capture(account: Account, id: string, params: Json): Json {
    const intent = intentOf(account, id);
    if (intent.status !== "requires_capture") throw unexpectedState(intent, "captured");
    const amount =
      params.amount_to_capture === undefined ? intent.amount_capturable : Number(params.amount_to_capture);
    if (amount > intent.amount_capturable)
      throw failure(
        400,
        "invalid_request_error",
        "amount_too_large",
        "The amount to capture is more than the amount capturable.",
        {
          param: "amount_to_capture",
        },
      );
    Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
    emit("payment_intent.succeeded", intent);
    return intent;
  }

  function cancel(account: Account, id: string): Json {
    const intent = intentOf(account, id);
    if (intent.status === "succeeded" || intent.status === "canceled")
      throw unexpectedState(intent, "canceled");
    Object.assign(intent, { status: "canceled", amount_capturable: 0 });
    emit("payment_intent.canceled", intent);
    return intent;
  }

  function refund(account: Account, params: Json): Json {
    const intent = intentOf(account, params.payment_intent);
    if (intent.status !== "succeeded") throw unexpectedState(intent, "refunded");
    const left = intent.amount_received - intent.amount_refunded;
    if (left === 0)
      throw failure(
        400,
        "invalid_request_error",
        "charge_already_refunded",
        "The charge has already been refunded.",
      );
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left)
      throw failure(
        400,
        "invalid_request_error",
        "amount_too_large",
        "The refund is more than is left to refund.",
        {
          param: "amount",
        },
      );
    intent.amount_refunded += amount;
    emit("charge.refunded", {
      id: newId("ch"),
      object: "charge",
      payment_intent: intent.id,
      amount: intent.amount_received,
      amount_refunded: intent.amount_refunded,
      metadata: intent.metadata,
    });
    return { id: newId("re"), object: "refund", amount, status: "succeeded", payment_intent: intent.id };
  }

  function createSetupIntent(account: Account, params: Json): Json {
    const customer = params.customer;
    if (!customer || !account.customers.has(customer)) throw missing("customer", customer ?? "");
    const id = newId("seti");
    const setup: Json = {
      id,
      object: "setup_intent",
      customer,
      payment_method: null,
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      metadata: params.metadata ?? {},
    };
    account.setupIntents.set(id, setup);
    if (!params.payment_method) return setup;
    const method = paymentMethodOf(account, params.payment_method);
    setup.payment_method = method.id;
    if (params.confirm !== "true") {
      setup.status = "requires_confirmation";
      return setup;
    }
    const decline = declineOf(method.behaviour);
    if (decline)
      throw new StripeFailure(402, { type: "card_error", ...decline, setup_intent: structuredClone(setup) });
    if (method.behaviour === "authenticate") {
      setup.status = "requires_action";
      return setup;
    }
    method.customer = customer;
    setup.status = "succeeded";
    return setup;
  }

  /**
   * Stripe.js confirming a SetupIntent with the card typed into Stripe's element. The browser holds
   * only the publishable key, so the SetupIntent's client secret is what opens it, as at Stripe.
   */
  function confirmSetupIntent(id: string, params: Json): { account: Account; setup: Json } {
    const found = [...accounts.values()].find((account) => account.setupIntents.has(id));
    const setup = found?.setupIntents.get(id);
    if (!found || !setup || params.client_secret !== setup.client_secret) throw missing("setup_intent", id);
    if (setup.status === "succeeded")
      throw failure(
        400,
        "invalid_request_error",
        "setup_intent_unexpected_state",
        "This SetupIntent has already succeeded.",
      );
    const data = params.payment_method_data as Json | undefined;
    const cardRef = params.payment_method ?? FAKE_STRIPE_TOKENS[data?.card?.token ?? ""];
    if (!cardRef)
      throw failure(400, "invalid_request_error", "parameter_missing", "Missing a payment method.", {
        param: "payment_method",
      });
    const method = paymentMethodOf(found, cardRef);
    const name = data?.billing_details?.name;
    if (typeof name === "string" && name) method.billing_details = { name };
    setup.payment_method = method.id;
    setup.last_setup_error = null;
    const decline = declineOf(method.behaviour);
    if (decline) {
      setup.status = "requires_payment_method";
      setup.payment_method = null;
      setup.last_setup_error = { type: "card_error", ...decline };
      throw new StripeFailure(402, { type: "card_error", ...decline, setup_intent: structuredClone(setup) });
    }
    if (method.behaviour === "authenticate") {
      setup.status = "requires_action";
      setup.next_action = { type: "use_stripe_sdk" };
      return { account: found, setup };
    }
    method.customer = setup.customer;
    setup.status = "succeeded";
    return { account: found, setup };
  }

  /** Stripe's search query language, as far as metadata equality joined by AND goes. */
  function searchIntents(account: Account, query: string, path: string): Json {
    const clauses = query.split(/\s+AND\s+/).map((clause) => {
      const match = /^metadata\['([\w-]+)'\]:'([^']*)'$/.exec(clause.trim());
      if (!match)
        throw failure(400, "invalid_request_error", undefined, `The fake cannot search for ${clause}`);
      return { field: match[1] as string, value: match[2] as string };
    });
    const data = [...account.intents.values()].filter((intent) =>
      clauses.every(({ field, value }) => intent.metadata?.[field] === value),
    );
    return { object: "search_result", data, has_more: false, next_page: null, url: path };
  }

  /** Answers one request; throws StripeFailure for Stripe's error answers. */
  function route(account: Account, method: string, path: string, params: Json): Json {
    const parts = path.split("/").filter(Boolean);
    const [version, resource, id, action] = parts;
    if (version !== "v1")
      throw failure(404, "invalid_request_error", undefined, `Unrecognized request URL (${path})`);
    if (method === "GET" && resource === "payment_intents" && id === "search")
      return searchIntents(account, String(params.query ?? ""), path);
    const key = `${method} ${resource}${id ? "/:id" : ""}${action ? `/${action}` : ""}`;
    switch (key) {
      case "POST customers": {
        const customer = {
          id: newId("cus"),
          object: "customer",
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
        };
        account.customers.set(customer.id, customer);
        return customer;
      }
      case "GET customers/:id/payment_methods": {
        if (!account.customers.has(id as string)) throw missing("customer", id as string);
        const data = [...account.paymentMethods.values()].filter((m) => m.customer === id).map(publicMethod);
        return { object: "list", data, has_more: false, url: path };
      }
      case "GET payment_methods/:id":
        return publicMethod(paymentMethodOf(account, id as string));
      case "POST payment_methods/:id/detach": {
        const found = paymentMethodOf(account, id as string);
        found.customer = null;
        return publicMethod(found);
      }
      case "POST payment_intents":
        return expanded(createIntent(account, params), account, params.expand);
      case "GET payment_intents/:id":
        return expanded(intentOf(account, id as string), account, params.expand);
      case "POST payment_intents/:id/capture":
        return expanded(capture(account, id as string, params), account, params.expand);
      case "POST payment_intents/:id/cancel":
        return expanded(cancel(account, id as string), account, params.expand);
      case "POST refunds":
        return refund(account, params);
      case "POST setup_intents":
        return expanded(createSetupIntent(account, params), account, params.expand);
      default:
        throw failure(
          404,
          "invalid_request_error",
          undefined,
          `Unrecognized request URL (${method}: ${path})`,
        );
    }
  }

  function answer(account: Account, method: string, path: string, params: Json, key: string | undefined) {
    const attempt = (): { status: number; body: unknown } => {
      try {
        return { status: 200, body: route(account, method, path, params) };
      } catch (error) {
        if (error instanceof StripeFailure) return { status: error.status, body: { error: error.error } };
        throw error;
      }
    };
    if (method !== "POST" || !key) return attempt();
    const routeName = `${method} ${path}`;
    const shown = JSON.stringify(params);
    const earlier = account.idempotency.get(key);
    if (earlier) {
      if (earlier.route !== routeName || earlier.params !== shown)
        return {
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          },
        };
      return earlier;
    }
    const first = attempt();
    account.idempotency.set(key, { route: routeName, params: shown, ...first });
    return first;
  }

  const server: Server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://fake-stripe");
      const body = await readBody(request);
      const params = request.method === "GET" ? parseForm(url.search.slice(1)) : parseForm(body);
      requests.push(`${request.method} ${url.pathname}`);
      const confirm = /^\/v1\/setup_intents\/(seti_\w+)\/confirm$/.exec(url.pathname);
      if (request.method === "POST" && confirm && /^pk_test_\w+$/.test(String(params.key ?? ""))) {
        const { account, setup } = confirmSetupIntent(confirm[1] as string, params);
        sendJson(response, 200, expanded(setup, account, params.expand));
        return;
      }
      const account = accountOf(request);
      const key = request.headers["idempotency-key"];
      const { status, body: answered } = answer(
        account,
        request.method ?? "GET",
        url.pathname,
        params,
        typeof key === "string" ? key : undefined,
      );
      if (losesAnswer(request.method ?? "GET", url.pathname, request, response)) return;
      sendJson(response, status, answered);
    } catch (error) {
      if (error instanceof StripeFailure) sendJson(response, error.status, { error: error.error });
      else sendJson(response, 500, { error: { type: "api_error", message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** PaymentIntents made, replays not counted: how many times a card was asked to pay. */
    get intentsCreated() {
      return intentsCreated;
    },
    requests,
    events,
    /** The shopper confirms (or fails) 3-D Secure on a PaymentIntent that asked for it. */
    finishAuthentication(secretKey: string, intentId: string, passed: boolean): void {
      const intent = accounts.get(secretKey)?.intents.get(intentId);
      if (intent?.status !== "requires_action") throw new Error(`${intentId} awaits no authentication`);
      intent.next_action = null;
      if (passed) authorize(intent);
      else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = {
          type: "card_error",
          code: "payment_intent_authentication_failure",
          message: "The card's bank could not authenticate the payment.",
        };
        emit("payment_intent.payment_failed", intent);
      }
    },
    /** The shopper confirms 3-D Secure on a SetupIntent that asked for it: the card is saved. */
    finishSetupAuthentication(clientSecret: string, passed: boolean): Json {
      const id = clientSecret.split("_secret_")[0] ?? "";
      const account = [...accounts.values()].find((candidate) => candidate.setupIntents.has(id));
      const setup = account?.setupIntents.get(id);
      if (!account || setup?.status !== "requires_action" || setup.client_secret !== clientSecret)
        throw new Error(`${id} awaits no authentication`);
      setup.next_action = null;
      const method = account.paymentMethods.get(setup.payment_method);
      if (passed && method) {
        method.customer = setup.customer;
        setup.status = "succeeded";
      } else {
        setup.status = "requires_payment_method";
        setup.payment_method = null;
        setup.last_setup_error = {
          type: "card_error",
          code: "setup_intent_authentication_failure",
          message: "The card's bank could not authenticate the card.",
        };
      }
      return structuredClone(setup);
    },
    /** The newest event of a type, as Stripe would send it. */
    lastEvent(type: string): Json {
      const event = events.findLast((candidate) => candidate.type === type);
      if (!event) throw new Error(`the fake sent no ${type} event`);
      return event;
    },
    /** A webhook delivery of an event: its body and the signature header Stripe would send with it. */
    signedDelivery(event: Json, signingSecret: string, timestamp?: number) {
      const payload = JSON.stringify(event);
      return { payload, signature: signStripePayload(payload, signingSecret, timestamp) };
    },
    /** Sends an event to a webhook address, signed, as Stripe does; answers the HTTP status. */
    async deliver(address: string, event: Json, signingSecret: string): Promise<number> {
      const { payload, signature } = this.signedDelivery(event, signingSecret);
      const sent = await fetch(address, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      return sent.status;
    },
    /**
     * From now on, requests of `method` to a path matching `path` are carried out (money moves)
     * but their answer is lost on the way back: the connection is cut (`reset`) or a 500 comes
     * instead (`server_error`), as a timeout or a failing proxy would do. Until `answerAgain`.
     */
    loseAnswers: losses.lose,
    answerAgain: losses.clear,
    stop(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
