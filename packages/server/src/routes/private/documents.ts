import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireDocumentRole, requireProjectRole } from "../../auth/access";
import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from "../../projects/documents";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

type ProjectParams = { Params: { project_id: string } };
type DocumentParams = { Params: { document_id: string } };

export async function documentRoutes(app: FastifyInstance): Promise<void> {
  app.get<ProjectParams>("/projects/:project_id/documents", async (request) => {
    await requireProjectRole(app.db, callerOf(request), request.params.project_id, "viewer");
    return { data: await listDocuments(app.db, request.params.project_id), error: null };
  });

  app.post<ProjectParams>("/projects/:project_id/documents", async (request, reply) => {
    await requireProjectRole(app.db, callerOf(request), request.params.project_id, "editor");
    const body = parseBody(z.object({ doctype: z.string(), title: z.string() }), request.body);
    return reply.code(201).send({ data: await createDocument(app.db, request.params.project_id, body), error: null });
  });

  app.get<DocumentParams>("/documents/:document_id", async (request) => {
    const doc = await requireDocumentRole(app.db, callerOf(request), request.params.document_id, "viewer");
    return { data: await getDocument(app.db, doc), error: null };
  });

  app.patch<DocumentParams>("/documents/:document_id", async (request) => {
    const doc = await requireDocumentRole(app.db, callerOf(request), request.params.document_id, "editor");
    const body = parseBody(z.object({ title: z.string().optional(), published: z.boolean().optional() }).strict(), request.body);
    return { data: await updateDocument(app.db, doc, body), error: null };
  });

  app.delete<DocumentParams>("/documents/:document_id", async (request) => {
    const doc = await requireDocumentRole(app.db, callerOf(request), request.params.document_id, "editor");
    return { data: await deleteDocument(app.db, doc), error: null };
  });
}
