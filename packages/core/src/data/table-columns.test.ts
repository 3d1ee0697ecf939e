import { describe, expect, it } from "vitest";
import type { FieldType } from "../field-types";
import type { FormField } from "../form-model";
import { FORM_SYSTEM_COLUMNS, fieldTypeOf, formTableColumns, META_TABLE_COLUMNS, metaTableColumns } from "./table-columns";

const field = (over: Partial<FormField>): FormField => ({
  id: over.name ?? "f", name: "answer", label: null, type: "text", placeholder: null, help_text: null, required: false,
  readonly: false, pattern: null, step: null, min: null, max: null, autocomplete: null, accept: null, multiple: false,
  is_array: false, data: null, v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null,
  options: [], optgroups: [], ...over,
});

const TIMESTAMP = "timestamp with time zone";

describe("formTableColumns", () => {
  it("shows id and created_at, then the fields in the form's order, then the other system columns", () => {
    const columns = formTableColumns([field({ name: "name" }), field({ name: "age", type: "number" }), field({ name: "email", type: "email" })]);
    expect(columns.map((c) => c.name)).toEqual([
      "id", "created_at", "name", "age", "email",
      "session_id", "customer_id", "visitor_id", "utc_offset", "user_agent", "referer", "ip", "meta",
    ]);
  });

  it("shows local_index in the key column (#001) rather than as a column of its own", () => {
    expect(formTableColumns([]).map((c) => c.name)).not.toContain("local_index");
    expect(FORM_SYSTEM_COLUMNS.map(([name]) => name)).toContain("local_index");
  });

  it("makes id the one key and every system column read only", () => {
    const columns = formTableColumns([field({ name: "name" })]);
    expect(columns.filter((c) => c.key).map((c) => c.name)).toEqual(["id"]);
    expect(columns.filter((c) => c.system).map((c) => c.name)).toEqual(formTableColumns([]).map((c) => c.name));
    expect(columns.find((c) => c.name === "name")).toMatchObject({ system: false });
    expect(columns.find((c) => c.name === "name")?.key).toBeUndefined();
  });

  it("labels a field's column with its label, trimmed, or its name when the label is blank", () => {
    const columns = formTableColumns([field({ name: "a", label: "  Full name " }), field({ name: "b", label: "   " }), field({ name: "c", label: null })]);
    expect(columns.filter((c) => !c.system).map((c) => c.label)).toEqual(["Full name", "b", "c"]);
    expect(columns.find((c) => c.name === "created_at")?.label).toBe("created_at");
  });

  it("keeps the field on its column, for its icon and its editor", () => {
    const age = field({ name: "age", type: "number" });
    const columns = formTableColumns([age]);
    const column = columns.find((c) => c.name === "age")!;
    expect(column.field).toBe(age);
    expect(fieldTypeOf(column)).toBe("number");
    expect(fieldTypeOf(columns[0]!)).toBeNull();
  });

  it("gives each field the format of its column in the managed table, arrays for many answers", () => {
    const formats = (fields: FormField[]) => formTableColumns(fields).filter((c) => !c.system).map((c) => [c.name, c.format]);
    const one = (type: FieldType, over: Partial<FormField> = {}) => field({ name: `${type}${over.multiple ? "_many" : ""}`, type, ...over });
    expect(formats([
      one("text"), one("textarea"), one("email"), one("number"), one("range"), one("checkbox"), one("switch"), one("date"),
      one("time"), one("datetime-local"), one("month"), one("color"), one("select"), one("select", { multiple: true }),
      one("radio"), one("checkboxes"), one("toggle-group", { multiple: true }), one("json"), one("richtext"),
      one("file"), field({ name: "emails", type: "email", is_array: true }), one("canvas"), one("signature"), one("image", { multiple: true }),
    ])).toEqual([
      ["text", "text"], ["textarea", "text"], ["email", "text"], ["number", "numeric"], ["range", "numeric"], ["checkbox", "boolean"],
      ["switch", "boolean"], ["date", "date"], ["time", "time"], ["datetime-local", "timestamptz"], ["month", "text"], ["color", "text"],
      ["select", "text"], ["select_many", "text[]"], ["radio", "text"], ["checkboxes", "text[]"], ["toggle-group_many", "text[]"],
      ["json", "jsonb"], ["richtext", "text"], ["file", "jsonb"], ["emails", "text[]"], ["canvas", "jsonb"], ["signature", "text"], ["image_many", "jsonb"],
    ]);
  });

  it("gives the system columns their Postgres formats", () => {
    const byName = Object.fromEntries(formTableColumns([]).map((c) => [c.name, c.format]));
    expect(byName).toEqual({
      id: "uuid", created_at: TIMESTAMP, session_id: "uuid", customer_id: "uuid", visitor_id: "text", utc_offset: "integer",
      user_agent: "text", referer: "text", ip: "text", meta: "jsonb",
    });
  });
});

describe("metaTableColumns", () => {
  it("lists the sessions table's columns, all read only, id the key", () => {
    const columns = metaTableColumns("sessions");
    expect(columns.map((c) => [c.name, c.format])).toEqual([
      ["id", "uuid"], ["form_id", "uuid"], ["customer_id", "uuid"], ["visitor_id", "text"], ["answers", "jsonb"], ["user_agent", "text"],
      ["created_at", TIMESTAMP], ["updated_at", TIMESTAMP], ["submitted_at", TIMESTAMP],
    ]);
    expect(columns.every((c) => c.system && c.label === c.name && c.field === undefined)).toBe(true);
    expect(columns.filter((c) => c.key).map((c) => c.name)).toEqual(["id"]);
  });

  it("lists the customers table's columns", () => {
    expect(metaTableColumns("customers").map((c) => [c.name, c.format])).toEqual([
      ["id", "uuid"], ["uid", "bigint"], ["email", "text"], ["phone", "text"], ["visitor_id", "text"], ["created_at", TIMESTAMP], ["last_seen_at", TIMESTAMP],
    ]);
    expect(Object.keys(META_TABLE_COLUMNS)).toEqual(["sessions", "customers"]);
  });

  it("hands out fresh lists, so one table's grid cannot change another's", () => {
    const first = metaTableColumns("customers");
    first[0]!.label = "changed";
    expect(metaTableColumns("customers")[0]!.label).toBe("id");
  });
});
