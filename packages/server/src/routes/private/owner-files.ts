/**
 * The owner's file routes (spec 2 §7, spec 3 §7), member session, under /private/editor:
 *
 * - `GET /{form_id}/fields/{field_id}/file/preview/public-url?path=` → `{data:{publicUrl}}` (viewer)
 * - `GET /{form_id}/fields/{field_id}/file/preview/src?path=&width=&download=true` → 302 to a
 *   fresh signed URL (viewer): a stable link for exports and bookmarks
 * - `PUT /{form_id}/fields/{field_id}/file/upsert?path=`, body `{file:{name,size}}` optional →
 *   `{data:{signedUrl}}` (editor): PUT the new bytes there; the path stays, the transform cache
 *   keys on the object's size and time, and the answer's reference takes the new bytes' metadata
 *   (and the name) when they land (forms/files/upload-landing.ts)
 * - `POST /{form_id}/rows/{row_id}/fields/{field_id}/files/signed-upload-url`, body `{file:{name,size}}`
 *   → `{data:{signedUrl, path, token}}` (editor): the file joins the row's answer when its PUT lands
 * - `POST /{form_id}/storage/pool`, and spec 3 §7's `/connect/{table_id}/supabase/table/{table_id}/storage/pool`
 *   with the form's id in both places: body a list of ≤ 100 row ids → `data[row_id][field_id]` = references
 *
 * A path must be stored in that field of one of the form's rows (file-references.ts): another
 * form's or field's files are STORAGE_OBJECT_NOT_FOUND whatever the path says.
 */
