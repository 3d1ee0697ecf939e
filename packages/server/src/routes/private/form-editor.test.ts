import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import { describeManagedTable, managedTable } from "../../tables/managed-table";
import { as, joinOrganization, signUp, type Member } from "../../test/accounts";
import { useTestApp } from "../../test/test-app";
import { BACKENDS } from "../../test/backends";

type Caller = Member | { bearer: string };

describe.each(BACKENDS)("the form editor API on $name", (backend) => {
  const t = useTestApp(backend, { rateLimitFactor: 0 });
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let viewer: Member;
  let project: string;
  let viewerKey: { bearer: string };
  let editorKey: { bearer: string };

  beforeAll(async () => {
    if (!backend.available) return;
    ({ app, database } = t);
    owner = await signUp(app, "editor-owner@example.com", "correct horse battery", "10.21.0.1");
    viewer = await signUp(app, "editor-viewer@example.com", "correct horse battery", "10.21.0.2");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "editing" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "forms" })).json().data.id;
    await joinOrganization(app, owner, org, viewer, "viewer");
    const key = async (role: string) =>
      ({ bearer: (await as(app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: role, role })).json().data.token as string });
    viewerKey = await key("viewer");
    editorKey = await key("editor");
  });

  let titles = 0;
  const newForm = async () =>
    (await as(app, owner)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: `Form ${++titles}` })).json().data.form_id as string;
  const editorDoc = async (form: string, who: Caller = owner) => (await as(app, who)("GET", `/private/editor/forms/${form}`)).json().data;
  const revisionOf = async (form: string) => (await editorDoc(form)).revision as number;
  const tableOf = async (form: string) =>
    (await database.db.selectFrom("form").select("table_name").where("id", "=", form).executeTakeFirstOrThrow()).table_name;
  const columns = async (form: string) => Object.fromEntries((await describeManagedTable(database.db, await tableOf(form))).map((c) => [c.name, c.type]));
  const call = (who: Caller, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
    as(app, who)(method, `/private/editor${path}`, body);
  const addField = async (form: string, field: Record<string, unknown>, focus_block_id: string | null = null) => {
    const response = await call(owner, "POST", `/forms/${form}/fields`, { revision: await revisionOf(form), field, focus_block_id });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { revision: number; field_id: string; block_id: string };
  };

  it.skipIf(!backend.available)("creates a field with its column and block in one write, and answers the document", async () => {
    const form = await newForm();
    const before = await editorDoc(form);
    expect(before).toMatchObject({ form_id: form, title: expect.stringMatching(/^Form/), published: false, response_count: 0, fields: [], blocks: [] });
    expect(before.settings).not.toHaveProperty("published");
    const created = await addField(form, { name: "age", type: "number", label: "Age" });
    expect(created.revision).toBe(before.revision + 1);
    expect((await columns(form)).age).toBe("numeric");
    const after = await editorDoc(form);
    expect(after.fields).toMatchObject([{ id: created.field_id, name: "age", type: "number", label: "Age" }]);
    expect(after.blocks).toMatchObject([{ id: created.block_id, type: "field", form_field_id: created.field_id, parent_id: null, local_index: 0 }]);
    const second = await addField(form, { name: "email", type: "email" }, null);
    expect((await editorDoc(form)).blocks.find((b: { id: string }) => b.id === second.block_id).local_index).toBe(1);
    expect((await call(owner, "POST", `/forms/${form}/fields`, { revision: second.revision, field: { name: "age", type: "text" } })).json().error.code).toBe("FIELD_NAME_TAKEN");
    expect((await call(owner, "POST", `/forms/${form}/fields`, { revision: second.revision, field: { name: "created_at", type: "text" } })).json().error.code).toBe("FIELD_NAME_RESERVED");
    expect((await call(owner, "POST", `/forms/${form}/fields`, { revision: second.revision, field: { name: "Bad Name", type: "text" } })).json().error.code).toBe("FIELD_NAME_INVALID");
  });

  it.skipIf(!backend.available)("rolls the field row and its block back when its column cannot be added", async () => {
    const form = await newForm();
    // A column the field row does not know about: adding the field's column fails after its row was inserted.
    await sql`alter table ${managedTable(await tableOf(form))} add column clash text`.execute(database.db);
    const revision = await revisionOf(form);
    const response = await call(owner, "POST", `/forms/${form}/fields`, { revision, field: { name: "clash", type: "number" } });
    expect(response.statusCode).toBe(500);
    const doc = await editorDoc(form);
    expect({ revision: doc.revision, fields: doc.fields, blocks: doc.blocks }).toEqual({ revision, fields: [], blocks: [] });
    expect((await columns(form)).clash).toBe("text");
  });

  it.skipIf(!backend.available)("refuses a type change some answers cannot take, changing nothing, and converts once they can", async () => {
    const form = await newForm();
    const { field_id } = await addField(form, { name: "amount", type: "text" });
    const { field_id: when } = await addField(form, { name: "due", type: "text" });
    const table = managedTable(await tableOf(form));
    const rows: [number, string | null, string | null][] = [[1, "12", "2026-01-31"], [2, "abc", "soon"], [3, null, null], [4, "1.5", "2026-02-01"], [5, "x", null]];
    for (const [i, amount, due] of rows) await sql`insert into ${table} (local_index, amount, due) values (${i}, ${amount}, ${due})`.execute(database.db);

    const revision = await revisionOf(form);
    const refused = await call(owner, "PATCH", `/forms/${form}/fields/${field_id}`, { revision, field: { name: "total", type: "number" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "FIELD_TYPE_CHANGE_REFUSED", rows: [2, 5] });
    const date = await call(owner, "PATCH", `/forms/${form}/fields/${when}`, { revision, field: { name: "due", type: "date" } });
    expect(date.json().error).toMatchObject({ code: "FIELD_TYPE_CHANGE_REFUSED", rows: [2] });
    expect(await columns(form)).toMatchObject({ amount: "text", due: "text" });
    const doc = await editorDoc(form);
    expect(doc.revision).toBe(revision);
    expect(doc.fields.map((f: { name: string; type: string }) => `${f.name}:${f.type}`)).toEqual(["amount:text", "due:text"]);

    await sql`update ${table} set amount = null, due = null where local_index in (2, 5)`.execute(database.db);
    const converted = await call(owner, "PATCH", `/forms/${form}/fields/${field_id}`, { revision, field: { name: "total", type: "number" } });
    expect(converted.json()).toEqual({ data: { revision: revision + 1 }, error: null });
    expect((await call(owner, "PATCH", `/forms/${form}/fields/${when}`, { revision: revision + 1, field: { name: "due", type: "date" } })).statusCode).toBe(200);
    expect(await columns(form)).toMatchObject({ total: "numeric", due: "date" });
    const { rows: values } = await sql<{ total: number | null; due: string | null }>`select total, due from ${table} order by local_index`.execute(database.db);
    expect(values).toEqual([{ total: 12, due: "2026-01-31" }, { total: null, due: null }, { total: null, due: null }, { total: 1.5, due: "2026-02-01" }, { total: null, due: null }]);
    // A multiple select becomes a list of the one value, and back when every list holds at most one.
    expect((await call(owner, "PATCH", `/forms/${form}/fields/${field_id}`, { revision: revision + 2, field: { name: "total", type: "checkboxes" } })).statusCode).toBe(200);
    expect((await columns(form)).total).toBe("text[]");
  });

  it.skipIf(!backend.available)("keeps option ids whose value stays, and optgroups by label", async () => {
    const form = await newForm();
    const { field_id, revision } = await addField(form, {
      name: "color", type: "select",
      optgroups: [{ label: "Warm" }],
      options: [{ value: "red", group: "Warm" }, { value: "green" }, { value: "blue" }],
    });
    const before = (await editorDoc(form)).fields[0];
    const id = (value: string, field = before) => field.options.find((o: { value: string }) => o.value === value)?.id;
    const saved = await call(owner, "PATCH", `/forms/${form}/fields/${field_id}`, {
      revision,
      field: {
        name: "color", type: "select", label: "Colour",
        optgroups: [{ label: "Cool" }, { label: "Warm" }],
        options: [{ value: "blue", label: "Blue", group: "Cool" }, { value: "red", group: "Warm" }, { value: "yellow" }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await editorDoc(form)).fields[0];
    expect(after.label).toBe("Colour");
    expect(after.options.map((o: { value: string }) => o.value)).toEqual(["blue", "red", "yellow"]);
    expect([id("blue", after), id("red", after)]).toEqual([id("blue"), id("red")]);
    expect(id("yellow", after)).toBeDefined();
    expect(after.optgroups.map((g: { label: string; index: number }) => `${g.label}@${g.index}`)).toEqual(["Cool@-999", "Warm@1"]);
    expect(after.optgroups.find((g: { label: string }) => g.label === "Warm").id).toBe(before.optgroups[0].id);
    const dup = await call(owner, "PATCH", `/forms/${form}/fields/${field_id}`, { revision: revision + 1, field: { name: "color", type: "select", options: [{ value: "a" }, { value: "a" }] } });
    expect(dup.statusCode).toBe(400);
  });

  it.skipIf(!backend.available)("renames the column with the field, refuses a stale revision and changes nothing", async () => {
    const form = await newForm();
    const { field_id, revision } = await addField(form, { name: "nick", type: "text" });
    const renamed = await call(owner, "PATCH", `/forms/${form}/fields/${field_id}`, { revision, field: { name: "nickname", type: "text" } });
    expect(renamed.statusCode).toBe(200);
    expect(Object.keys(await columns(form))).toContain("nickname");
    const stale = await call(owner, "PATCH", `/forms/${form}/fields/${field_id}`, { revision, field: { name: "handle", type: "text" } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: "REVISION_CONFLICT", current_revision: revision + 1 });
    for (const [method, path, body] of [
      ["POST", `/forms/${form}/blocks`, { revision, type: "divider" }],
      ["DELETE", `/forms/${form}/fields/${field_id}?revision=${revision}`, undefined],
      ["PATCH", `/forms/${form}/theme`, { revision, theme: { palette: "x" } }],
      ["POST", "/settings/force-close-form", { form_id: form, revision, is_force_closed: true }],
    ] as const) {
      const response = await call(owner, method, path, body);
      expect(response.json().error, `${method} ${path}`).toMatchObject({ code: "REVISION_CONFLICT", current_revision: revision + 1 });
    }
    const doc = await editorDoc(form);
    expect(doc).toMatchObject({ revision: revision + 1, fields: [{ name: "nickname" }], theme: { palette: null }, settings: { is_force_closed: false } });
    expect(doc.blocks).toHaveLength(1);
    expect(Object.keys(await columns(form))).toContain("nickname");
  });

  it.skipIf(!backend.available)("deletes a field with its column and blocks after counting its answers", async () => {
    const form = await newForm();
    const section = (await call(owner, "POST", `/forms/${form}/blocks`, { revision: await revisionOf(form), type: "section" })).json().data;
    const a = await addField(form, { name: "a", type: "checkboxes", options: [{ value: "x" }] }, section.block_id);
    const b = await addField(form, { name: "b", type: "text" }, section.block_id);
    const table = managedTable(await tableOf(form));
    await sql`insert into ${table} (local_index, a) values (1, ${["x"]}::text[]), (2, '{}'::text[]), (3, null)`.execute(database.db);
    expect((await call(viewer, "GET", `/forms/${form}/fields/${a.field_id}/answers`)).json().data).toEqual({ answered: 1 });
    const deleted = await call(owner, "DELETE", `/forms/${form}/fields/${a.field_id}?revision=${b.revision}`);
    expect(deleted.json()).toEqual({ data: { revision: b.revision + 1 }, error: null });
    expect(Object.keys(await columns(form))).not.toContain("a");
    const doc = await editorDoc(form);
    expect(doc.fields.map((f: { name: string }) => f.name)).toEqual(["b"]);
    expect(doc.blocks.map((x: { id: string; local_index: number }) => [x.id, x.local_index])).toEqual([[section.block_id, 0], [b.block_id, 0]]);
    // Removed, not left unlinked (docs/ARCHITECTURE.md "Deviations"): no field block without its field.
    expect(doc.blocks.filter((x: { type: string; form_field_id: string | null }) => x.type === "field" && !x.form_field_id)).toEqual([]);
    expect((await call(owner, "DELETE", `/forms/${form}/fields/${a.field_id}?revision=${b.revision + 1}`)).json().error.code).toBe("FIELD_NOT_FOUND");
    expect((await call(owner, "DELETE", `/forms/${form}/fields/${b.field_id}`)).json().error.code).toBe("MALFORMED_REQUEST");
  });

  it.skipIf(!backend.available)("places a freed field again once, and deletes blocks with what they hold", async () => {
    const form = await newForm();
    const section = (await call(owner, "POST", `/forms/${form}/blocks`, { revision: await revisionOf(form), type: "section", title_html: "<p onclick=x>One</p><script>alert(1)</script>" })).json().data;
    const group = (await call(owner, "POST", `/forms/${form}/blocks`, { revision: section.revision, type: "group", focus_block_id: section.block_id })).json().data;
    const field = await addField(form, { name: "f", type: "text" }, group.block_id);
    const again = await call(owner, "POST", `/forms/${form}/blocks/field`, { revision: field.revision, field_id: field.field_id });
    expect(again.json().error.code).toBe("FIELD_ALREADY_PLACED");
    const removed = await call(owner, "DELETE", `/forms/${form}/blocks/${group.block_id}?revision=${field.revision}`);
    expect(removed.statusCode).toBe(200);
    let doc = await editorDoc(form);
    expect(doc.blocks.map((b: { id: string }) => b.id)).toEqual([section.block_id]);
    expect(doc.blocks[0].title_html).toBe("<p>One</p>");
    expect(doc.fields).toHaveLength(1);
    const placed = await call(owner, "POST", `/forms/${form}/blocks/field`, { revision: doc.revision, field_id: field.field_id });
    expect(placed.statusCode).toBe(201);
    doc = await editorDoc(form);
    expect(doc.blocks.find((b: { id: string }) => b.id === placed.json().data.block_id)).toMatchObject({ parent_id: section.block_id, form_field_id: field.field_id });
    const hidden = await call(owner, "PATCH", `/forms/${form}/blocks/${section.block_id}`, { revision: doc.revision, v_hidden: true, contains_payment: true, description_html: "<b>hi</b>" });
    expect(hidden.statusCode).toBe(200);
    expect((await editorDoc(form)).blocks[0]).toMatchObject({ v_hidden: true, attributes: { contains_payment: true }, description_html: "<b>hi</b>" });
  });

  it.skipIf(!backend.available)("saves settings, theme and ending, keeping what a call leaves out", async () => {
    const form = await newForm();
    let revision = await revisionOf(form);
    const set = async (name: string, body: Record<string, unknown>) => {
      const response = await call(owner, "POST", `/settings/${name}`, { form_id: form, revision, ...body });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      revision = response.json().data.revision;
    };
    await set("redirect-uri", { redirect_uri: "https://example.com/thanks" });
    await set("force-close-form", { is_force_closed: true });
    await set("max-responses-by-customer", { max_form_responses_by_customer: 2 });
    await set("max-responses-in-total", { max_form_responses_in_total: 100 });
    await set("form-schedule", { enabled: true, open_at: "2026-01-01T00:00:00Z", close_at: null, tz: "Europe/Paris" });
    // Forms always post: GET is refused, POST saved (docs/ARCHITECTURE.md "Submits").
    const get = await call(owner, "POST", "/settings/form-method", { form_id: form, revision, method: "get" });
    expect(get.statusCode).toBe(400);
    expect(get.json().error.message).toContain("GET is not offered");
    await set("form-method", { method: "post" });
    await set("unknown-fields", { strategy: "reject" });
    expect((await call(owner, "POST", "/settings/no-such-setting", { form_id: form, revision })).statusCode).toBe(404);
    const theme = await call(owner, "PATCH", `/forms/${form}/theme`, { revision, theme: { palette: "ocean", lang: "fr", optimize_for_cjk: true } });
    revision = theme.json().data.revision;
    const ending = await call(owner, "PATCH", `/forms/${form}/ending`, { revision, ending: { enabled: true, body_html: "<p>Thanks<img src=x onerror=alert(1)></p>" } });
    expect(ending.statusCode).toBe(200);
    const doc = await editorDoc(form);
    expect(doc.settings).toEqual({
      method: "post", unknown_field_handling_strategy: "reject", is_force_closed: true,
      max_form_responses_in_total: 100, max_form_responses_by_customer: 2,
      scheduling: { enabled: true, open_at: "2026-01-01T00:00:00.000Z", close_at: null, tz: "Europe/Paris" },
    });
    expect(doc.theme).toMatchObject({ palette: "ocean", lang: "fr", optimize_for_cjk: true, font_family: "inter", is_powered_by_branding_enabled: true });
    expect(doc.ending).toEqual({ enabled: true, title: null, body_html: '<p>Thanks<img src="x" /></p>', redirect_uri: "https://example.com/thanks" });
  });

  it.skipIf(!backend.available)("lets viewers read and refuses them every write; an editor API key writes", async () => {
    const form = await newForm();
    const { field_id, block_id, revision } = await addField(form, { name: "v", type: "text" });
    const writes: [string, string, unknown?][] = [
      ["POST", `/forms/${form}/fields`, { revision, field: { name: "w", type: "text" } }],
      ["PATCH", `/forms/${form}/fields/${field_id}`, { revision, field: { name: "v", type: "text" } }],
      ["DELETE", `/forms/${form}/fields/${field_id}?revision=${revision}`],
      ["POST", `/forms/${form}/blocks`, { revision, type: "divider" }],
      ["POST", `/forms/${form}/blocks/field`, { revision, field_id }],
      ["PATCH", `/forms/${form}/blocks/${block_id}`, { revision, v_hidden: true }],
      ["DELETE", `/forms/${form}/blocks/${block_id}?revision=${revision}`],
      ["POST", `/forms/${form}/blocks/sort`, { revision, block_id, to_index: 0 }],
      ["PATCH", `/forms/${form}/theme`, { revision, theme: {} }],
      ["PATCH", `/forms/${form}/ending`, { revision, ending: {} }],
      ["POST", "/settings/form-method", { form_id: form, revision, method: "post" }],
    ];
    for (const who of [viewer, viewerKey]) {
      expect((await call(who, "GET", `/forms/${form}`)).statusCode).toBe(200);
      expect((await call(who, "GET", `/forms/${form}/fields/${field_id}/answers`)).statusCode).toBe(200);
      for (const [method, path, body] of writes) {
        expect({ path, status: (await call(who, method as "POST", path, body)).statusCode }).toEqual({ path, status: 403 });
      }
    }
    expect(await revisionOf(form)).toBe(revision);
    const written = await call(editorKey, "POST", `/forms/${form}/blocks`, { revision, type: "divider" });
    expect(written.statusCode).toBe(201);
    expect((await call(editorKey, "POST", "/settings/form-method", { form_id: form, revision: revision + 1, method: "post" })).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("refuses hostile input with its code", async () => {
    const form = await newForm();
    const other = await newForm();
    const { field_id, revision } = await addField(form, { name: "h", type: "text" });
    const { field_id: foreign } = await addField(other, { name: "h", type: "text" });
    const code = async (method: "POST" | "PATCH" | "DELETE" | "GET", path: string, body?: unknown) => {
      const response = await call(owner, method, path, body);
      return `${response.statusCode} ${response.json().error?.code}`;
    };
    expect(await code("POST", `/forms/${form}/blocks`, { revision, type: "image", src: "javascript:alert(1)" })).toBe("400 URL_NOT_ALLOWED");
    expect(await code("PATCH", `/forms/${form}/ending`, { revision, ending: { redirect_uri: "javascript:alert(1)" } })).toBe("400 URL_NOT_ALLOWED");
    expect(await code("POST", "/settings/redirect-uri", { form_id: form, revision, redirect_uri: "javascript:alert(1)" })).toBe("400 URL_NOT_ALLOWED");
    expect(await code("POST", `/forms/${form}/fields`, { revision, field: { name: "o", type: "select", options: [{ value: "a", src: "javascript:x" }] } })).toBe("400 URL_NOT_ALLOWED");
    expect(await code("POST", `/forms/${form}/blocks`, { revision, type: "html", body_html: "a\u0000b" })).toBe("400 INVALID_TEXT");
    expect(await code("POST", `/forms/${form}/blocks`, { revision, type: "html", body_html: "x".repeat(100_001) })).toBe("400 MALFORMED_REQUEST");
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await code("PATCH", `/forms/${form}/blocks/${missing}`, { revision, v_hidden: true })).toBe("404 BLOCK_NOT_FOUND");
    expect(await code("DELETE", `/forms/${form}/blocks/not-a-uuid?revision=${revision}`)).toBe("404 BLOCK_NOT_FOUND");
    expect(await code("POST", `/forms/${form}/blocks/sort`, { revision, block_id: missing, to_index: 0 })).toBe("404 BLOCK_NOT_FOUND");
    expect(await code("POST", `/forms/${form}/blocks`, { revision, type: "divider", focus_block_id: missing })).toBe("404 BLOCK_NOT_FOUND");
    expect(await code("PATCH", `/forms/${form}/fields/${missing}`, { revision, field: { name: "h", type: "text" } })).toBe("404 FIELD_NOT_FOUND");
    expect(await code("PATCH", `/forms/${form}/fields/${foreign}`, { revision, field: { name: "h", type: "text" } })).toBe("404 FIELD_NOT_FOUND");
    expect(await code("GET", `/forms/${form}/fields/${foreign}/answers`)).toBe("404 FIELD_NOT_FOUND");
    expect(await code("POST", `/forms/${form}/blocks/field`, { revision, field_id: foreign })).toBe("404 FIELD_NOT_FOUND");
    expect(await code("POST", `/forms/${form}/blocks`, { revision, type: "field" })).toBe("400 MALFORMED_REQUEST");
    expect(await revisionOf(form)).toBe(revision);
    expect((await editorDoc(other)).fields[0].id).toBe(foreign);
    // A huge index lands last.
    const divider = (await call(owner, "POST", `/forms/${form}/blocks`, { revision, type: "divider" })).json().data;
    const sorted = await call(owner, "POST", `/forms/${form}/blocks/sort`, { revision: divider.revision, block_id: divider.block_id, to_index: 2 ** 31 });
    expect(sorted.statusCode).toBe(200);
    const moved = await call(owner, "POST", `/forms/${form}/blocks/sort`, { revision: divider.revision + 1, block_id: divider.block_id, to_index: 0 });
    expect(moved.statusCode).toBe(200);
    expect((await editorDoc(form)).blocks.map((b: { type: string; local_index: number }) => `${b.type}${b.local_index}`).sort()).toEqual(["divider0", "field1"]);
    expect(field_id).toBeDefined();
  });

  it.skipIf(!backend.available)("keeps siblings numbered without gaps and only sections at the top level, whatever the editor does", async () => {
    const Op = fc.oneof(
      fc.record({ op: fc.constant("create" as const), type: fc.constantFrom("section", "group", "html", "divider", "header"), focus: fc.nat(20) }),
      fc.record({ op: fc.constant("field" as const), focus: fc.nat(20) }),
      fc.record({ op: fc.constant("move" as const), block: fc.nat(20), to: fc.integer({ min: 0, max: 25 }) }),
      fc.record({ op: fc.constant("delete" as const), block: fc.nat(20) }),
    );
    let fields = 0;
    await fc.assert(fc.asyncProperty(fc.array(Op, { minLength: 1, maxLength: 12 }), async (ops) => {
      const form = await newForm();
      for (const step of ops) {
        const doc = await editorDoc(form);
        const ids: string[] = doc.blocks.map((b: { id: string }) => b.id);
        const pick = (n: number) => (ids.length ? ids[n % ids.length]! : null);
        const base = `/forms/${form}`;
        if ((step.op === "move" || step.op === "delete") && !ids.length) continue;
        const response = step.op === "create"
          ? await call(owner, "POST", `${base}/blocks`, { revision: doc.revision, type: step.type, focus_block_id: pick(step.focus) })
          : step.op === "field"
            ? await call(owner, "POST", `${base}/fields`, { revision: doc.revision, field: { name: `f${++fields}`, type: "text" }, focus_block_id: pick(step.focus) })
            : step.op === "move"
              ? await call(owner, "POST", `${base}/blocks/sort`, { revision: doc.revision, block_id: pick(step.block), to_index: step.to })
              : await call(owner, "DELETE", `${base}/blocks/${pick(step.block)}?revision=${doc.revision}`);
        expect([200, 201, 400, 404], response.body).toContain(response.statusCode);
        if (response.statusCode >= 400) expect(["BLOCK_NOT_FOUND", "BLOCK_OUTSIDE_SECTION", "INVALID_FORM_DEFINITION"]).toContain(response.json().error.code);
        const blocks = (await editorDoc(form)).blocks as { id: string; type: string; parent_id: string | null; local_index: number }[];
        for (const parent of new Set(blocks.map((b) => b.parent_id))) {
          const indexes = blocks.filter((b) => b.parent_id === parent).map((b) => b.local_index).sort((m, n) => m - n);
          expect(indexes).toEqual(indexes.map((_, i) => i));
        }
        if (blocks.some((b) => b.type === "section")) {
          expect(blocks.filter((b) => b.parent_id === null).every((b) => b.type === "section")).toBe(true);
        }
      }
    }), { numRuns: 15 });
  }, 120_000);
});
