/**
 * `POST /private/editor/settings/{name}` (spec 2 §7): the form id travels in the body, so
 * only it is read first (a tiny schema), access is checked on its form, and only then is
 * the rest of the body parsed with the call's schema.
 */
import { FieldworkError, LIMITS, SETTINGS_CALLS, type SettingsCall } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireFormRole } from "../../auth/access";
import { saveSetting } from "../../forms/editor/settings";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const SettingsParams = z.object({ name: z.string().max(LIMITS.short_text_length) });
/** Only the form id, whatever else the body holds. */
const FormOfBody = z.object({ form_id: z.string().max(LIMITS.short_text_length) });

const isSettingsCall = (name: string): name is SettingsCall => Object.hasOwn(SETTINGS_CALLS, name);

export async function editorSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post("/settings/:name", { schema: { params: SettingsParams } }, async (request) => {
    const { name } = request.params;
    if (!isSettingsCall(name)) throw new FieldworkError("NOT_FOUND");
    const form = FormOfBody.safeParse(request.body);
    if (!form.success) throw new FieldworkError("NOT_FOUND");
    await requireFormRole(app.db, callerOf(request), form.data.form_id, "editor");
    const body = parseBody(SETTINGS_CALLS[name], request.body);
    return { data: await saveSetting(app.db, name, body), error: null };
  });
}
