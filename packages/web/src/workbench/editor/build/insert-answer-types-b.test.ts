import { describe, expect, it } from "vitest";
import { FIELD_TYPE_ICONS } from "../../field-type-icon";
import { fixtureDocument } from "./build-fixture";
import { insertItems } from "./insert-items";

describe("the insert menu's answer types of issue 22 (part B)", () => {
  const fields = (q: string) => insertItems(fixtureDocument(), q).filter((i) => i.kind === "field");

  it("offers Signature, Canvas and Rich text, found by label or type", () => {
    expect(fields("signature").map((i) => i.label)).toEqual(["Signature"]);
    expect(fields("canvas").map((i) => i.label)).toEqual(["Canvas"]);
    expect(fields("rich").map((i) => i.label)).toEqual(["Rich text"]);
    expect(fields("richtext").map((i) => i.label)).toEqual(["Rich text"]);
  });

  it("gives the signature its own glyph, not rich text's, and the canvas one of its own", () => {
    expect(FIELD_TYPE_ICONS.signature).not.toBe(FIELD_TYPE_ICONS.richtext);
    expect(FIELD_TYPE_ICONS.canvas).not.toBe(FIELD_TYPE_ICONS.richtext);
    expect(new Set([FIELD_TYPE_ICONS.signature, FIELD_TYPE_ICONS.canvas]).size).toBe(2);
  });
});
