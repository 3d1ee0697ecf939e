import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvValueCell, neutralizeFormula } from "./csv";

describe("csvCell", () => {
  it("neutralizes text a spreadsheet would run as a formula (OWASP)", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell("@SUM(1+1)*cmd|' /C calc'!A0")).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
  });

  it("leaves other text, numbers, booleans and lists as they were", () => {
    expect(csvCell("Ada")).toBe("Ada");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(["=x"])).toBe('"[""=x""]"');
    expect(csvCell(null)).toBe("");
    expect(csvCell("1+1=2")).toBe("1+1=2");
  });

  it("writes a value that is not text as given, exact digits and signs kept, quoted only when it must be", () => {
    expect(csvValueCell("-2")).toBe("-2");
    expect(csvValueCell("12345678901234567890.123456789")).toBe("12345678901234567890.123456789");
    expect(csvValueCell("-infinity")).toBe("-infinity");
    expect(csvValueCell('["=x","a,b"]')).toBe('"[""=x"",""a,b""]"');
    expect(csvValueCell(false)).toBe("false");
    expect(csvValueCell(null)).toBe("");
  });

  it("never lets a cell start with a formula character", () => {
    fc.assert(fc.property(fc.string(), (text) => {
      expect(neutralizeFormula(text)).not.toMatch(/^[=+\-@\t\r]/);
      expect(neutralizeFormula(text).endsWith(text)).toBe(true);
    }));
  });
});
