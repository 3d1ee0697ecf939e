import { describe, expect, it } from "vitest";
import { EDITOR_ROUTE_SUFFIXES, formTableColumns, metaTableColumns, parseEditorRoute, type Attribute, type ExternalColumn, type ExternalTable } from "@fieldwork/core";
import { field } from "./record/record-fixture";
import { DATA_TABLE_LABELS, DATA_TABLE_PATTERNS, dataTable, dataTableOf, externalDataTable, schemaDataTable } from "./data-table";

const form = { form_id: "f1", table_name: "form_f1", fields: [field({ name: "name" }), field({ name: "age", type: "number" })] };

describe("dataTableOf", () => {
  it("opens the responses for data and data/responses, the sessions and the customers by their routes", () => {
    expect(dataTableOf("data")).toBe("responses");
    expect(dataTableOf("data/responses")).toBe("responses");
    expect(dataTableOf("data/responses/sessions")).toBe("sessions");
    expect(dataTableOf("data/customers")).toBe("customers");
  });

  it("shows no table on any other route", () => {
    const others = EDITOR_ROUTE_SUFFIXES.filter((p) => !["data", "data/responses", "data/responses/sessions", "data/customers"].includes(p));
    expect(others).toContain("data/analytics");
    expect(others).toContain("data/x/auth.users");
    for (const pattern of others) expect(dataTableOf(pattern), pattern).toBeNull();
  });

  it("reads the pattern a real address matches", () => {
    const route = parseEditorRoute("/acme/main/doc-1/data/responses/sessions");
    expect(route && dataTableOf(route.pattern)).toBe("sessions");
  });

  it("links each table to its own route", () => {
    for (const [kind, pattern] of Object.entries(DATA_TABLE_PATTERNS)) expect(dataTableOf(pattern)).toBe(kind);
    expect(DATA_TABLE_LABELS).toEqual({ responses: "Responses", sessions: "Sessions", customers: "Customers", table: "Tables", external: "Tables" });
  });
});

describe("schemaDataTable", () => {
  const attribute = (name: string, type: Attribute["type"], extra: Partial<Attribute> = {}): Attribute => ({
    id: "a0000001", name, type, is_array: false, enum_values: [], not_null: false, unique: false, primary_key: false, default: null, references: null, ...extra,
  });
  it("reads a schema table by its name, editable when keyed by id, searched through its first text column", () => {
    const table = schemaDataTable({ id: "t1", document_id: "d1", name: "products", attributes: [attribute("id", "uuid", { primary_key: true }), attribute("price", "numeric"), attribute("title", "text")] }, "p1");
    expect(table).toMatchObject({ kind: "table", ref: { project_id: "p1", profile: "form_data", table: "products" }, read_only: false, scope: [], search_column: "title", live: { form_id: "t1", url: "/private/editor/schema/d1/tables/t1/changes" } });
    expect(table.columns.map((c) => [c.name, c.format, c.key ?? false])).toEqual([["id", "uuid", true], ["price", "numeric", false], ["title", "text", false]]);
    const keyed = schemaDataTable({ id: "t2", document_id: "d1", name: "orders", attributes: [attribute("number", "integer", { primary_key: true })] }, "p1");
    expect(keyed).toMatchObject({ read_only: true, search_column: null });
  });
});

describe("dataTable", () => {
  it("shows the form's own table, editable, searched through its search column, not scoped further", () => {
    expect(dataTable("responses", form, "p1")).toEqual({
      kind: "responses", ref: { project_id: "p1", profile: "form_data", table: "form_f1" }, columns: formTableColumns(form.fields),
      read_only: false, scope: [], search_column: "__fw_search",
    });
  });

  it("shows the sessions of this form only, read only", () => {
    expect(dataTable("sessions", form, "p1")).toEqual({
      kind: "sessions", ref: { project_id: "p1", profile: "fieldwork", table: "sessions" }, columns: metaTableColumns("sessions"),
      read_only: true, scope: [["form_id", "eq.f1"]], search_column: "visitor_id",
    });
  });

  it("shows the project's customers, read only and not scoped to the form", () => {
    expect(dataTable("customers", form, "p1")).toEqual({
      kind: "customers", ref: { project_id: "p1", profile: "fieldwork", table: "customers" }, columns: metaTableColumns("customers"),
      read_only: true, scope: [], search_column: "email",
    });
  });

  it("searches a column the table has", () => {
    for (const kind of ["sessions", "customers"] as const) {
      const table = dataTable(kind, form, "p1");
      expect(table.columns.map((c) => c.name)).toContain(table.search_column);
    }
  });
});

describe("externalDataTable", () => {
  const column = (name: string, format: string, extra: Partial<ExternalColumn> = {}): ExternalColumn => ({
    name, format, sql_type: format, type: "text", nullable: true, default: null, pk: false, fk: null, enum: null, unique: false, generated: false, ...extra,
  });
  const base: ExternalTable = {
    schema: "sales", name: "order lines", kind: "table", primary_key: ["order_id", "line"], read_only: false, read_only_reason: null,
    columns: [column("tags", "text[]", { type: "array" }), column("note", "character varying"), column("order_id", "integer", { pk: true, type: "number" }), column("line", "integer", { pk: true, type: "number" })],
  };
  it("reads through the connection with its schema as the profile, its key as the row handle, searched through its first text column, live", () => {
    const table = externalDataTable("c1", "p1", base);
    expect(table).toMatchObject({
      kind: "external", read_only: false, scope: [], search_column: "note",
      ref: { project_id: "p1", profile: "sales", table: "order lines", connection_id: "c1", key: ["order_id", "line"] },
      live: { form_id: "x:c1:sales.order lines", url: "/private/editor/x-supabase/projects/c1/changes?schema=sales&table=order+lines", polled: true },
    });
    expect(table.columns.map((c) => c.name)).toEqual(["order_id", "line", "tags", "note"]);
    expect(table.search_also).toBeUndefined();
    const wide = externalDataTable("c1", "p1", { ...base, columns: [...base.columns, ...["a", "b", "c", "d", "e", "f"].map((n) => column(n, "text"))] });
    expect([wide.search_column, ...wide.search_also!]).toEqual(["note", "a", "b", "c", "d", "e"]); // six at most: room left for the filter menu's patterns
    expect(table.read_only_reason).toBeUndefined();
  });
  it("a view says why it is read only, and has no live rows", () => {
    const table = externalDataTable("c1", "p1", { ...base, kind: "view", primary_key: [], read_only: true, read_only_reason: "view" });
    expect(table).toMatchObject({ read_only: true, read_only_reason: "This is a view: it is read only.", live: null });
    expect(table.columns.every((c) => c.field === undefined)).toBe(true);
  });
});
