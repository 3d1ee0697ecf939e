/**
 * A project with a typed form table for Data API tests: an owner, API keys of each role
 * and the "people" form (text, email, number, date, datetime, time, boolean, choice, list
 * columns), on whichever backend the test loops over.
 */
import type { FastifyInstance } from "fastify";
import { buildApp, type AppOptions } from "../app";
import type { Database } from "../db/database";
import { as, ORIGIN, signUp, type Member } from "./accounts";
import type { Backend } from "./backends";

export const PEOPLE_FORM = {
  title: "People",
  fields: [
    { name: "name", type: "text", label: "Name", required: true },
    { name: "email", type: "email", label: "Email" },
    { name: "bio", type: "textarea", label: "Bio" },
    { name: "age", type: "number", label: "Age", min: 0, max: 200 },
    { name: "born", type: "date", label: "Born" },
    { name: "seen_at", type: "datetime-local", label: "Seen at" },
    { name: "wakes", type: "time", label: "Wakes" },
    { name: "vip", type: "checkbox", label: "VIP" },
    { name: "plan", type: "radio", label: "Plan", options: [{ value: "free" }, { value: "team" }, { value: "enterprise" }] },
    {
      name: "tags", type: "checkboxes", label: "Tags",
      options: [{ value: "red" }, { value: "green" }, { value: "blue" }, { value: "a,b" }, { value: "quo\"te" }],
    },
  ],
  blocks: [],
};

export interface DataApiFixture {
  database: Database;
  app: FastifyInstance;
  owner: Member;
  project: string;
  /** Tokens of API keys with these roles. */
  keys: { viewer: string; editor: string };
  /** `form_data` table name and form id of the people form. */
  table: string;
  form_id: string;
  close(): Promise<void>;
}

export async function openDataApiFixture(backend: Backend, name: string, options: Partial<AppOptions> = {}): Promise<DataApiFixture> {
  const database = await backend.open();
  const app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0, ...options });
  const owner = await signUp(app, `${name}@example.com`, "correct horse battery", "10.9.0.1");
  const org = (await as(app, owner)("POST", "/private/editor/organizations", { name })).json().data.id;
  const project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "data" })).json().data.id;
  const key = async (role: string) =>
    (await as(app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: role, role })).json().data.token as string;
  const keys = { viewer: await key("viewer"), editor: await key("editor") };
  const answer = (await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, PEOPLE_FORM)).json();
  if (!answer.data) throw new Error(`import failed: ${JSON.stringify(answer.error)}`);
  const created = answer.data;
  const form = await database.db.selectFrom("form").select(["id", "table_name"]).where("id", "=", created.id).executeTakeFirstOrThrow();
  return {
    database, app, owner, project, keys, table: form.table_name, form_id: form.id,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
