/**
 * Documents of the five doctypes. A form document owns a form and its managed table, made
 * and dropped in the same transaction as the document.
 */
import { assertDoctype, FieldworkError, FormDefinition, type Doctype } from "@fieldwork/core";
import type { Kysely, Selectable } from "kysely";
import type { DB, DocumentTable } from "../db/schema";
import { createForm } from "../forms/definition-import";
import { bumpRevision } from "../forms/form-record";
import { dropManagedTable } from "../tables/managed-table";

export interface DocumentView {
  id: string;
  project_id: string;
  doctype: Doctype;
  title: string;
  form_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const view = (doc: Selectable<DocumentTable>, form_id: string | null): DocumentView => ({
  id: doc.id, project_id: doc.project_id, doctype: doc.doctype, title: doc.title, form_id,
  created_at: doc.created_at, updated_at: doc.updated_at,
});

function cleanTitle(title: unknown): string {
  if (typeof title !== "string" || !title.trim()) throw new FieldworkError("MALFORMED_REQUEST", "A document needs a title.");
  return title.trim().slice(0, 200);
}

export async function listDocuments(db: Kysely<DB>, projectId: string): Promise<DocumentView[]> {
  const rows = await db.selectFrom("document").leftJoin("form", "form.document_id", "document.id")
    .selectAll("document").select("form.id as form_id")
    .where("document.project_id", "=", projectId).orderBy("document.updated_at", "desc").execute();
  return rows.map((row) => view(row, row.form_id));
}

export async function getDocument(db: Kysely<DB>, doc: Selectable<DocumentTable>): Promise<DocumentView> {
  const form = await db.selectFrom("form").select("id").where("document_id", "=", doc.id).executeTakeFirst();
  return view(doc, form?.id ?? null);
}

export async function createDocument(db: Kysely<DB>, projectId: string, input: { doctype: unknown; title: unknown }): Promise<DocumentView> {
  assertDoctype(input.doctype);
  const doctype = input.doctype;
  const title = cleanTitle(input.title);
  return db.transaction().execute(async (trx) => {
    if (doctype === "v0_form") {
      const form = await createForm(trx, projectId, FormDefinition.parse({ title, settings: { published: false } }));
      const doc = await trx.selectFrom("document").selectAll().where("id", "=", form.document_id).executeTakeFirstOrThrow();
      return view(doc, form.id);
    }
    const doc = await trx.insertInto("document").values({ project_id: projectId, doctype, title }).returningAll().executeTakeFirstOrThrow();
    return view(doc, null);
  });
}

export async function renameDocument(db: Kysely<DB>, doc: Selectable<DocumentTable>, title: unknown): Promise<DocumentView> {
  const clean = cleanTitle(title);
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable("document").set({ title: clean, updated_at: new Date() })
      .where("id", "=", doc.id).returningAll().executeTakeFirstOrThrow();
    const form = await trx.updateTable("form").set({ title: clean }).where("document_id", "=", doc.id).returning("id").executeTakeFirst();
    if (form) await bumpRevision(trx, form.id);
    return view(row, form?.id ?? null);
  });
}

export async function deleteDocument(db: Kysely<DB>, doc: Selectable<DocumentTable>): Promise<{ id: string }> {
  await db.transaction().execute(async (trx) => {
    const forms = await trx.selectFrom("form").select(["id", "table_name"]).where("document_id", "=", doc.id).execute();
    for (const form of forms) {
      await dropManagedTable(trx, form.table_name);
      await trx.deleteFrom("form").where("id", "=", form.id).execute();
    }
    await trx.deleteFrom("document").where("id", "=", doc.id).execute();
  });
  return { id: doc.id };
}
