import { LIMITS } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireDocumentRole, requireProjectRole } from "../../auth/access";
import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from "../../projects/documents";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const ProjectParams = z.object({ project_id: z.string().max(LIMITS.short_text_length) });
const DocumentParams = z.object({ document_id: z.string().max(LIMITS.short_text_length) });
const Title = z.string().max(LIMITS.title_length, `A title has at most ${LIMITS.title_length} characters.`);
/** `template`: a starter form of core's FORM_TEMPLATES (forms only). */
const NewDocument = z.object({ doctype: z.string().max(LIMITS.short_text_length), title: Title, template: z.string().max(64).optional() });
const DocumentPatch = z.strictObject({ title: Title.optional(), published: z.boolean().optional() });

export async function documentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/projects/:project_id/documents", { schema: { params: ProjectParams } }, async (request) => {
    await requireProjectRole(app.db, callerOf(request), request.params.project_id, "viewer");
    return { data: await listDocuments(app.db, request.params.project_id), error: null };
  });

  // Access is checked before the body is read (a stranger learns nothing but 404), so the
  // body schema applies in the handler.
  app.post("/projects/:project_id/documents", { schema: { params: ProjectParams } }, async (request, reply) => {
    await requireProjectRole(app.db, callerOf(request), request.params.project_id, "editor");
    const body = parseBody(NewDocument, request.body);
    return reply.code(201).send({ data: await createDocument(app.db, request.params.project_id, body), error: null });
  });

  app.get("/documents/:document_id", { schema: { params: DocumentParams } }, async (request) => {
    const doc = await requireDocumentRole(app.db, callerOf(request), request.params.document_id, "viewer");
    return { data: await getDocument(app.db, doc), error: null };
  });

  app.patch("/documents/:document_id", { schema: { params: DocumentParams } }, async (request) => {
    const doc = await requireDocumentRole(app.db, callerOf(request), request.params.document_id, "editor");
    return { data: await updateDocument(app.db, doc, parseBody(DocumentPatch, request.body)), error: null };
  });

  app.delete("/documents/:document_id", { schema: { params: DocumentParams } }, async (request) => {
    const doc = await requireDocumentRole(app.db, callerOf(request), request.params.document_id, "editor");
    return { data: await deleteDocument(app.db, doc), error: null };
  });
}
