import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCrlf } from "./copy-crlf";

/** A CSV field as COPY writes one: bare, or quoted with quotes doubled (line breaks inside). */
const field = fc.oneof(
  fc.stringMatching(/^[^",\r\n]*$/),
  fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", "é") }).map((s) => `"${s.replaceAll('"', '""')}"`),
);
const rows = fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 });

describe("csvCrlf", () => {
  it("ends every row with CRLF and leaves line breaks inside quoted fields alone, however the chunks fall", () => {
    fc.assert(fc.property(rows, fc.array(fc.nat(), { maxLength: 6 }), (table, cuts) => {
      const lf = Buffer.from(table.map((r) => `${r.join(",")}\n`).join(""));
      const expected = table.map((r) => `${r.join(",")}\r\n`).join("");
      const points = [...new Set(cuts.map((c) => c % (lf.length + 1)))].sort((a, b) => a - b);
      const crlf = csvCrlf();
      const out: Buffer[] = [];
      let from = 0;
      for (const p of [...points, lf.length]) {
        out.push(crlf(lf.subarray(from, p)));
        from = p;
      }
      expect(Buffer.concat(out).toString()).toBe(expected);
    }), { numRuns: 500 });
  });

  it("passes a chunk with no row end as it is", () => {
    const chunk = Buffer.from('a,"b\nc');
    expect(csvCrlf()(chunk)).toBe(chunk);
  });
});
