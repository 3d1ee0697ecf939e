import { describe, expect, it } from "vitest";
import type { ExternalColumn, ExternalTable } from "./connection-api";
import { parseConditions, serializeCondition } from "../query/postgrest-syntax";
import { externalEditorType, externalRowHandle, externalTableColumns, keyConditions } from "./external-columns";

const col = (name: string, format: string, extra: Partial<ExternalColumn> = {}): ExternalColumn => ({
  name, format, sql_type: format, type: "text", nullable: true, default: null, pk: false, fk: null, enum: null, unique: false, generated: false, ...extra,
});
const table = (columns: ExternalColumn[], extra: Partial<ExternalTable> = {}): ExternalTable => ({
  schema: "public", name: "books", kind: "table", columns, primary_key: columns.filter((c) => c.pk).map((c) => c.name), read_only: false, read_only_reason: null, ...extra,
});

describe("external table columns", () => {
  it("edit each Postgres type with the field a user expects", () => {
    const types = Object.fromEntries([
      ["integer"], ["numeric"], ["boolean"], ["jsonb"], ["date"], ["timestamp with time zone"], ["time without time zone"],
      ["interval"], ["character varying"], ["text"], ["uuid"], ["inet"], ["money"],
    ].map(([f]) => [f, externalEditorType({ format: f!, type: "x", enum: null })]));
    expect(types).toEqual({
      integer: "number", numeric: "number", boolean: "checkbox", jsonb: "json", date: "date", "timestamp with time zone": "datetime-local",
      "time without time zone": "time", interval: "text", "character varying": "textarea", text: "textarea", uuid: "text", inet: "text", money: "text",
    });
    expect(externalEditorType({ format: "public.mood", type: "enum", enum: ["a", "b"] })).toBe("select");
    expect(externalEditorType({ format: "public.mood[]", type: "array", enum: ["a", "b"] })).toBe("checkboxes");
  });

  it("puts the key first as the grid's handle, requires what the database cannot fill, and edits nothing generated or read only", () => {
    const columns = externalTableColumns(table([
      col("title", "text", { nullable: false }),
      col("id", "integer", { pk: true, nullable: false, default: "nextval('books_id_seq'::regclass)" }),
      col("tags", "text[]", { nullable: false, default: "'{}'::text[]" }),
      col("days", "date[]"),
      col("mood", "public.mood", { enum: ["happy", "sad"] }),
      col("slug", "text", { generated: true }),
    ]));
    expect(columns.map((c) => [c.name, c.key ?? false, c.field?.type ?? null, c.field?.required ?? null, c.field?.is_array ?? null])).toEqual([
      ["id", true, "number", false, false], ["title", false, "textarea", true, false], ["tags", false, "textarea", false, true],
      ["days", false, "text", false, true], ["mood", false, "select", false, false], ["slug", false, null, null, null],
    ]);
    expect(columns.find((c) => c.name === "id")!.field!.step).toBe(1);
    expect(columns.find((c) => c.name === "mood")!.field!.options.map((o) => o.value)).toEqual(["happy", "sad"]);
    const readOnly = externalTableColumns(table([col("line", "text")], { read_only: true, read_only_reason: "no_primary_key" }));
    expect(readOnly).toEqual([{ name: "line", format: "text", label: "line", system: false }]);
  });

  it("names a row by its key, a composite key as JSON", () => {
    expect(externalRowHandle(["id"], { id: 7, title: "x" })).toBe("7");
    expect(externalRowHandle(["a", "b"], { a: 1, b: "x,y" })).toBe('[1,"x,y"]');
  });
});

describe("key conditions", () => {
  const params = (key: string[], rows: Record<string, unknown>[]) => {
    const out = new URLSearchParams();
    for (const c of keyConditions(key, rows)) out.append(...serializeCondition(c));
    return out;
  };
  it("pick rows by a one-column key, and by a composite key whose values hold PostgREST's punctuation", () => {
    expect([...params(["id"], [{ id: 3 }])]).toEqual([["id", "eq.3"]]);
    expect([...params(["id"], [{ id: 3 }, { id: 4 }])]).toEqual([["id", "in.(3,4)"]]);
    const composite = params(["a", "b"], [{ a: 1, b: "x,y)" }, { a: 2, b: "z" }]);
    expect(parseConditions(composite)).toEqual(keyConditions(["a", "b"], [{ a: 1, b: "x,y)" }, { a: 2, b: "z" }]));
    expect(parseConditions(params(["a", "b"], [{ a: 1, b: 'q"u.o(te' }]))).toEqual([
      { kind: "filter", column: "a", negate: false, op: "eq", value: "1" },
      { kind: "filter", column: "b", negate: false, op: "eq", value: 'q"u.o(te' },
    ]);
  });
});
