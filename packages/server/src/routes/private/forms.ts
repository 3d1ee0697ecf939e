import { publicFormUrl } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireFormRole, requireProjectRole } from "../../auth/access";
import { exportForm } from "../../forms/definition-export";
import { importForm } from "../../forms/definition-import";
import { listResponses, RESPONSES_PAGE } from "../../forms/responses";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

type FormParams = { Params: { form_id: string } };

const Page = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(RESPONSES_PAGE).default(RESPONSES_PAGE),
});

/**
 * Forms for scripts and the CLI (a project API key or a session): a form's definition file,
 * its responses page by page, and importing a definition file into a project.
 */
export async function formRoutes(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  app.get<FormParams>("/forms/:form_id/definition", async (request) => {
    await requireFormRole(app.db, callerOf(request), request.params.form_id, "viewer");
    return { data: await exportForm(app.db, request.params.form_id), error: null };
  });

  /** `?after={local_index}&limit={1…1000}`: rows in `local_index` order; a short page is the last. */
  app.get<FormParams & { Querystring: Record<string, string> }>("/forms/:form_id/responses", async (request) => {
    await requireFormRole(app.db, callerOf(request), request.params.form_id, "viewer");
    const page = parseBody(Page, request.query);
    return { data: await listResponses(app.db, request.params.form_id, page), error: null };
  });

  app.post<{ Params: { project_id: string } }>("/projects/:project_id/forms", async (request, reply) => {
    await requireProjectRole(app.db, callerOf(request), request.params.project_id, "editor");
    const { id } = await importForm(app.db, request.params.project_id, request.body);
    return reply.code(201).send({ data: { id, url: publicFormUrl(options.publicUrl, id) }, error: null });
  });
}
