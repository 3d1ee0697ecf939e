/**
 * Toss Payments' routes (spec 1 §7; docs/payments.md "Toss Payments"): the payment session the
 * page asks for, and the success and fail pages Toss's checkout sends the buyer back to. The
 * browser follows redirects: success goes to the form's ending, a refusal shows Toss's message
 * (toss-result-page.ts); with `json=1` in the URL (a session asked with `redirect: false`) or
 * `Accept: application/json`, they answer the envelope. Refusals are catalogue codes (4xx).
 */
import {
  ErrorEnvelope, FieldworkError, TOSS_BASE_PATH, TossFailQuery, TossSessionAnswer, TossSessionBody, TossSuccessQuery,
} from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { toFieldworkError } from "../http-errors";
import type { PaymentContext } from "./payment-complete";
import { answerOf, gated, metaOf } from "./payment-routes";
import { formLanguage, refusalMessage, sendTossFailPage } from "./toss-result-page";
import { confirmTossSuccess, failToss, startTossSession } from "./toss-service";

const errors = { "4xx": ErrorEnvelope, "5xx": ErrorEnvelope };
const jsonAsked = (request: FastifyRequest, json: string | undefined) => json === "1" || (request.headers.accept ?? "").includes("application/json");

export async function tossRoutes(fastify: FastifyInstance, ctx: PaymentContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(`${TOSS_BASE_PATH}/session`, {
    config: { rate_limit: "submit" },
    schema: { body: TossSessionBody, response: { 200: TossSessionAnswer, ...errors } },
  }, async (request) => gated(ctx, request.body.form_id, async () => ({ data: await startTossSession(ctx, request.body), error: null })));

  app.get(`${TOSS_BASE_PATH}/success`, {
    config: { rate_limit: "submit" },
    schema: { querystring: TossSuccessQuery },
  }, async (request, reply) => {
    const { json, ...query } = request.query;
    try {
      const result = await gated(ctx, query.form_id, () => confirmTossSuccess(ctx, query, metaOf(request), request.id));
      if (jsonAsked(request, json)) return reply.code(result.duplicate ? 200 : 201).send(answerOf(result));
      return reply.redirect(result.redirect, 303);
    } catch (error) {
      const known = toFieldworkError(error);
      if (jsonAsked(request, json) || !known) throw error;
      const lang = await formLanguage(ctx.db, query.form_id);
      return sendTossFailPage(reply, known.status, { form_id: query.form_id, lang, message: refusalMessage(lang, known.code, known.message), code: known.code });
    }
  });

  app.get(`${TOSS_BASE_PATH}/fail`, {
    config: { rate_limit: "submit" },
    schema: { querystring: TossFailQuery },
  }, async (request, reply) => {
    const { json, ...query } = request.query;
    const message = await failToss(ctx, query);
    const code = query.code ?? null;
    if (jsonAsked(request, json)) {
      return reply.code(402).send({ data: null, error: { ...new FieldworkError("PAYMENT_DECLINED", message).toJSON(), provider_code: code } });
    }
    // Toss's own message as sent; without one, the page's own sentence in the form's language.
    return sendTossFailPage(reply, 200, { form_id: query.form_id, lang: await formLanguage(ctx.db, query.form_id), message: query.message ?? null, code });
  });
}
