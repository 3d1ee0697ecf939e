/**
 * `POST /private/editor/ai/schema` (spec 2 §7): a suggested field for the field editor's
 * create flow. Body `{ form_id, description }`: the form gives access (editors and up) and
 * context. Each caller may ask AI_RATE_LIMIT_PER_MINUTE times a minute (429 AI_RATE_LIMITED
 * with Retry-After); a model call has AI_TIMEOUT_MS and stops when the client goes away.
 */
import { AiSchemaRequest, FieldworkError } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { DEFAULT_AI_SETTINGS, type AiSettings } from "../../ai/ai-settings";
import { chatCompletions } from "../../ai/chat-client";
import { formContext, suggestField } from "../../ai/suggest-field";
import { requireFormRole } from "../../auth/access";
import { callerKeyOf, clientGone } from "../../limits/load-limits";
import { hit } from "../../limits/rate-limit";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

export async function aiRoutes(app: FastifyInstance, options: { ai?: Partial<AiSettings> | undefined }): Promise<void> {
  const settings: AiSettings = { ...DEFAULT_AI_SETTINGS, ...options.ai };
  const { baseUrl } = settings;
  const complete = baseUrl ? chatCompletions({ ...settings, baseUrl }, (message) => app.log.warn(message)) : null;

  app.post("/ai/schema", async (request, reply) => {
    const body = parseBody(AiSchemaRequest, request.body);
    await requireFormRole(app.db, callerOf(request), body.form_id, "editor");
    const caller = callerKeyOf(request);
    if (settings.perMinute > 0 && caller) {
      const { hits, retry_after } = await hit(app.db, `ai:${caller}`, { max: settings.perMinute, window_seconds: 60 });
      if (hits > settings.perMinute) {
        reply.header("retry-after", String(retry_after));
        throw new FieldworkError("AI_RATE_LIMITED", `Too many field suggestions: at most ${settings.perMinute} a minute. Try again in ${retry_after} s.`);
      }
    }
    const signal = clientGone(reply);
    const context = await formContext(app.db, body.form_id, body.field_id, { timeoutMs: app.load.queryTimeoutMs, signal });
    return { data: await suggestField(complete, body.description, context, signal), error: null };
  });
}
