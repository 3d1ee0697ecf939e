/**
 * Payments in the app: the Stripe client when STRIPE_SECRET_KEY is set, the payment routes,
 * and (with `sweep`) the expiry job, stopped before the database closes.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { PaymentContext } from "./payment-complete";
import { schedulePaymentSweep } from "./payment-events";
import { paymentRoutes } from "./payment-routes";
import { StripeClient } from "./stripe-client";
import type { PaymentSettings } from "./stripe-settings";

export async function usePayments(app: FastifyInstance, db: Kysely<DB>, settings: (PaymentSettings & { sweep?: boolean }) | undefined): Promise<void> {
  const ctx: PaymentContext = { db, stripe: settings?.stripe ? new StripeClient(settings.stripe) : null, log: app.log };
  await app.register(paymentRoutes, ctx);
  if (settings?.sweep && ctx.stripe) {
    const stop = schedulePaymentSweep(ctx);
    app.addHook("onClose", async () => stop());
  }
}
