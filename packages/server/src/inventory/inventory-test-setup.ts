/**
 * What the inventory tests share: an app on a backend, an owner with a project, and helpers
 * to make a choice field and call the private editor API.
 */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import type { Backend } from "../test/backends";

export type Caller = Member | { bearer: string };
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface InventoryWorld {
  database: Database;
  app: FastifyInstance;
  owner: Member;
  project: string;
  call(who: Caller, method: Method, path: string, body?: unknown): ReturnType<ReturnType<typeof as>>;
  newForm(project?: string, who?: Caller): Promise<{ form: string; document: string }>;
  revisionOf(form: string): Promise<number>;
  addChoice(form: string, name: string, values: string[], extra?: Record<string, unknown>): Promise<string>;
  optionsOf(form: string, fieldId: string): Promise<{ id: string; value: string }[]>;
  close(): Promise<void>;
}

let counter = 0;

export async function inventoryWorld(backend: Backend, tag: string): Promise<InventoryWorld> {
  const database = await backend.open();
  const app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
  const owner = await signUp(app, `inventory-${tag}@example.com`, "correct horse battery", `10.31.${++counter}.1`);
  const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: `inventory-${tag}` })).json().data.id as string;
  const project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "shop" })).json().data.id as string;
  const call = (who: Caller, method: Method, path: string, body?: unknown) => as(app, who)(method, `/private/editor${path}`, body);
  const revisionOf = async (form: string) => (await call(owner, "GET", `/forms/${form}`)).json().data.revision as number;
  let titles = 0;
  return {
    database, app, owner, project, call, revisionOf,
    async newForm(inProject = project, who: Caller = owner) {
      const data = (await call(who, "POST", `/projects/${inProject}/documents`, { doctype: "v0_form", title: `Order ${++titles}` })).json().data;
      return { form: data.form_id as string, document: data.id as string };
    },
    async addChoice(form, name, values, extra = {}) {
      const options = values.map((value) => ({ value, label: value }));
      const response = await call(owner, "POST", `/forms/${form}/fields`, { revision: await revisionOf(form), field: { name, type: "radio", options, ...extra } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.field_id as string;
    },
    async optionsOf(form, fieldId) {
      const doc = (await call(owner, "GET", `/forms/${form}`)).json().data;
      const field = doc.fields.find((f: { id: string }) => f.id === fieldId);
      return field.options.map((o: { id: string; value: string }) => ({ id: o.id, value: o.value }));
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
