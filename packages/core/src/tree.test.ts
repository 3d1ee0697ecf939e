import { describe, expect, it } from "vitest";
import { buildTree, sectionIds } from "./tree";

describe("buildTree", () => {
  it("orders children by local_index under their parent and records depth", () => {
    const tree = buildTree([
      { id: "s2", type: "section", parent_id: null, local_index: 1 },
      { id: "s1", type: "section", parent_id: null, local_index: 0 },
      { id: "f2", type: "field", parent_id: "s1", local_index: 1 },
      { id: "f1", type: "field", parent_id: "s1", local_index: 0 },
      { id: "orphan", type: "field", parent_id: "gone", local_index: 5 },
    ]);
    expect(tree.map((n) => n.id)).toEqual(["s1", "s2", "orphan"]);
    expect(tree[0]!.children.map((n) => [n.id, n.depth])).toEqual([["f1", 1], ["f2", 1]]);
    expect(sectionIds(tree)).toEqual(["s1", "s2"]);
  });

  it("survives a parent cycle without looping", () => {
    const tree = buildTree([
      { id: "a", type: "group", parent_id: "b", local_index: 0 },
      { id: "b", type: "group", parent_id: "a", local_index: 0 },
    ]);
    expect(tree).toEqual([]);
  });
});