import {
  acceptOf, answerFolder, capabilityOf, filesOfAnswer, FieldworkError, FILE_LIMITS, FILE_REFERENCE_TTL_SECONDS, fileTooLargeMessage, imageTransformOf,
  imageTransformQuery, LIMITS, maxFilesOf, roleAtLeast, STORAGE_POOL_MAX_ROWS, storageNameOf, storageOf, withQuery, type FileReference,
} from "@fieldwork/core";
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { requireFormRole, roleInProject } from "../../auth/access";
import { fileFieldsOf, referencesOf, rowHoldingPath } from "../../forms/files/file-references";
import { grantUpload } from "../../forms/files/upload-grants";
import { UPLOAD_URL_SECONDS } from "../../forms/files/upload-urls";
import { loadFormRecord } from "../../forms/form-record";
import { queryGuardOf } from "../../limits/load-limits";
import { guarded } from "../../query/query-guard";
import { managedTable } from "../../tables/managed-names";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const id = z.string().max(LIMITS.short_text_length);
const FieldParams = z.object({ form_id: id, field_id: id });
const RowFieldParams = z.object({ form_id: id, row_id: id, field_id: id });
const PathQuery = z.looseObject({ path: z.string().max(4096).optional() });
const PoolBody = z.array(z.string().max(64)).max(STORAGE_POOL_MAX_ROWS);
const UpsertBody = z.object({ file: z.looseObject({ name: z.string().min(1).max(1024).optional(), size: z.number().int().nonnegative().optional() }).optional() }).optional();
const UploadBody = z.object({ file: z.strictObject({ name: z.string().min(1).max(1024), size: z.number().int().nonnegative() }) });
/** A pool request of 100 row ids, or one file's name and size, is far below this. */
const BODY_LIMIT = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function ownerFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sign = app.signStorageUrl;

  /** The form (caller has `min` there) and its file field. */
  const fileField = async (request: FastifyRequest, formId: string, fieldId: string, min: "viewer" | "editor") => {
    const form = await requireFormRole(app.db, callerOf(request), formId, min);
    const record = await loadFormRecord(app.db, form.id);
    const field = record?.fields.find((f) => f.id === fieldId);
    if (!record || !field || !capabilityOf(field.type).file) throw new FieldworkError("FIELD_NOT_FOUND");
    return { record, field };
  };
  const pathOf = (query: unknown) => {
    const { path } = parseBody(PathQuery, query);
    if (!path) throw new FieldworkError("STORAGE_NO_PATH");
    return path;
  };
  const signedGet = (key: string) => sign({ key, op: "get", expiresInSeconds: FILE_REFERENCE_TTL_SECONDS });

  app.get("/:form_id/fields/:field_id/file/preview/public-url", { schema: { params: FieldParams } }, async (request, reply) => {
    const { record, field } = await fileField(request, request.params.form_id, request.params.field_id, "viewer");
    const path = pathOf(request.query);
    await rowHoldingPath(app.db, queryGuardOf(request, reply), record, field, path);
    return { data: { publicUrl: signedGet(path) }, error: null };
  });

  app.get("/:form_id/fields/:field_id/file/preview/src", { schema: { params: FieldParams } }, async (request, reply) => {
    const { record, field } = await fileField(request, request.params.form_id, request.params.field_id, "viewer");
    const query = request.query as Record<string, unknown>;
    const path = pathOf(query);
    const transform = imageTransformOf({ width: query.width, height: query.height, resize: query.resize, quality: query.quality, format: query.format });
    if (!transform.ok) throw new FieldworkError("STORAGE_TRANSFORM_INVALID");
    await rowHoldingPath(app.db, queryGuardOf(request, reply), record, field, path);
    let url = signedGet(path);
    if (transform.transform) url = withQuery(url, imageTransformQuery(transform.transform));
    if (query.download === "true") url = withQuery(url, "download=true");
    return reply.code(302).header("cache-control", "no-store").redirect(url);
  });

  app.put("/:form_id/fields/:field_id/file/upsert", { schema: { params: FieldParams }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const { record, field } = await fileField(request, request.params.form_id, request.params.field_id, "editor");
    const path = pathOf(request.query);
    await rowHoldingPath(app.db, queryGuardOf(request, reply), record, field, path);
    // The client may say the new file's name (`{file:{name,size,type}}`): the answer takes it once the bytes land.
    const named = UpsertBody.safeParse(request.body);
    const name = named.success ? named.data?.file?.name : undefined;
    if (named.success && (named.data?.file?.size ?? 0) > FILE_LIMITS.signed_url_bytes) {
      throw new FieldworkError("STORAGE_OBJECT_TOO_LARGE", fileTooLargeMessage(FILE_LIMITS.signed_url_bytes), [field.name]);
    }
    const signed = sign({ key: path, op: "put", expiresInSeconds: UPLOAD_URL_SECONDS, maxBytes: FILE_LIMITS.signed_url_bytes, accept: acceptOf(field) });
    const signedUrl = name ? withQuery(signed, `name=${encodeURIComponent(storageNameOf(name))}`) : signed;
    return { data: { signedUrl }, error: null };
  });

  app.post("/:form_id/rows/:row_id/fields/:field_id/files/signed-upload-url", { schema: { params: RowFieldParams }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const { form_id, row_id, field_id } = request.params;
    const { record, field } = await fileField(request, form_id, field_id, "editor");
    const { file } = parseBody(UploadBody, request.body);
    if (file.size > FILE_LIMITS.signed_url_bytes) throw new FieldworkError("STORAGE_OBJECT_TOO_LARGE", fileTooLargeMessage(FILE_LIMITS.signed_url_bytes), [field.name]);
    if (!UUID.test(row_id)) throw new FieldworkError("NOT_FOUND");
    const rowId = row_id.toLowerCase();
    // The row's folder in the form's folder, or the answer's folder in the field's bucket.
    const storage = storageOf(field);
    const folder = storage.bucket === null
      ? `${record.form.id}/${rowId}/${field.id}`
      : answerFolder(record.form.id, storage, { row_id: rowId, field_id: field.id, session_id: "_" });
    const key = `${folder}/${randomUUID()}/${storageNameOf(file.name)}`;
    const column = sql.ref(field.name);
    const { rows } = await guarded(app.db, queryGuardOf(request, reply), (g) =>
      sql<{ value: unknown }>`select ${column} as value from ${managedTable(record.form.table_name)} where id = ${rowId}::uuid`.execute(g));
    if (rows.length === 0) throw new FieldworkError("NOT_FOUND");
    if (filesOfAnswer(rows[0]!.value).length >= maxFilesOf(field)) {
      throw new FieldworkError("INVALID_FIELD_VALUE", `${field.name} holds at most ${maxFilesOf(field)} files.`, [field.name]);
    }
    // The row gets the file when its PUT lands (upload-landing.ts), with the stored size and
    // type; until then a grant names it, and retention removes it if the PUT never comes.
    await grantUpload(app.db, {
      key, form_id: record.form.id, field_id: field.id, session_id: null, max_bytes: FILE_LIMITS.signed_url_bytes, row_id: rowId, name: file.name.slice(0, 255),
    });
    const signedUrl = sign({ key, op: "put", expiresInSeconds: UPLOAD_URL_SECONDS, maxBytes: FILE_LIMITS.signed_url_bytes, accept: acceptOf(field) });
    return { data: { signedUrl, path: key, token: new URL(signedUrl, "http://x").searchParams.get("token") ?? "" }, error: null };
  });

  const pool = async (request: FastifyRequest, formId: string, reply: Parameters<typeof queryGuardOf>[1]) => {
    const form = await requireFormRole(app.db, callerOf(request), formId, "viewer");
    // Upsert links for those who may replace files (editors and owners).
    const role = await roleInProject(app.db, callerOf(request), form.project_id);
    const upsert = role !== null && roleAtLeast(role, "editor");
    const ids = parseBody(PoolBody, request.body);
    const record = await loadFormRecord(app.db, form.id);
    if (!record) throw new FieldworkError("NOT_FOUND");
    const fields = fileFieldsOf(record);
    const data: Record<string, Record<string, FileReference[]>> = {};
    const wanted = [...new Set(ids.filter((i) => UUID.test(i)).map((i) => i.toLowerCase()))];
    if (fields.length === 0 || wanted.length === 0) return { data, error: null };
    const { rows } = await guarded(app.db, queryGuardOf(request, reply), (g) => sql<Record<string, unknown>>`
      select id::text as id, ${sql.join(fields.map((f) => sql.ref(f.name)))} from ${managedTable(record.form.table_name)}
      where id in (${sql.join(wanted.map((i) => sql`${i}::uuid`))})`.execute(g));
    for (const row of rows) {
      data[row.id as string] = Object.fromEntries(fields.map((f) => [f.id, referencesOf(sign, record.form.id, f, row[f.name], { upsert })]));
    }
    return { data, error: null };
  };
  app.post("/:form_id/storage/pool", { schema: { params: z.object({ form_id: id }) }, bodyLimit: BODY_LIMIT }, async (request, reply) =>
    pool(request, request.params.form_id, reply));
  app.post("/connect/:table_id/supabase/table/:supabase_table_id/storage/pool",
    { schema: { params: z.object({ table_id: id, supabase_table_id: id }) }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
      if (request.params.table_id !== request.params.supabase_table_id) throw new FieldworkError("NOT_FOUND");
      return pool(request, request.params.table_id, reply);
    });
}
