import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prefixTsquery } from "./prefix-search";

describe("prefixTsquery", () => {
  it("ands the words and matches the last one as a prefix", () => {
    expect(prefixTsquery("hopp")).toBe("'hopp':*");
    expect(prefixTsquery("  grace   hopp ")).toBe("'grace' & 'hopp':*");
  });

  it("quotes tsquery syntax as characters: quotes doubled, backslashes escaped, controls dropped", () => {
    expect(prefixTsquery("it's")).toBe("'it''s':*");
    expect(prefixTsquery("a\\ b")).toBe("'a\\\\' & 'b':*");
    expect(prefixTsquery("x:* | !y")).toBe("'x:*' & '|' & '!y':*");
    expect(prefixTsquery("a\u0000b\nc")).toBe("'a' & 'b' & 'c':*");
    expect(prefixTsquery(" \t\u0000")).toBe("");
  });

  it("gives every word one quoted lexeme whose content reads back as the word", () => {
    const word = fc.string({ minLength: 1, maxLength: 12 }).filter((w) => !/[\s\u0000-\u001f\u007f]/.test(w));
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
      const query = prefixTsquery(words.join(" "));
      // Read the lexemes back the way Postgres does: '' is a quote, \x is x.
      const read: string[] = [];
      const pattern = /'((?:[^'\\]|''|\\.)*)'(:\*)?/gsy;
      let rest = query;
      for (const [i] of words.entries()) {
        pattern.lastIndex = 0;
        const match = pattern.exec(rest);
        expect(match, query).not.toBeNull();
        read.push(match![1]!.replace(/''|\\(.)/gs, (m: string, c?: string) => (m === "''" ? "'" : c!)));
        expect(Boolean(match![2]), query).toBe(i === words.length - 1);
        rest = rest.slice(match![0].length).replace(/^ & /, "");
      }
      expect(rest).toBe("");
      expect(read).toEqual(words);
    }));
  });
});
