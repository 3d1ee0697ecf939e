import { describe, expect, it } from "vitest";
import type { FieldSummary } from "@fieldwork/core";
import { completion, fieldTitle, histogramBars, numericFigures, optionRows, summaryKind, typeLabel } from "./field-summary";

const summary = (over: Partial<FieldSummary>): FieldSummary => ({
  field_id: "f1", name: "plan", label: "Plan", type: "radio", answered: 0, completion_rate: 0, ...over,
});

describe("field cards", () => {
  it("choice fields list options in the field's order, then stored values that are no longer options", () => {
    const rows = optionRows(summary({
      answered: 10,
      options: [
        { value: "free", label: "Free", count: 2 },
        { value: "legacy", label: null, count: 1 },
        { value: "pro", label: "Pro", count: 5 },
        { value: "gold", label: null, count: 2 },
      ],
    }));
    expect(rows.map((r) => r.label)).toEqual(["Free", "Pro", "Other: gold", "Other: legacy"]);
    expect(rows.map((r) => r.percent)).toEqual(["20%", "50%", "20%", "10%"]);
    expect(rows.map((r) => r.width)).toEqual([20, 50, 20, 10]);
    expect(rows.filter((r) => r.other)).toHaveLength(2);
  });

  it("one answer per row: percents add up to 100; several per row: each is a share of those who answered", () => {
    const single = optionRows(summary({ answered: 3, options: [{ value: "a", label: "A", count: 1 }, { value: "b", label: "B", count: 1 }, { value: "c", label: "C", count: 1 }] }));
    expect(single.map((r) => r.percent)).toEqual(["34%", "33%", "33%"]);
    const many = optionRows(summary({ type: "checkboxes", answered: 3, options: [{ value: "a", label: "A", count: 3 }, { value: "b", label: "B", count: 2 }, { value: "c", label: "C", count: 0 }] }));
    expect(many.map((r) => r.percent)).toEqual(["100%", "67%", "0%"]);
  });

  it("an option without a label shows its value; nothing answered shows empty bars", () => {
    const rows = optionRows(summary({ answered: 0, options: [{ value: "x", label: " ", count: 0 }] }));
    expect(rows).toEqual([{ key: "option:x", label: "x", other: false, count: 0, percent: "0%", width: 0 }]);
  });

  it("completion reads as answered of total, never above the total", () => {
    expect(completion(summary({ answered: 42 }), 50, "en-US")).toEqual({ text: "42 of 50 answered", percent: "84%", width: 84 });
    expect(completion(summary({ answered: 51 }), 50, "en-US")).toMatchObject({ percent: "100%", width: 100 });
    expect(completion(summary({ answered: 0 }), 0, "en-US")).toEqual({ text: "0 of 0 answered", percent: "0%", width: 0 });
  });

  it("numeric fields show min, median, avg and max with at most two decimals", () => {
    const numeric = { min: 1, max: 10, avg: 4.3333333, median: 3.5, buckets: [] };
    expect(numericFigures(numeric, "en-US")).toEqual([
      { label: "Min", value: "1" }, { label: "Median", value: "3.5" }, { label: "Avg", value: "4.33" }, { label: "Max", value: "10" },
    ]);
    expect(numericFigures({ min: null, max: null, avg: null, median: null, buckets: [] }).map((f) => f.value)).toEqual(["–", "–", "–", "–"]);
  });

  it("the histogram scales buckets to the tallest and names their ranges", () => {
    const bars = histogramBars({ min: 0, max: 30, avg: 12, median: 10, buckets: [{ from: 0, to: 10, count: 2 }, { from: 10, to: 20, count: 8 }, { from: 20, to: 30, count: 0 }] }, "en-US");
    expect(bars).toEqual([
      { range: "0–10", count: 2, height: 25 }, { range: "10–20", count: 8, height: 100 }, { range: "20–30", count: 0, height: 0 },
    ]);
    expect(histogramBars({ min: 5, max: 5, avg: 5, median: 5, buckets: [{ from: 5, to: 5, count: 3 }] })[0]!.range).toBe("5");
  });

  it("picks the card by what the server sent, and titles it by label, else name", () => {
    expect(summaryKind(summary({ options: [] }))).toBe("choice");
    expect(summaryKind(summary({ type: "number", numeric: { min: null, max: null, avg: null, median: null, buckets: [] } }))).toBe("numeric");
    expect(summaryKind(summary({ type: "text" }))).toBe("plain");
    expect(fieldTitle(summary({ label: null }))).toBe("plan");
    expect(typeLabel("datetime-local")).toBe("Date and time");
    expect(typeLabel("mystery")).toBe("mystery");
  });
});
