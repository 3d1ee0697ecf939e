import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FieldworkError, FormDefinition } from "@fieldwork/core";
import type { Database } from "../db/database";
import { describeManagedTable } from "../tables/managed-table";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { BACKENDS } from "../test/backends";
import { exportForm } from "./definition-export";
import { importForm } from "./definition-import";
import { createField, deleteField, renameField } from "./field-service";

describe.each(BACKENDS)("forms and their managed tables on $name", (backend) => {
  let database: Database;
  let project: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    project = await defaultProject(database.db);
  });
  afterAll(async () => database?.close());

  const tableOf = async (formId: string) =>
    (await database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow()).table_name;

  it.skipIf(!backend.available)("round-trips a definition file: export of an import is the same form", async () => {
    const file = demoFormDefinition();
    const { id } = await importForm(database.db, project, file);
    const { table_name, ...exported } = await exportForm(database.db, id);
    expect(table_name).toBe(await tableOf(id));
    expect(exported).toEqual(FormDefinition.parse(file));
    const again = await importForm(database.db, project, { ...exported, table_name });
    const { table_name: againTable, ...reexported } = await exportForm(database.db, again.id);
    expect(reexported).toEqual(exported);
    expect(againTable).toBe(await tableOf(again.id));
    expect(againTable).not.toBe(table_name);
  });

  it.skipIf(!backend.available)("ignores the table_name of an imported file: the new form gets its own table", async () => {
    const first = await importForm(database.db, project, { title: "Owned", fields: [{ name: "a", type: "text" }] });
    const taken = await tableOf(first.id);
    for (const table_name of [taken, 'x"; drop table form; --', "ünïcode_名前"]) {
      const { id } = await importForm(database.db, project, { title: "Copy", table_name, fields: [{ name: "b", type: "text" }] });
      expect(await tableOf(id)).toMatch(/^copy_[0-9a-f]{8}$/);
      expect((await exportForm(database.db, id)).table_name).toBe(await tableOf(id));
    }
    expect((await describeManagedTable(database.db, taken)).map((c) => c.name)).toContain("a");
    await expect(importForm(database.db, project, { title: "X", table_name: 7 })).rejects.toMatchObject({ code: "INVALID_FORM_DEFINITION" });
  });

  it.skipIf(!backend.available)("gives every form its own typed table", async () => {
    const { id } = await importForm(database.db, project, demoFormDefinition());
    const columns = Object.fromEntries((await describeManagedTable(database.db, await tableOf(id))).map((c) => [c.name, c.type]));
    expect(columns).toMatchObject({
      id: "uuid", local_index: "integer", created_at: "timestamp with time zone", session_id: "uuid",
      customer_id: "uuid", full_name: "text", team_size: "numeric", features: "text[]", newsletter: "boolean",
      start_date: "date", call_time: "time without time zone", satisfaction: "numeric",
    });
  });

  it.skipIf(!backend.available)("adds, renames and drops the column with the field", async () => {
    const { id } = await importForm(database.db, project, { title: "Fields", fields: [{ name: "a", type: "text" }] });
    const table = await tableOf(id);
    // The field columns: after the system columns, without the generated search vector.
    const names = async () => (await describeManagedTable(database.db, table)).map((c) => c.name).slice(11).filter((n) => !n.startsWith("__fw_"));

    const { id: fieldId } = await createField(database.db, id, { name: "age", type: "number" });
    expect(await names()).toEqual(["a", "age"]);
    await renameField(database.db, fieldId, "years");
    expect(await names()).toEqual(["a", "years"]);

    // A failed rename leaves both the field and its column as they were.
    await expect(renameField(database.db, fieldId, "a")).rejects.toMatchObject({ code: "FIELD_NAME_TAKEN" });
    await expect(renameField(database.db, fieldId, "created_at")).rejects.toMatchObject({ code: "FIELD_NAME_RESERVED" });
    expect(await names()).toEqual(["a", "years"]);
    const field = await database.db.selectFrom("form_field").select("name").where("id", "=", fieldId).executeTakeFirstOrThrow();
    expect(field.name).toBe("years");

    await expect(createField(database.db, id, { name: "a", type: "text" })).rejects.toMatchObject({ code: "FIELD_NAME_TAKEN" });
    expect(await names()).toEqual(["a", "years"]);

    await deleteField(database.db, fieldId);
    expect(await names()).toEqual(["a"]);
  });

  it.skipIf(!backend.available)("cleans owner HTML before storing it", async () => {
    const { id } = await importForm(database.db, project, {
      title: "Html", ending: { enabled: true, body_html: '<p onclick="x()">Thanks<script>steal()</script></p>' },
      blocks: [{ type: "html", body_html: '<img src="a.png" onerror="steal()"><b>Bold</b>' }],
    });
    const exported = await exportForm(database.db, id);
    expect(exported.ending.body_html).toBe("<p>Thanks</p>");
    expect(exported.blocks[0]).toMatchObject({ type: "html", body_html: '<img src="a.png" /><b>Bold</b>' });
  });

  it.skipIf(!backend.available)("refuses an invalid definition and creates nothing", async () => {
    const before = await database.db.selectFrom("form").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const bad = [
      { title: "X", fields: [{ name: "Bad Name", type: "text" }] },
      { title: "X", fields: [{ name: "a", type: "text" }, { name: "a", type: "email" }] },
      { title: "X", fields: [{ name: "id", type: "text" }] },
      { title: "X", blocks: [{ type: "field", field: "missing" }] },
      { title: "X", fields: [{ name: "doc", type: "search", reference: { kind: "x-supabase", table: "t" } }] },
      { title: "X", fields: [{ name: "days", type: "date", is_array: true }] },
      { title: "X", fields: [{ name: "doc", type: "file", storage: { enabled: true, path: "/absolute" } }] },
    ];
    for (const input of bad) {
      await expect(importForm(database.db, project, input)).rejects.toBeInstanceOf(FieldworkError);
    }
    const after = await database.db.selectFrom("form").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
