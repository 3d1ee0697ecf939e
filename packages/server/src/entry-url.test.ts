import { describe, expect, it } from "vitest";
import { entryUrl } from "./entry-url";

describe("entryUrl", () => {
  it("is the TypeScript source when the server runs from source", () => {
    const source = new URL("./main.ts", import.meta.url);
    expect(entryUrl("main", source)).toBe(source);
  });
});
