/** The grid's cells of country, toggle-group, json and latlng columns: what they show and how an edit is read. */
import { describe, expect, it } from "vitest";
import { formTableColumns, type DataColumn, type FormField } from "@fieldwork/core";
import { field, options } from "./record/record-fixture";
import { displayValue, editorKindOf, parseEdit, type DisplayOptions } from "./cell-value";

const plain: DisplayOptions = { masked: false, date_format: "datetime", time_zone: "UTC" };
const columnOf = (f: FormField): DataColumn => formTableColumns([f]).find((c) => c.name === f.name)!;

const home = columnOf(field({ name: "home", label: "Home", type: "country" }));
const size = columnOf(field({ name: "size", label: "Size", type: "toggle-group", options: options("s", "m") }));
const spot = columnOf(field({ name: "spot", label: "Spot", type: "latlng" }));
const data = columnOf(field({ name: "data", label: "Data", type: "json" }));

describe("answer type cells", () => {
  it("shows a country by name and code, a location as 'lat, lng', JSON as text", () => {
    expect(displayValue(home, "DE", plain)).toBe("Germany (DE)");
    expect(displayValue(spot, { lat: 52.52, lng: 13.405 }, plain)).toBe("52.52, 13.405");
    expect(displayValue(data, { a: [1] }, plain)).toBe('{"a":[1]}');
    expect(displayValue(home, "DE", { ...plain, masked: true })).not.toContain("Germany");
  });

  it("edits a toggle group as a choice, a location and JSON with the JSON editor, a country as a checked code", () => {
    expect(editorKindOf(size)).toBe("choice");
    expect(editorKindOf(spot)).toBe("json");
    expect(editorKindOf(data)).toBe("json");
    expect(parseEdit(home, "fr")).toEqual({ ok: true, value: "FR" });
    expect(parseEdit(home, "France")).toMatchObject({ ok: false });
    expect(parseEdit(spot, '{"lat": 1, "lng": 2}')).toEqual({ ok: true, value: { lat: 1, lng: 2 } });
  });
});
