/** @jsxRuntime automatic */
/** Reference cells in the grid and the record panel: the labels a grid session reads, and what a cell shows. */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formTableColumns, type DataColumn, type FormField, type ReferenceConfig } from "@fieldwork/core";
import type { Row } from "../../api/data-api";
import { ChartLayout, GalleryLayout, ListLayout, valueCounts } from "./card-layouts";
import { gridColumns, type ColumnContext } from "./grid-columns";
import { field } from "./record/record-fixture";
import { StoredValue } from "./record/record-fields";
import { ReferenceLabelsContext, ReferenceLabelStore, type LabelReader } from "./use-reference-labels";

const products = { kind: "schema_table", table_id: "7f8e2c1a-5b9d-4e3f-8a2b-1c0d9e8f7a6b", column: "id", shown: ["name"], searched: ["name"] };
const columnOf = (f: FormField): DataColumn => formTableColumns([f]).find((c) => c.name === f.name)!;
const product = columnOf(field({ name: "product", label: "Product", type: "search", reference: products }));
const also = columnOf(field({ name: "also", label: "Also", type: "search", reference: products }));
const note = columnOf(field({ name: "note", label: "Note", type: "text" }));
const catalog: Record<string, string> = { k1: "Blueberry muffin", k2: "Banana bread", k3: "Green apple" };

function reader() {
  const calls: string[][] = [];
  const read: LabelReader = (config: ReferenceConfig, keys) => {
    calls.push([...keys]);
    return Promise.resolve(keys.filter((k) => k in catalog).map((k) => ({ [config.column]: k, name: catalog[k] })));
  };
  return { calls, read };
}

describe("reference labels of a grid session", () => {
  it("reads the page's keys in one request per referenced table, and never again once known", async () => {
    const { calls, read } = reader();
    let changes = 0;
    const store = new ReferenceLabelStore(read, () => changes++);
    const page: Row[] = [{ product: "k1", also: "k2", note: "k9" }, { product: "k2", also: null, note: "x" }, { product: "gone", also: "k1" }];
    const batches = store.missing([product, also, note], page);
    // The second field references the same table: its keys join the first's read.
    expect(batches.map((b) => b.keys)).toEqual([["k1", "k2", "gone"]]);
    void store.fetch(batches);
    // Keys in flight are not asked again.
    expect(store.missing([product, also, note], page)).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual([["k1", "k2", "gone"]]);
    expect(changes).toBe(1);
    expect(store.labelOf(product, "k1")).toEqual({ key: "k1", label: "Blueberry muffin" });
    expect(store.labelOf(also, "k2")).toEqual({ key: "k2", label: "Banana bread" });
    expect(store.labelOf(product, "gone")).toEqual({ key: "gone", label: null });
    expect(store.labelOf(note, "k1")).toBeUndefined();
    // A cell edited to another row's key: only that key is read.
    const next = store.missing([product, also], [...page, { product: "k3" }]);
    await store.fetch(next);
    expect(calls).toEqual([["k1", "k2", "gone"], ["k3"]]);
    expect(store.labelOf(product, "k3")?.label).toBe("Green apple");
  });

  it("leaves the keys as they are when a read fails, without asking again", async () => {
    const store = new ReferenceLabelStore(() => Promise.reject(new Error("offline")), () => {});
    const warn = console.warn;
    console.warn = () => {};
    try {
      await store.fetch(store.missing([product], [{ product: "k1" }]));
    } finally {
      console.warn = warn;
    }
    expect(store.labelOf(product, "k1")).toBeUndefined();
    expect(store.missing([product], [{ product: "k1" }])).toEqual([]);
  });
});

describe("a reference cell", () => {
  const ctx: ColumnContext = {
    display: { masked: false, date_format: "datetime", time_zone: "UTC" }, editable: false, readOnlyReason: null, widths: {},
    onOpen: () => {}, onEdit: () => {}, onOpenFiles: () => {},
  };
  const labelOf = (_: unknown, value: unknown) =>
    value === "k1" ? { key: "k1", label: "Blueberry muffin" } : value === "gone" ? { key: "gone", label: null } : undefined;
  const cell = (value: unknown, context = ctx) => {
    const column = gridColumns([product], context).find((c) => c.key === "product")!;
    const row = { id: "r1", product: value };
    return renderToStaticMarkup(
      <ReferenceLabelsContext.Provider value={labelOf}>{column.renderCell!({ row, column, rowIdx: 0, isCellEditable: false, tabIndex: -1, onRowChange: () => {} } as never)}</ReferenceLabelsContext.Provider>,
    );
  };

  it("shows the referenced row's name with its key in the title, a key no row has greyed as not found, else the key", () => {
    expect(cell("k1")).toBe('<span title="k1" data-reference="found">Blueberry muffin</span>');
    expect(cell("gone")).toBe('<span class="text-faint" title="not found" data-reference="not-found">gone</span>');
    expect(cell("k7")).toBe("<span>k7</span>");
    expect(cell(null)).toContain("NULL");
    expect(cell("k1", { ...ctx, display: { ...ctx.display, masked: true } })).not.toContain("Blueberry");
  });

  it("shows the name and the key under it in the record panel", () => {
    const html = (value: unknown) => renderToStaticMarkup(<ReferenceLabelsContext.Provider value={labelOf}><StoredValue column={product} value={value} /></ReferenceLabelsContext.Provider>);
    expect(html("k1")).toContain("Blueberry muffin");
    expect(html("k1")).toContain(">k1<");
    expect(html("gone")).toContain("not found");
  });
});

describe("reference answers in the gallery, the list and the chart", () => {
  const display = { masked: false, date_format: "datetime" as const, time_zone: "UTC" };
  const labelOf = (_: unknown, value: unknown) =>
    value === "k1" ? { key: "k1", label: "Blueberry muffin" } : value === "gone" ? { key: "gone", label: null } : undefined;
  const rows: Row[] = [{ id: "r1", product: "k1", note: "a" }, { id: "r2", product: "k1", note: "b" }, { id: "r3", product: "gone", note: "c" }];
  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
  const inGrid = (node: ReactNode) => renderToStaticMarkup(<ReferenceLabelsContext.Provider value={labelOf}>{node}</ReferenceLabelsContext.Provider>);

  it("shows the referenced row's name on cards and list rows, the key when no row has it", () => {
    for (const Layout of [GalleryLayout, ListLayout]) {
      const shown = text(inGrid(<Layout columns={[product, note]} rows={rows} display={display} onOpen={() => {}} />));
      expect(shown.match(/Blueberry muffin/g)).toHaveLength(2);
      expect(shown).toContain("gone");
      expect(shown).not.toContain("k1");
    }
    // Masked, the name is masked as the grid masks it.
    expect(text(inGrid(<GalleryLayout columns={[product]} rows={rows} display={{ ...display, masked: true }} onOpen={() => {}} />))).not.toContain("Blueberry");
  });

  it("counts a reference column's values by name in the chart", () => {
    expect(valueCounts(rows, product, display, labelOf)).toEqual([{ value: "Blueberry muffin", count: 2 }, { value: "gone", count: 1 }]);
    expect(valueCounts(rows, product, display)).toEqual([{ value: "k1", count: 2 }, { value: "gone", count: 1 }]);
    expect(text(inGrid(<ChartLayout columns={[product, note]} rows={rows} display={display} onOpen={() => {}} />))).toContain("Blueberry muffin 2");
  });
});
