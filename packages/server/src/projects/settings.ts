/**
 * Renaming and deleting organizations and projects. A deletion drops the managed table of
 * every form inside in the same transaction as the rows (the foreign keys cascade to
 * documents, forms, fields, sessions…), so no response table outlives its form.
 */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { queueFormFiles } from "../forms/files/storage-deletes";
import { dropManagedTable } from "../tables/managed-table";
import { checkedName, taken } from "./names";

export async function updateOrganization(db: Kysely<DB>, organizationId: string, input: { name?: string | undefined; display_name?: string | undefined }) {
  if (input.name === undefined && input.display_name === undefined) throw new FieldworkError("MALFORMED_REQUEST", "Nothing to change: send a name or display_name.");
  const display_name = input.display_name?.trim();
  if (display_name === "") throw new FieldworkError("MALFORMED_REQUEST", "A display name cannot be empty.");
  return db.updateTable("organization")
    .set({ ...(input.name === undefined ? {} : { name: checkedName(input.name) }), ...(display_name === undefined ? {} : { display_name }) })
    .where("id", "=", organizationId).returning(["id", "name", "display_name"])
    .executeTakeFirstOrThrow().catch(taken("organization"));
}

export async function renameProject(db: Kysely<DB>, projectId: string, name: string) {
  return db.updateTable("project").set({ name: checkedName(name) }).where("id", "=", projectId)
    .returning(["id", "name"]).executeTakeFirstOrThrow().catch(taken("project"));
}

/** What a deletion takes with it, for the confirmation and the answer. */
export interface Removed { projects: number; documents: number; forms: number }

async function dropFormTables(trx: Kysely<DB>, projectIds: string[]): Promise<number> {
  if (!projectIds.length) return 0;
  const forms = await trx.selectFrom("form").select(["id", "table_name"]).where("project_id", "in", projectIds).execute();
  for (const form of forms) {
    // Its files go with it (forms/files/storage-deletes.ts), queued in this transaction.
    await queueFormFiles(trx, form);
    await dropManagedTable(trx, form.table_name);
  }
  return forms.length;
}

async function countDocuments(trx: Kysely<DB>, projectIds: string[]): Promise<number> {
  if (!projectIds.length) return 0;
  const { count } = await trx.selectFrom("document").select((eb) => eb.fn.countAll<string>().as("count"))
    .where("project_id", "in", projectIds).executeTakeFirstOrThrow();
  return Number(count);
}

export async function deleteProject(db: Kysely<DB>, projectId: string): Promise<Removed & { id: string }> {
  return db.transaction().execute(async (trx) => {
    const documents = await countDocuments(trx, [projectId]);
    const forms = await dropFormTables(trx, [projectId]);
    await trx.deleteFrom("project").where("id", "=", projectId).execute();
    return { id: projectId, projects: 1, documents, forms };
  });
}

export async function deleteOrganization(db: Kysely<DB>, organizationId: string): Promise<Removed & { id: string }> {
  return db.transaction().execute(async (trx) => {
    const projectIds = (await trx.selectFrom("project").select("id").where("organization_id", "=", organizationId).execute()).map((p) => p.id);
    const documents = await countDocuments(trx, projectIds);
    const forms = await dropFormTables(trx, projectIds);
    await trx.deleteFrom("organization").where("id", "=", organizationId).execute();
    return { id: organizationId, projects: projectIds.length, documents, forms };
  });
}
