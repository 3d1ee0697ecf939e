/**
 * A local stand-in for Stripe's HTTP API (tests, e2e, benches; docs/payments.md): it speaks
 * the documented protocol of the calls Fieldwork makes, so the official `stripe` SDK talks to
 * it unchanged through `STRIPE_API_BASE`. No real provider is ever contacted.
 *
 * - `POST /v1/payment_intents` (form-encoded; `Idempotency-Key`: the same key answers the
 *   same intent, with other parameters a 400 `idempotency_error`),
 * - `POST /v1/payment_intents/{id}/confirm` with `payment_method` (`pm_card_visa`,
 *   `pm_card_chargeDeclined`…) or `payment_method_data[card][number]`; Stripe's test cards:
 *   4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
 *   insufficient funds (402 `card_error` with Stripe's message),
 * - `GET /v1/payment_intents/{id}`, `POST /v1/payment_intents/{id}/cancel`, `POST /v1/refunds`,
 * - webhook events (`payment_intent.succeeded`, `payment_intent.payment_failed`) POSTed to
 *   `webhook_url` with a real `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`.
 *
 * Every charge and refund is recorded (`charges`, `refunds`) so tests can count them.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandinIntent {
  id: string; object: "payment_intent"; amount: number; currency: string; status: string; client_secret: string;
  metadata: Record<string, string>; latest_charge: string | null; livemode: false; created: number;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
}
export interface StandinCharge { id: string; payment_intent: string; amount: number; currency: string; card_last4: string }
export interface StandinRefund { id: string; object: "refund"; payment_intent: string; amount: number; currency: string; status: "succeeded" }

export interface StripeStandin {
  /** `http://127.0.0.1:PORT`: the value of STRIPE_API_BASE. */
  base: string;
  secret_key: string;
  webhook_secret: string;
  intents: Map<string, StandinIntent>;
  charges: StandinCharge[];
  refunds: StandinRefund[];
  /** Where events go; null sends none (a test then delivers them itself with `signedEvent`). */
  webhook_url: string | null;
  /** Events sent, in order, with the status the receiver answered. */
  deliveries: { type: string; status: number }[];
  /** An event for `intent` as Stripe sends it, with its signature header (bad secret for hostile tests). */
  signedEvent(type: string, intent: StandinIntent, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

const DECLINES: Record<string, { decline_code: string; message: string }> = {
  "4000000000000002": { decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { decline_code: "expired_card", message: "Your card has expired." },
};
const PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242", pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startStripeStandin(options: { secret_key?: string; webhook_secret?: string; webhook_url?: string | null } = {}): Promise<StripeStandin> {
  const secret_key = options.secret_key ?? "sk_test_standin";
  const webhook_secret = options.webhook_secret ?? "whsec_standin";
  const intents = new Map<string, StandinIntent>();
  const charges: StandinCharge[] = [];
  const refunds: StandinRefund[] = [];
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const deliveries: StripeStandin["deliveries"] = [];
  const pending = new Set<Promise<void>>();

  const sign = (payload: string, secret: string) => {
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex")}`;
  };
  const signedEvent = (type: string, intent: StandinIntent, secret = webhook_secret) => {
    const payload = JSON.stringify({
      id: id("evt"), object: "event", type, api_version: "2025-01-27", created: Math.floor(Date.now() / 1000),
      livemode: false, data: { object: intent },
    });
    return { payload, signature: sign(payload, secret) };
  };
  const deliver = (type: string, intent: StandinIntent) => {
    if (!standin.webhook_url) return;
    const { payload, signature } = signedEvent(type, { ...intent });
    const sent = fetch(standin.webhook_url, {
      method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature },
    }).then((r) => { deliveries.push({ type, status: r.status }); }, () => { deliveries.push({ type, status: 0 }); });
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };

  const confirm = (intent: StandinIntent, params: URLSearchParams): [number, unknown] => {
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return [400, { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state",
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, payment_intent: intent } }];
    }
    const method = params.get("payment_method");
    const number = (method ? PAYMENT_METHODS[method] : params.get("payment_method_data[card][number]"))?.replace(/\D/g, "") ?? "";
    const decline = DECLINES[number];
    if (!/^\d{12,19}$/.test(number) || (!decline && number !== "4242424242424242" && !number.startsWith("5555"))) {
      intent.last_payment_error = { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect." };
      return [402, { error: { ...intent.last_payment_error, payment_intent: intent } }];
    }
    if (decline) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { type: "card_error", code: "card_declined", ...decline };
      deliver("payment_intent.payment_failed", intent);
      return [402, { error: { ...intent.last_payment_error, payment_intent: intent } }];
    }
    const charge: StandinCharge = { id: id("ch"), payment_intent: intent.id, amount: intent.amount, currency: intent.currency, card_last4: number.slice(-4) };
    charges.push(charge);
    Object.assign(intent, { status: "succeeded", latest_charge: charge.id, last_payment_error: null });
    deliver("payment_intent.succeeded", intent);
    return [200, intent];
  };

  const route = (method: string, path: string, params: URLSearchParams): [number, unknown] => {
    const intentPath = /^\/v1\/payment_intents\/([\w]+)(\/confirm|\/cancel)?$/.exec(path);
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(params.get("amount"));
      const currency = params.get("currency") ?? "";
      if (!Number.isSafeInteger(amount) || amount < 1 || !/^[a-z]{3}$/.test(currency)) {
        return [400, { error: { type: "invalid_request_error", code: "parameter_invalid_integer", message: "Invalid amount or currency." } }];
      }
      const pi = id("pi");
      const metadata: Record<string, string> = {};
      for (const [key, value] of params) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const intent: StandinIntent = {
        id: pi, object: "payment_intent", amount, currency, status: "requires_payment_method",
        client_secret: `${pi}_secret_${randomBytes(8).toString("hex")}`, metadata, latest_charge: null, livemode: false,
        created: Math.floor(Date.now() / 1000), last_payment_error: null,
      };
      intents.set(pi, intent);
      return [200, intent];
    }
    if (intentPath) {
      const intent = intents.get(intentPath[1]!);
      if (!intent) return [404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${intentPath[1]}'` } }];
      if (method === "GET" && !intentPath[2]) return [200, intent];
      if (method === "POST" && intentPath[2] === "/confirm") return confirm(intent, params);
      if (method === "POST" && intentPath[2] === "/cancel") {
        if (intent.status === "succeeded") return [400, { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "You cannot cancel this PaymentIntent because it has a status of succeeded." } }];
        intent.status = "canceled";
        return [200, intent];
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(params.get("payment_intent") ?? "");
      if (!intent || intent.status !== "succeeded") return [400, { error: { type: "invalid_request_error", code: "charge_not_refundable", message: "This PaymentIntent has no charge to refund." } }];
      if (refunds.some((r) => r.payment_intent === intent.id)) return [400, { error: { type: "invalid_request_error", code: "charge_already_refunded", message: `Charge ${intent.latest_charge} has already been refunded.` } }];
      const refund: StandinRefund = { id: id("re"), object: "refund", payment_intent: intent.id, amount: intent.amount, currency: intent.currency, status: "succeeded" };
      refunds.push(refund);
      return [200, refund];
    }
    return [404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } }];
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://standin");
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(answer));
      };
      if (req.headers.authorization !== `Bearer ${secret_key}`) {
        send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
        return;
      }
      const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
      const scoped = typeof key === "string" ? `${url.pathname} ${key}` : null;
      const earlier = scoped ? idempotent.get(scoped) : undefined;
      if (earlier) {
        if (earlier.body !== body) {
          send(400, { error: { type: "idempotency_error", message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.` } });
        } else {
          res.setHeader("idempotent-replayed", "true");
          send(earlier.status, earlier.answer);
        }
        return;
      }
      const params = new URLSearchParams(req.method === "GET" ? url.search : body);
      const [status, answer] = route(req.method ?? "GET", url.pathname, params);
      if (scoped && status < 500) idempotent.set(scoped, { body, status, answer: JSON.parse(JSON.stringify(answer)) });
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const standin: StripeStandin = {
    base: `http://127.0.0.1:${port}`, secret_key, webhook_secret, intents, charges, refunds,
    webhook_url: options.webhook_url ?? null, deliveries, signedEvent,
    async close() {
      await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standin;
}
