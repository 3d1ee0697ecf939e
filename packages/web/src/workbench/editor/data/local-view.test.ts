import { describe, expect, it } from "vitest";
import { formTableColumns, metaTableColumns } from "@fieldwork/core";
import type { Row } from "../../api/data-api";
import { field } from "./record/record-fixture";
import { FUZZY_THRESHOLD, hasData, localRows } from "./local-view";
import type { DisplayOptions } from "./cell-value";

const columns = formTableColumns([
  field({ name: "name", type: "text" }), field({ name: "age", type: "number" }), field({ name: "tags", type: "checkboxes" }),
  field({ name: "extra", type: "json" }), field({ name: "agree", type: "checkbox" }),
]);
const system = { id: "00000000-0000-4000-8000-000000000001", created_at: "2026-11-23T05:06:09Z", ip: "10.0.0.1", meta: { ua: "x" } };
const row = (over: Row): Row => ({ ...system, name: null, age: null, tags: [], extra: null, agree: null, ...over });
const display: DisplayOptions = { masked: false, date_format: "datetime", time_zone: "UTC" };
const view = (rows: Row[], find: string, hideEmpty = false, options = display) => localRows(rows, columns, { hideEmpty, find, display: options }).map((r) => r.name);

describe("hasData", () => {
  it("a record holds no data when every field is empty, whatever the system columns say", () => {
    expect(hasData(row({}), columns)).toBe(false);
    expect(hasData(row({ name: "", tags: [], extra: {} }), columns)).toBe(false);
  });

  it("any answer counts, even zero, false or an empty-looking object inside a list", () => {
    expect(hasData(row({ name: "Ada" }), columns)).toBe(true);
    expect(hasData(row({ age: 0 }), columns)).toBe(true);
    expect(hasData(row({ agree: false }), columns)).toBe(true);
    expect(hasData(row({ tags: ["red"] }), columns)).toBe(true);
    expect(hasData(row({ extra: [{}] }), columns)).toBe(true);
    expect(hasData(row({ name: " " }), columns)).toBe(true);
  });

  it("a session holds data when it has answers", () => {
    const sessions = metaTableColumns("sessions");
    expect(hasData({ id: "s1", answers: {} }, sessions)).toBe(false);
    expect(hasData({ id: "s1", answers: null }, sessions)).toBe(false);
    expect(hasData({ id: "s1", answers: { name: "Ada" } }, sessions)).toBe(true);
  });

  it("a table with no answers of its own (customers) always holds data", () => {
    expect(hasData({ id: "c1", email: null }, metaTableColumns("customers"))).toBe(true);
  });
});

describe("localRows", () => {
  const ada = row({ name: "Ada Lovelace", age: 36 });
  const grace = row({ name: "Grace Hopper", age: 85, tags: ["navy"] });
  const empty = row({});

  it("hides records with empty data when asked, in the order they came", () => {
    expect(view([ada, empty, grace], "", true)).toEqual(["Ada Lovelace", "Grace Hopper"]);
    expect(view([ada, empty, grace], "", false)).toEqual(["Ada Lovelace", null, "Grace Hopper"]);
  });

  it("hands back the rows themselves when there is nothing to find or hide", () => {
    const rows = [ada, grace];
    expect(localRows(rows, columns, { hideEmpty: false, find: "  ", display })).toBe(rows);
  });

  it("finds with typos at threshold 0.3: lovlace finds Ada Lovelace", () => {
    expect(FUZZY_THRESHOLD).toBe(0.3);
    expect(view([ada, grace], "lovlace")).toEqual(["Ada Lovelace"]);
    expect(view([ada, grace], "LOVELACE")).toEqual(["Ada Lovelace"]);
    expect(view([ada, grace], "hoper")).toEqual(["Grace Hopper"]);
  });

  it("does not find unrelated text", () => {
    expect(view([ada, grace], "zebra")).toEqual([]);
    expect(view([ada, grace], "qqqqqqq")).toEqual([]);
  });

  it("looks in every column as it is shown: lists, numbers, system columns", () => {
    expect(view([ada, grace], "navy")).toEqual(["Grace Hopper"]);
    expect(view([ada, grace], "85")).toEqual(["Grace Hopper"]);
    expect(view([ada, row({ name: "Other", ip: "192.168.7.7" })], "192.168.7.7")).toEqual(["Other"]);
  });

  it("looks in the real values when the grid is masked", () => {
    expect(view([ada, grace], "lovelace", false, { ...display, masked: true })).toEqual(["Ada Lovelace"]);
  });

  it("finds only among the records it shows", () => {
    expect(view([ada, row({ ip: "lovelace" })], "lovelace", true)).toEqual(["Ada Lovelace"]);
  });
});
