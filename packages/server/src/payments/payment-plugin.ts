/**
 * Payments in the app: the Stripe client when STRIPE_SECRET_KEY is set, Toss Payments' when
 * TOSS_SECRET_KEY and TOSS_CLIENT_KEY are set, the payment routes of each,
 * and (with `sweep`) the expiry job, stopped before the database closes. Answers the context
 * (the private routes refund with it).
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { PaymentContext } from "./payment-complete";
import { schedulePaymentSweep } from "./payment-events";
import { PayGate } from "./pay-gate";
import { paymentRoutes } from "./payment-routes";
import { StripeClient } from "./stripe-client";
import type { PaymentSettings } from "./stripe-settings";
import { TossClient } from "./toss-client";
import { tossRoutes } from "./toss-routes";

export async function usePayments(
  app: FastifyInstance, db: Kysely<DB>, settings: (PaymentSettings & { sweep?: boolean; pay_in_flight_per_form?: number }) | undefined, public_url = "",
): Promise<PaymentContext> {
  const ctx: PaymentContext = {
    db, stripe: settings?.stripe ? await StripeClient.open(settings.stripe) : null, log: app.log,
    toss: settings?.toss ? new TossClient(settings.toss) : null, public_url: public_url.replace(/\/+$/, ""),
    gate: new PayGate(settings?.pay_in_flight_per_form),
    external: app.external,
  };
  await app.register(paymentRoutes, ctx);
  await app.register(tossRoutes, ctx);
  if (settings?.sweep && (ctx.stripe || ctx.toss)) {
    const stop = schedulePaymentSweep(ctx);
    app.addHook("onClose", async () => stop());
  }
  return ctx;
}
