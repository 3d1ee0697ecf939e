/**
 * The form editor (docs/private-api.md "Form editor"): the form as the editor shows it, and
 * revisioned writes of fields, blocks, theme and ending. Access is checked first (a
 * stranger gets 404 whatever they send), then the body is read; services own transactions.
 */
import {
  BlockCreate, BlockSort, BlockUpdate, EndingUpdate, StartPageUpdate, FieldBlockCreate, FieldCreate, FieldUpdate, LIMITS,
  RevisionQuery, ThemeUpdate,
} from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireFormRole } from "../../auth/access";
import { createBlock, createFieldBlock } from "../../forms/editor/block-create";
import { removeBlock, sortBlock, updateBlock } from "../../forms/editor/block-edit";
import { loadEditorDocument } from "../../forms/editor/editor-document";
import { createEditorField } from "../../forms/editor/field-create";
import { countAnswers, deleteEditorField } from "../../forms/editor/field-delete";
import { updateEditorField } from "../../forms/editor/field-update";
import { updateEnding, updateTheme } from "../../forms/editor/theme-ending";
import { updateStartPage } from "../../forms/editor/start-page";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const id = z.string().max(LIMITS.short_text_length);
const FormParams = z.object({ form_id: id });
const FieldParams = z.object({ form_id: id, field_id: id });
const BlockParams = z.object({ form_id: id, block_id: id });

export async function formEditorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  type FormRequest = FastifyRequest & { params: { form_id: string } };
  const viewer = (request: FormRequest) => requireFormRole(app.db, callerOf(request), request.params.form_id, "viewer");
  const editor = (request: FormRequest) => requireFormRole(app.db, callerOf(request), request.params.form_id, "editor");
  const ok = <T>(data: T) => ({ data, error: null });

  app.get("/forms/:form_id", { schema: { params: FormParams } }, async (request) => {
    await viewer(request);
    return ok(await loadEditorDocument(app.db, request.params.form_id));
  });

  app.post("/forms/:form_id/fields", { schema: { params: FormParams } }, async (request, reply) => {
    await editor(request);
    const body = parseBody(FieldCreate, request.body);
    return reply.code(201).send(ok(await createEditorField(app.db, request.params.form_id, body)));
  });

  app.patch("/forms/:form_id/fields/:field_id", { schema: { params: FieldParams } }, async (request) => {
    await editor(request);
    const body = parseBody(FieldUpdate, request.body);
    return ok(await updateEditorField(app.db, request.params.form_id, request.params.field_id, body));
  });

  app.delete("/forms/:form_id/fields/:field_id", { schema: { params: FieldParams } }, async (request) => {
    await editor(request);
    const { revision } = parseBody(RevisionQuery, request.query);
    return ok(await deleteEditorField(app.db, request.params.form_id, request.params.field_id, revision));
  });

  app.get("/forms/:form_id/fields/:field_id/answers", { schema: { params: FieldParams } }, async (request) => {
    await viewer(request);
    return ok(await countAnswers(app.db, request.params.form_id, request.params.field_id));
  });

  app.post("/forms/:form_id/blocks", { schema: { params: FormParams } }, async (request, reply) => {
    await editor(request);
    const body = parseBody(BlockCreate, request.body);
    return reply.code(201).send(ok(await createBlock(app.db, request.params.form_id, body)));
  });

  app.post("/forms/:form_id/blocks/field", { schema: { params: FormParams } }, async (request, reply) => {
    await editor(request);
    const body = parseBody(FieldBlockCreate, request.body);
    return reply.code(201).send(ok(await createFieldBlock(app.db, request.params.form_id, body)));
  });

  app.post("/forms/:form_id/blocks/sort", { schema: { params: FormParams } }, async (request) => {
    await editor(request);
    return ok(await sortBlock(app.db, request.params.form_id, parseBody(BlockSort, request.body)));
  });

  app.patch("/forms/:form_id/blocks/:block_id", { schema: { params: BlockParams } }, async (request) => {
    await editor(request);
    const body = parseBody(BlockUpdate, request.body);
    return ok(await updateBlock(app.db, request.params.form_id, request.params.block_id, body));
  });

  app.delete("/forms/:form_id/blocks/:block_id", { schema: { params: BlockParams } }, async (request) => {
    await editor(request);
    const { revision } = parseBody(RevisionQuery, request.query);
    return ok(await removeBlock(app.db, request.params.form_id, request.params.block_id, revision));
  });

  app.patch("/forms/:form_id/theme", { schema: { params: FormParams } }, async (request) => {
    await editor(request);
    return ok(await updateTheme(app.db, request.params.form_id, parseBody(ThemeUpdate, request.body)));
  });

  app.patch("/forms/:form_id/ending", { schema: { params: FormParams } }, async (request) => {
    await editor(request);
    return ok(await updateEnding(app.db, request.params.form_id, parseBody(EndingUpdate, request.body)));
  });

  app.patch("/forms/:form_id/start-page", { schema: { params: FormParams } }, async (request) => {
    await editor(request);
    return ok(await updateStartPage(app.db, request.params.form_id, parseBody(StartPageUpdate, request.body)));
  });
}
