import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BlockType } from "../form-model";
import { applyPlaces, availableFieldIds, deleteBlock, moveBlock, placeNewBlock, visualOrder, type BlockRef } from "./block-ops";

const b = (id: string, type: BlockType, parent_id: string | null, local_index: number, form_field_id: string | null = null): BlockRef =>
  ({ id, type, parent_id, local_index, form_field_id });

/** S1 [a, G1 [g1], b], S2 [c] */
const FORM: BlockRef[] = [
  b("S1", "section", null, 0), b("a", "field", "S1", 0, "fa"), b("G1", "group", "S1", 1), b("g1", "field", "G1", 0, "fg"),
  b("b", "field", "S1", 2, "fb"), b("S2", "section", null, 1), b("c", "field", "S2", 0, "fc"),
];

const order = (blocks: BlockRef[]) => visualOrder(blocks).map((x) => `${x.id}<${x.parent_id ?? "-"}`).join(" ");
const place = (blocks: BlockRef[], id: string, type: BlockType, focus: string | null) =>
  applyPlaces([...blocks, b(id, type, null, 999)], placeNewBlock(blocks, id, type, focus));
const move = (blocks: BlockRef[], id: string, to: number) => {
  const places = moveBlock(blocks, id, to);
  if (typeof places === "string") return places;
  return order(applyPlaces(blocks, places));
};

describe("placeNewBlock (spec 2 §4 New)", () => {
  it("puts a block right after the focused block, under its parent", () => {
    expect(order(place(FORM, "n", "field", "a"))).toBe("S1<- a<S1 n<S1 G1<S1 g1<G1 b<S1 S2<- c<S2");
    expect(order(place(FORM, "n", "html", "g1"))).toBe("S1<- a<S1 G1<S1 g1<G1 n<G1 b<S1 S2<- c<S2");
  });

  it("puts a block inside a focused section or group, last", () => {
    expect(order(place(FORM, "n", "field", "S1"))).toBe("S1<- a<S1 G1<S1 g1<G1 b<S1 n<S1 S2<- c<S2");
    expect(order(place(FORM, "n", "divider", "G1"))).toBe("S1<- a<S1 G1<S1 g1<G1 n<G1 b<S1 S2<- c<S2");
  });

  it("without focus, uses the last section; a form without sections takes it at the top level", () => {
    expect(order(place(FORM, "n", "field", null))).toBe("S1<- a<S1 G1<S1 g1<G1 b<S1 S2<- c<S2 n<S2");
    expect(order(place([b("x", "field", null, 0)], "n", "field", null))).toBe("x<- n<-");
  });

  it("puts the blocks of a form without sections into its first section", () => {
    const loose = [b("x", "field", null, 0, "fx"), b("y", "html", null, 1)];
    expect(order(place(loose, "n", "section", "y"))).toBe("n<- x<n y<n");
    expect(order(place([], "n", "section", null))).toBe("n<-");
  });

  it("gives a section no parent, after the section that holds the focus", () => {
    expect(order(place(FORM, "n", "section", "g1"))).toBe("S1<- a<S1 G1<S1 g1<G1 b<S1 n<- S2<- c<S2");
    expect(order(place(FORM, "n", "section", null))).toBe("S1<- a<S1 G1<S1 g1<G1 b<S1 S2<- c<S2 n<-");
  });
});

describe("moveBlock (spec 2 §4 Sort)", () => {
  it("re-parents a block to the nearest section or group above its new place", () => {
    // Visual order without c: S1 a G1 g1 b S2 — index 4 lands before b, after g1 inside G1.
    expect(move(FORM, "c", 4)).toBe("S1<- a<S1 G1<S1 g1<G1 c<G1 b<S1 S2<-");
    expect(move(FORM, "c", 5)).toBe("S1<- a<S1 G1<S1 g1<G1 b<S1 c<S1 S2<-");
    expect(move(FORM, "a", 3)).toBe("S1<- G1<S1 g1<G1 a<G1 b<S1 S2<- c<S2");
    expect(move(FORM, "b", 1)).toBe("S1<- b<S1 a<S1 G1<S1 g1<G1 S2<- c<S2");
  });

  it("moves a section with everything inside it, and keeps it at the top level", () => {
    expect(move(FORM, "S2", 0)).toBe("S2<- c<S2 S1<- a<S1 G1<S1 g1<G1 b<S1");
    expect(move(FORM, "S1", 2)).toBe("S2<- c<S2 S1<- a<S1 G1<S1 g1<G1 b<S1");
  });

  it("keeps a group inside a section, and a block inside some section", () => {
    expect(move(FORM, "G1", 5)).toBe("S1<- a<S1 b<S1 S2<- c<S2 G1<S2 g1<G1");
    expect(moveBlock(FORM, "a", 0)).toBe("BLOCK_OUTSIDE_SECTION");
    expect(moveBlock(FORM, "nope", 0)).toBe("BLOCK_NOT_FOUND");
  });

  it("renumbers siblings without gaps wherever blocks go", () => {
    fc.assert(fc.property(fc.constantFrom(...FORM.map((x) => x.id)), fc.integer({ min: -2, max: 9 }), (id, to) => {
      const places = moveBlock(FORM, id, to);
      if (typeof places === "string") return;
      const after = applyPlaces(FORM, places);
      expect(after).toHaveLength(FORM.length);
      for (const parent of new Set(after.map((x) => x.parent_id))) {
        const indexes = after.filter((x) => x.parent_id === parent).map((x) => x.local_index).sort((m, n) => m - n);
        expect(indexes).toEqual(indexes.map((_, i) => i));
      }
      expect(after.filter((x) => x.parent_id === null).every((x) => x.type === "section")).toBe(true);
    }));
  });
});

describe("deleteBlock (spec 2 §4 Delete)", () => {
  it("removes a block with its contents, renumbers its siblings and frees their fields", () => {
    const result = deleteBlock(FORM, "G1");
    if (typeof result === "string") throw new Error(result);
    expect(result.removed.sort()).toEqual(["G1", "g1"]);
    expect(result.places).toEqual([{ id: "b", parent_id: "S1", local_index: 1 }]);
    const rest = applyPlaces(FORM.filter((x) => !result.removed.includes(x.id)), result.places);
    expect(availableFieldIds(["fa", "fg", "fb", "fc"], rest)).toEqual(["fg"]);
  });
});
