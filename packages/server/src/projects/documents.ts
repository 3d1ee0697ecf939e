/**
 * Documents of the five doctypes. A form document owns a form and its managed table, a bucket
 * document its bucket row (buckets/bucket-service.ts), made and dropped in the same
 * transaction as the document.
 */
import { assertDoctype, FieldworkError, FormDefinition, formTemplate, LIMITS, type Doctype } from "@fieldwork/core";
import type { Kysely, Selectable } from "kysely";
import type { DB, DocumentTable } from "../db/schema";
import { createForm, parseDefinition } from "../forms/definition-import";
import { queueFormFiles } from "../forms/files/storage-deletes";
import { bumpRevision } from "../forms/form-record";
import { dropManagedTable } from "../tables/managed-table";
import { createBucketRow, queueBucketDelete } from "../buckets/bucket-service";
import { dropSchemaTables } from "../schemas/schema-service";

export interface DocumentView {
  id: string;
  project_id: string;
  doctype: Doctype;
  title: string;
  form_id: string | null;
  /** Whether the form is served at `/d/e/{form_id}`; null for the other doctypes. */
  published: boolean | null;
  created_at: Date;
  updated_at: Date;
}

type FormOf = { id: string; is_published: boolean } | null | undefined;

const view = (doc: Selectable<DocumentTable>, form: FormOf): DocumentView => ({
  id: doc.id, project_id: doc.project_id, doctype: doc.doctype, title: doc.title,
  form_id: form?.id ?? null, published: form ? form.is_published : null,
  created_at: doc.created_at, updated_at: doc.updated_at,
});

/** The changes `PATCH /documents/{document_id}` takes: a new title, and publishing a form. */
export interface DocumentPatch {
  title?: unknown;
  published?: boolean;
}

function cleanTitle(title: unknown): string {
  if (typeof title !== "string" || !title.trim()) throw new FieldworkError("MALFORMED_REQUEST", "A document needs a title.");
  if (title.length > LIMITS.title_length) throw new FieldworkError("MALFORMED_REQUEST", `A title has at most ${LIMITS.title_length} characters.`);
  return title.trim();
}

export async function listDocuments(db: Kysely<DB>, projectId: string): Promise<DocumentView[]> {
  const rows = await db.selectFrom("document").leftJoin("form", "form.document_id", "document.id")
    .selectAll("document").select(["form.id as form_id", "form.is_published"])
    .where("document.project_id", "=", projectId).orderBy("document.updated_at", "desc").execute();
  return rows.map((row) => view(row, row.form_id ? { id: row.form_id, is_published: row.is_published ?? false } : null));
}

export async function getDocument(db: Kysely<DB>, doc: Selectable<DocumentTable>): Promise<DocumentView> {
  const form = await db.selectFrom("form").select(["id", "is_published"]).where("document_id", "=", doc.id).executeTakeFirst();
  return view(doc, form);
}

/** The definition a new form starts from: blank, or a starter template (core `FORM_TEMPLATES`) under the owner's title. */
function newFormDefinition(title: string, templateId: string | undefined) {
  if (templateId === undefined) return FormDefinition.parse({ title, settings: { published: false } });
  const template = formTemplate(templateId);
  if (!template) throw new FieldworkError("MALFORMED_REQUEST", `There is no template ${JSON.stringify(templateId)}.`);
  return parseDefinition({ ...template.definition, title, settings: { ...template.definition.settings, published: false } });
}

export async function createDocument(
  db: Kysely<DB>, projectId: string, input: { doctype: unknown; title: unknown; template?: string | undefined },
): Promise<DocumentView> {
  assertDoctype(input.doctype);
  const doctype = input.doctype;
  const title = cleanTitle(input.title);
  if (input.template !== undefined && doctype !== "v0_form") throw new FieldworkError("MALFORMED_REQUEST", "Only forms start from a template.");
  return db.transaction().execute(async (trx) => {
    if (doctype === "v0_form") {
      const form = await createForm(trx, projectId, newFormDefinition(title, input.template));
      const doc = await trx.selectFrom("document").selectAll().where("id", "=", form.document_id).executeTakeFirstOrThrow();
      return view(doc, { id: form.id, is_published: false });
    }
    const doc = await trx.insertInto("document").values({ project_id: projectId, doctype, title }).returningAll().executeTakeFirstOrThrow();
    if (doctype === "v0_bucket") await createBucketRow(trx, doc);
    return view(doc, null);
  });
}

/**
 * Renames a document (its form's title too) and publishes or unpublishes its form; a form's
 * definition revision moves so the public side stops serving the old one.
 */
export async function updateDocument(db: Kysely<DB>, doc: Selectable<DocumentTable>, patch: DocumentPatch): Promise<DocumentView> {
  if (patch.title === undefined && patch.published === undefined) throw new FieldworkError("MALFORMED_REQUEST", "Nothing to change: send a title or published.");
  if (patch.published !== undefined && doc.doctype !== "v0_form") throw new FieldworkError("MALFORMED_REQUEST", "Only a form can be published.");
  const title = patch.title === undefined ? undefined : cleanTitle(patch.title);
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable("document").set({ ...(title === undefined ? {} : { title }), updated_at: new Date() })
      .where("id", "=", doc.id).returningAll().executeTakeFirstOrThrow();
    const form = await trx.updateTable("form")
      .set({ ...(title === undefined ? {} : { title }), ...(patch.published === undefined ? {} : { is_published: patch.published }) })
      .where("document_id", "=", doc.id).returning(["id", "is_published"]).executeTakeFirst();
    if (form) await bumpRevision(trx, form.id);
    return view(row, form);
  });
}

export async function deleteDocument(db: Kysely<DB>, doc: Selectable<DocumentTable>): Promise<{ id: string }> {
  await db.transaction().execute(async (trx) => {
    const forms = await trx.selectFrom("form").select(["id", "table_name"]).where("document_id", "=", doc.id).execute();
    for (const form of forms) {
      // The form's folder and its fields' files in buckets (forms/files/storage-deletes.ts).
      await queueFormFiles(trx, form);
      await dropManagedTable(trx, form.table_name);
      await trx.deleteFrom("form").where("id", "=", form.id).execute();
    }
    // A bucket's row goes with its document (on delete cascade), its objects through the outbox.
    if (doc.doctype === "v0_bucket") await queueBucketDelete(trx, doc.id);
    // A schema's tables go with it (their rows of schema_table on delete cascade).
    if (doc.doctype === "v0_schema") await dropSchemaTables(trx, doc.id);
    await trx.deleteFrom("document").where("id", "=", doc.id).execute();
  });
  return { id: doc.id };
}
