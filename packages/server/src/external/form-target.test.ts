/**
 * A form writing into a connected table (issue 24 item 4): the mapping is checked when the
 * form connects, a submit's answers pass the form's own checks and land in the connected
 * table, and a refusal of the connected database leaves no response anywhere. A form that
 * takes payments never writes into a connected table (a refusal there would part the money
 * from its answer): connecting it, or adding a payment field to a connected form, is refused.
 */
import { capabilityOf } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS, multipart } from "../test/backends";
import { createExternalDatabase, externalAvailable, type ExternalDatabase } from "../test/external-database";

const ORDER_FORM = {
  format: "fieldwork.form", version: 1, title: "Order", settings: { published: true },
  fields: [
    { name: "title", type: "text", label: "Title", required: true },
    { name: "author", type: "number", label: "Author" },
    { name: "mood", type: "radio", label: "Mood", options: [{ value: "happy" }, { value: "sad" }] },
    { name: "tags", type: "checkboxes", label: "Tags", options: [{ value: "t1" }, { value: "t2" }] },
  ],
  blocks: ["title", "author", "mood", "tags"].map((field) => ({ type: "field", field })),
};

describe.each(BACKENDS)("a form writing into a connected table, app on $name", (backend) => {
  const ready = backend.available && externalAvailable;
  let app: FastifyInstance;
  let database: Database;
  let ext: ExternalDatabase;
  let owner: Member, stranger: Member;
  let project: string, connection: string, strangerConnection: string, formId: string;
  let fieldIds: Record<string, string>;
  const api = (who: Member) => (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) => as(app, who)(method, `/private/editor${path}`, body);
  const submit = (entries: Record<string, string | string[]>) => {
    const body = multipart(entries);
    return app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
  };
  const connect = (body: unknown, who = owner) => api(who)("PUT", `/forms/${formId}/connect/with-x-sb-table`, body);
  const localRows = async () => {
    const table = (await database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow()).table_name;
    return Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(`form_data.${table}`)}`.execute(database.db)).rows[0]!.n);
  };

  beforeAll(async () => {
    if (!ready) return;
    ext = await createExternalDatabase();
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    [owner, stranger] = await Promise.all(["owner", "stranger"].map((n, i) => signUp(app, `${n}-ft@example.com`, "correct horse battery", `10.25.0.${i + 1}`))) as [Member, Member];
    const org = (await api(owner)("POST", "/organizations", { name: "formtarget" })).json().data.id as string;
    project = (await api(owner)("POST", `/organizations/${org}/projects`, { name: "orders" })).json().data.id as string;
    connection = (await api(owner)("POST", "/x-supabase/projects", { kind: "postgres", project_id: project, url: ext.url })).json().data.id as string;
    const strangerOrg = (await api(stranger)("POST", "/organizations", { name: "formtarget-other" })).json().data.id as string;
    const strangerProject = (await api(stranger)("POST", `/organizations/${strangerOrg}/projects`, { name: "other" })).json().data.id as string;
    strangerConnection = (await api(stranger)("POST", "/x-supabase/projects", { kind: "postgres", project_id: strangerProject, url: ext.url })).json().data.id as string;
    const created = await api(owner)("POST", `/projects/${project}/forms`, ORDER_FORM);
    formId = created.json().data.id as string;
    const fields = await database.db.selectFrom("form_field").select(["id", "name"]).where("form_id", "=", formId).execute();
    fieldIds = Object.fromEntries(fields.map((f) => [f.name, f.id]));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await ext?.drop();
  });

  it.skipIf(!ready)("checks the mapping when the form connects", async () => {
    const unmapped = await connect({ connection_id: connection, table: "books", mapping: { [fieldIds.author!]: "author_id" } });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().error).toMatchObject({ code: "FORM_MAPPING_INVALID", message: expect.stringContaining("title is required") });
    const badType = await connect({ connection_id: connection, table: "books", mapping: { [fieldIds.title!]: "title", [fieldIds.tags!]: "price" } });
    expect(badType.json().error.message).toContain("tags (checkboxes) does not fit price (numeric)");
    const readOnly = await connect({ connection_id: connection, table: "log_lines" });
    expect(readOnly.json().error.code).toBe("READ_ONLY_TABLE");
    const theirs = await connect({ connection_id: strangerConnection, table: "books" });
    const none = await connect({ connection_id: "00000000-0000-4000-8000-000000000000", table: "books" });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    expect((await connect({ connection_id: connection, table: "nope" })).json().error.code).toBe("NOT_FOUND");
    expect((await connect({ connection_id: connection, table: "books" }, stranger)).statusCode).toBe(404);
    for (const body of [null, [], { connection_id: 5 }, { connection_id: connection, table: "books", mapping: { x: 1 } }]) {
      const answer = await connect(body);
      expect(answer.statusCode, answer.body).toBe(400);
    }
  });

  it.skipIf(!ready)("a submit's answers land in the connected table, checked like any answer", async () => {
    const mapping = { [fieldIds.title!]: "title", [fieldIds.author!]: "author_id", [fieldIds.mood!]: "mood", [fieldIds.tags!]: "tags" };
    const connected = await connect({ connection_id: connection, table: "books", mapping });
    expect(connected.statusCode, connected.body).toBe(200);
    expect((await api(owner)("GET", `/forms/${formId}/connect/with-x-sb-table`)).json().data).toMatchObject({ table: "books", mapping });

    const ok = await submit({ title: "From the form", author: "2", mood: "sad", tags: ["t1", "t2"] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await ext.query("select title, author_id, mood::text, tags, price::text from books where title = 'From the form'"))
      .toEqual([{ title: "From the form", author_id: 2, mood: "sad", tags: ["t1", "t2"], price: "0.00" }]);
    expect(await localRows()).toBe(1);

    // The same checks and limits as the form's own table: nothing is sent.
    const missing = await submit({ mood: "happy" });
    expect(missing.statusCode).toBe(400);
    const tooLong = await submit({ title: "x".repeat(capabilityOf("text").max_length + 1) });
    expect(tooLong.statusCode).toBe(400);
    const notAnOption = await submit({ title: "Bad", mood: "angry" });
    expect(notAnOption.statusCode).toBe(400);
    expect(await ext.query("select count(*)::int as n from books where title = 'Bad' or length(title) > 1000")).toEqual([{ n: 0 }]);

    // The connected database refuses (no such author): the visitor is told, and no row stays here either.
    const refused = await submit({ title: "Orphan", author: "999" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("FOREIGN_KEY_VIOLATION");
    expect(await localRows()).toBe(1);
    expect(await ext.query("select count(*)::int as n from books where title = 'Orphan'")).toEqual([{ n: 0 }]);

    // A schema refresh keeps the form writing there; disconnecting stops it at the next submit.
    expect((await api(owner)("PATCH", `/x-supabase/projects/${connection}`)).statusCode).toBe(200);
    expect((await submit({ title: "After refresh" })).statusCode).toBe(201);
    expect(await ext.query("select count(*)::int as n from books where title = 'After refresh'")).toEqual([{ n: 1 }]);
    expect((await api(owner)("DELETE", `/forms/${formId}/connect/with-x-sb-table`)).statusCode).toBe(204);
    expect((await submit({ title: "Only here" })).statusCode).toBe(201);
    expect(await ext.query("select count(*)::int as n from books where title = 'Only here'")).toEqual([{ n: 0 }]);
    expect(await localRows()).toBe(3);
    // A deleted connection takes its form targets with it, on every instance's next submit.
    expect((await connect({ connection_id: connection, table: "books", mapping })).statusCode).toBe(200);
    expect((await submit({ title: "Before delete" })).statusCode).toBe(201);
    expect((await api(owner)("DELETE", `/x-supabase/projects/${connection}`)).statusCode).toBe(204);
    expect((await submit({ title: "After delete" })).statusCode).toBe(201);
    expect(await ext.query("select title from books where title like '% delete' order by title")).toEqual([{ title: "Before delete" }]);
  });

  it.skipIf(!ready)("a paid form is not connected, and a connected form takes no payment field", async () => {
    const revisionOf = async (id: string) => (await database.db.selectFrom("form").select("revision").where("id", "=", id).executeTakeFirstOrThrow()).revision;
    // The test before deleted the first connection.
    const connection = (await api(owner)("POST", "/x-supabase/projects", { kind: "postgres", project_id: project, url: ext.url })).json().data.id as string;
    const created = await api(owner)("POST", `/projects/${project}/forms`, { ...ORDER_FORM, title: "Paid order" });
    const paidForm = created.json().data.id as string;
    const pay = { name: "pay", type: "payment", data: { service_provider: "stripe", currency: "usd" } };
    const added = await api(owner)("POST", `/forms/${paidForm}/fields`, { revision: await revisionOf(paidForm), field: pay });
    expect(added.statusCode, added.body).toBe(201);
    const title = (await database.db.selectFrom("form_field").select("id").where("form_id", "=", paidForm).where("name", "=", "title").executeTakeFirstOrThrow()).id;
    const refused = await api(owner)("PUT", `/forms/${paidForm}/connect/with-x-sb-table`, { connection_id: connection, table: "books", mapping: { [title]: "title" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "FORM_TARGET_PAID", message: expect.stringContaining("cannot write into a connected table") });
    expect((await api(owner)("GET", `/forms/${paidForm}/connect/with-x-sb-table`)).json().data).toBe(null);

    // The other way round: a connected form refuses a payment field, new or by a type change, and keeps its fields.
    const free = (await api(owner)("POST", `/projects/${project}/forms`, { ...ORDER_FORM, title: "Free order" })).json().data.id as string;
    const freeTitle = (await database.db.selectFrom("form_field").select("id").where("form_id", "=", free).where("name", "=", "title").executeTakeFirstOrThrow()).id;
    const connected = await api(owner)("PUT", `/forms/${free}/connect/with-x-sb-table`, { connection_id: connection, table: "books", mapping: { [freeTitle]: "title" } });
    expect(connected.statusCode, connected.body).toBe(200);
    const newField = await api(owner)("POST", `/forms/${free}/fields`, { revision: await revisionOf(free), field: pay });
    expect(newField.statusCode).toBe(409);
    expect(newField.json().error).toMatchObject({ code: "FORM_TARGET_PAID", message: expect.stringContaining("disconnect it first") });
    const author = (await database.db.selectFrom("form_field").select("id").where("form_id", "=", free).where("name", "=", "author").executeTakeFirstOrThrow()).id;
    const retyped = await api(owner)("PATCH", `/forms/${free}/fields/${author}`, { revision: await revisionOf(free), field: { ...pay, name: "author" } });
    expect(retyped.json().error?.code).toBe("FORM_TARGET_PAID");
    expect(await database.db.selectFrom("form_field").select("type").where("form_id", "=", free).where("type", "=", "payment").execute()).toEqual([]);
    // Disconnected, it may take payments again.
    expect((await api(owner)("DELETE", `/forms/${free}/connect/with-x-sb-table`)).statusCode).toBe(204);
    expect((await api(owner)("POST", `/forms/${free}/fields`, { revision: await revisionOf(free), field: pay })).statusCode).toBe(201);
  });
});
