/**
 * A form's webhooks and their delivery log (docs/webhooks.md, docs/private-api.md
 * "Webhooks"). Editors and owners only, since the answers carry signing secrets; a caller
 * who cannot see the form gets 404 before any body is read.
 */
import { FieldworkError, LIMITS, WEBHOOK_REDELIVER_LIMIT, WebhookCreateBody, WebhookDeliveryQuery, WebhookUpdateBody } from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireFormRole } from "../../auth/access";
import { hit } from "../../limits/rate-limit";
import { listDeliveries, redeliver } from "../../webhooks/delivery-log";
import {
  createWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret, updateWebhook,
} from "../../webhooks/webhook-service";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const id = z.string().max(LIMITS.short_text_length);
const FormParams = z.object({ form_id: id });
const WebhookParams = z.object({ form_id: id, webhook_id: id });
const DeliveryParams = z.object({ form_id: id, delivery_id: id });

export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  type FormRequest = FastifyRequest<{ Params: { form_id: string } }>;
  const editor = (request: FormRequest) => requireFormRole(app.db, callerOf(request), request.params.form_id, "editor");
  const ok = <T>(data: T) => ({ data, error: null });
  const allowPrivate = () => app.webhooks.config.allowPrivateNetworks;

  app.get("/forms/:form_id/webhooks", { schema: { params: FormParams } }, async (request) => {
    const form = await editor(request);
    return ok(await listWebhooks(app.db, form.id));
  });

  app.post("/forms/:form_id/webhooks", { schema: { params: FormParams } }, async (request, reply) => {
    const form = await editor(request);
    const body = parseBody(WebhookCreateBody, request.body);
    return reply.code(201).send(ok(await createWebhook(app.db, form.id, body, allowPrivate())));
  });

  app.patch("/forms/:form_id/webhooks/:webhook_id", { schema: { params: WebhookParams } }, async (request) => {
    const form = await editor(request);
    const body = parseBody(WebhookUpdateBody, request.body);
    return ok(await updateWebhook(app.db, form.id, request.params.webhook_id, body, allowPrivate()));
  });

  app.delete("/forms/:form_id/webhooks/:webhook_id", { schema: { params: WebhookParams } }, async (request) => {
    const form = await editor(request);
    await deleteWebhook(app.db, form.id, request.params.webhook_id);
    return ok({ deleted: true });
  });

  app.post("/forms/:form_id/webhooks/:webhook_id/rotate-secret", { schema: { params: WebhookParams } }, async (request) => {
    const form = await editor(request);
    return ok(await rotateWebhookSecret(app.db, form.id, request.params.webhook_id));
  });

  app.get("/forms/:form_id/webhook-deliveries", { schema: { params: FormParams } }, async (request) => {
    const form = await editor(request);
    const query = parseBody(WebhookDeliveryQuery, request.query);
    return ok(await listDeliveries(app.db, form.id, query));
  });

  app.post("/forms/:form_id/webhook-deliveries/:delivery_id/redeliver", { schema: { params: DeliveryParams } }, async (request, reply) => {
    const form = await editor(request);
    const deliveryId = /^[1-9]\d{0,14}$/.test(request.params.delivery_id) ? Number(request.params.delivery_id) : null;
    if (deliveryId === null) throw new FieldworkError("NOT_FOUND");
    // A redelivery is a new series of attempts: counted per form so a script cannot queue thousands.
    const { hits, retry_after } = await hit(app.db, `redeliver:${form.id}`, WEBHOOK_REDELIVER_LIMIT);
    if (hits > WEBHOOK_REDELIVER_LIMIT.max) {
      reply.header("retry-after", String(retry_after));
      throw new FieldworkError("RATE_LIMITED", `At most ${WEBHOOK_REDELIVER_LIMIT.max} redeliveries per form every ${WEBHOOK_REDELIVER_LIMIT.window_seconds} seconds. Try again in ${retry_after} s.`);
    }
    return reply.code(202).send(ok(await redeliver(app.db, form.id, deliveryId)));
  });
}
