/**
 * What the app serves of one form, to compare across a backup and restore or an upgrade:
 * the public page (status and whether it names the form), the public load's form
 * definition, and the answers the Data API returns in local_index order.
 */
import type { FastifyInstance } from "fastify";
import { createApiKey } from "../auth/api-keys";
import type { Database } from "../db/database";

export interface ServedForm {
  page: { status: number; names_title: boolean };
  definition: unknown;
  rows: Record<string, unknown>[];
}

export async function servedForm(app: FastifyInstance, formId: string, viewerKey: string): Promise<ServedForm> {
  const form = await app.db.selectFrom("form").select(["table_name", "title"]).where("id", "=", formId).executeTakeFirstOrThrow();
  const page = await app.inject({ method: "GET", url: `/d/e/${formId}`, headers: { accept: "text/html" } });
  const load = await app.inject({ method: "GET", url: `/v1/${formId}`, headers: { accept: "application/json" } });
  const rows = await app.inject({
    method: "GET", url: `/rest/v1/${form.table_name}?order=local_index.asc`, headers: { authorization: `Bearer ${viewerKey}`, accept: "application/json" },
  });
  if (rows.statusCode !== 200) throw new Error(`Data API answered ${rows.statusCode}: ${rows.body}`);
  const loaded = load.json() as { data?: { definition?: unknown; form?: unknown } };
  return {
    page: { status: page.statusCode, names_title: page.body.includes(form.title ?? "\u0000") },
    definition: loaded.data?.definition ?? loaded.data?.form ?? loaded.data,
    rows: rows.json() as Record<string, unknown>[],
  };
}

/**
 * A viewer API key for the project that holds `formId`, made in the name of an owner of its
 * organization (directly: a fixture's owner has a password nobody knows).
 */
export async function viewerKeyFor(database: Database, formId: string): Promise<string> {
  const owner = await database.db.selectFrom("form as f")
    .innerJoin("project as p", "p.id", "f.project_id")
    .innerJoin("organization_member as m", "m.organization_id", "p.organization_id")
    .select(["f.project_id", "m.user_id"]).where("f.id", "=", formId).where("m.role", "=", "owner")
    .executeTakeFirstOrThrow();
  return (await createApiKey(database.db, { project_id: owner.project_id, name: "test viewer", role: "viewer", created_by: owner.user_id })).token;
}
