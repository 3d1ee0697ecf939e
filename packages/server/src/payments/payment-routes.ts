/**
 * The payment routes (docs/payments.md, docs/api.md "Payments"): three public calls of the
 * respondent's Pay and the provider's webhook. Each route parses, calls one service step and
 * answers the envelope; refusals are catalogue codes (4xx), never a 500.
 */
import {
  ErrorEnvelope, FieldworkError, FormParams, PaymentCompleteBody, PaymentConfirmBody, PaymentSetupAnswer, PaymentStartAnswer, PaymentStartBody, SubmitAnswer,
} from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { SubmitResult } from "../forms/submit/submit";
import type { PaymentContext } from "./payment-complete";
import { handleStripeEvent } from "./payment-events";
import { cardInputOf, completeIntent, confirmCard, paymentSetup, startPayment } from "./payment-service";

const errors = { "4xx": ErrorEnvelope, "5xx": ErrorEnvelope };

/** A Pay request counted against its form's cap (pay-gate.ts: 429 PAYMENT_BUSY past it). */
export const gated = <T>(ctx: PaymentContext, form_id: string, fn: () => Promise<T>): Promise<T> => (ctx.gate ? ctx.gate.run(form_id, fn) : fn());
/** A webhook body: Stripe's events are a few kB; a much larger one is not Stripe's. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export async function paymentRoutes(fastify: FastifyInstance, ctx: PaymentContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/v1/:form_id/payment", {
    config: { rate_limit: "read" },
    schema: { params: FormParams, response: { 200: PaymentSetupAnswer, ...errors } },
  }, async (request) => ({ data: await paymentSetup(ctx, request.params.form_id), error: null }));

  app.post("/v1/:form_id/payment", {
    config: { rate_limit: "submit" },
    schema: { params: FormParams, body: PaymentStartBody, response: { 200: PaymentStartAnswer, ...errors } },
  }, async (request) => gated(ctx, request.params.form_id, async () => ({ data: await startPayment(ctx, request.params.form_id, request.body.answers), error: null })));

  app.post("/v1/:form_id/payment/confirm", {
    config: { rate_limit: "submit" },
    schema: { params: FormParams, body: PaymentConfirmBody, response: { 201: SubmitAnswer, 200: SubmitAnswer, ...errors } },
  }, async (request, reply) => {
    const { card, ...ref } = request.body;
    const result = await gated(ctx, request.params.form_id, () => confirmCard(ctx, request.params.form_id, ref, cardInputOf(card), metaOf(request), request.id));
    return reply.code(result.duplicate ? 200 : 201).send(answerOf(result));
  });

  app.post("/v1/:form_id/payment/complete", {
    config: { rate_limit: "submit" },
    schema: { params: FormParams, body: PaymentCompleteBody, response: { 201: SubmitAnswer, 200: SubmitAnswer, ...errors } },
  }, async (request, reply) => {
    const result = await gated(ctx, request.params.form_id, () => completeIntent(ctx, request.params.form_id, request.body, metaOf(request), request.id));
    return reply.code(result.duplicate ? 200 : 201).send(answerOf(result));
  });

  // The webhook reads its body as sent: the signature is over the exact bytes.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser("*", { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    hook.post("/webhooks/stripe", { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      if (!ctx.stripe) throw new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE");
      const signature = request.headers["stripe-signature"];
      const event = ctx.stripe.verifiedEvent(String(request.body ?? ""), typeof signature === "string" ? signature : undefined);
      if (!event) throw new FieldworkError("WEBHOOK_SIGNATURE_INVALID");
      const outcome = await handleStripeEvent(ctx, event);
      return reply.send({ received: true, outcome });
    });
  });
}

export function metaOf(request: FastifyRequest) {
  return {
    user_agent: request.headers["user-agent"]?.slice(0, 512) ?? null,
    referer: request.headers.referer?.slice(0, 2048) ?? null,
    ip: request.ip ?? null,
  };
}

export function answerOf(result: SubmitResult) {
  return {
    data: {
      id: result.id, form_id: result.form_id, local_index: result.local_index, created_at: result.created_at.toISOString(),
      duplicate: result.duplicate, redirect: result.redirect,
    },
    error: null,
  };
}
