/**
 * Block operations of the form editor (spec 2 §4), as pure functions over the flat block
 * list. The editor applies them optimistically and the server applies the same functions
 * to decide what it stores, so both agree on where a block lands.
 *
 * - New: a section has no parent; another block goes under the focused block's parent (a
 *   focused section or group takes it as its last child) or, without focus, into the last
 *   section; it is inserted right after the focused block. The first section of a form
 *   that has blocks takes them all in.
 * - Delete: removes the block and everything inside it; their fields are freed.
 * - Sort: the block moves in the visual (depth-first) order and is re-parented to the
 *   nearest section or group above its new place.
 */
import { buildTree } from "../tree";
import type { BlockType, TreeNode } from "../form-model";

export interface BlockRef {
  id: string;
  type: BlockType;
  parent_id: string | null;
  local_index: number;
  form_field_id?: string | null;
}

/** Where a block sits: its parent and its index among its siblings. */
export interface BlockPlace { id: string; parent_id: string | null; local_index: number }

export type BlockOpError = "BLOCK_NOT_FOUND" | "BLOCK_OUTSIDE_SECTION";

const isContainer = (type: BlockType) => type === "section" || type === "group";

/** Every block in the order a visitor sees them: depth first, siblings by `local_index`. */
export function visualOrder(blocks: readonly BlockRef[]): BlockRef[] {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const out: BlockRef[] = [];
  const walk = (nodes: TreeNode[]) => nodes.forEach((node) => {
    out.push(byId.get(node.id)!);
    walk(node.children);
  });
  walk(buildTree(blocks));
  return out;
}

/** The block and everything inside it. */
export function subtreeIds(blocks: readonly BlockRef[], id: string): Set<string> {
  const ids = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const b of blocks) {
      if (b.parent_id && ids.has(b.parent_id) && !ids.has(b.id)) {
        ids.add(b.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Siblings of `parent_id` in order, with `insert` placed after `after` (or last). */
function reindex(blocks: readonly BlockRef[], parent_id: string | null, insert?: { id: string; after: string | null | "start" }): BlockPlace[] {
  const siblings = blocks.filter((b) => b.parent_id === parent_id && b.id !== insert?.id)
    .sort((a, b) => a.local_index - b.local_index).map((b) => b.id);
  if (insert) {
    const at = insert.after === "start" ? 0 : insert.after === null ? siblings.length : siblings.indexOf(insert.after) + 1;
    siblings.splice(at < 0 ? siblings.length : at, 0, insert.id);
  }
  return siblings.map((id, local_index) => ({ id, parent_id, local_index }));
}

/** Only the places that differ from the blocks as they are. */
function changed(blocks: readonly BlockRef[], places: BlockPlace[]): BlockPlace[] {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  return places.filter((p) => {
    const b = byId.get(p.id);
    return !b || b.parent_id !== p.parent_id || b.local_index !== p.local_index;
  });
}

/**
 * Where a new block of `type` goes, given the focused block (spec 2 §4 "New"): the places
 * to write, the new block's own first. `id` is the new block's id.
 */
export function placeNewBlock(blocks: readonly BlockRef[], id: string, type: BlockType, focusId: string | null): BlockPlace[] {
  const focus = focusId ? blocks.find((b) => b.id === focusId) : undefined;
  // The first section of a form takes in the blocks already there, in order: a form with
  // sections has nothing but sections at the top level.
  const loose = blocks.filter((b) => b.parent_id === null).sort((a, b) => a.local_index - b.local_index);
  if (type === "section" && loose.length && !loose.some((b) => b.type === "section")) {
    return [{ id, parent_id: null, local_index: 0 }, ...loose.map((b, local_index) => ({ id: b.id, parent_id: id, local_index }))];
  }
  let parent_id: string | null;
  let after: string | null;
  if (type === "section") {
    // After the top-level section (or block) that holds the focus, else last.
    let top = focus;
    while (top?.parent_id) top = blocks.find((b) => b.id === top!.parent_id);
    parent_id = null;
    after = top?.id ?? null;
  } else if (focus && isContainer(focus.type)) {
    parent_id = focus.id;
    after = null;
  } else if (focus) {
    parent_id = focus.parent_id;
    after = focus.id;
  } else {
    const sections = blocks.filter((b) => b.type === "section" && b.parent_id === null).sort((a, b) => a.local_index - b.local_index);
    parent_id = sections.at(-1)?.id ?? null;
    after = null;
  }
  const places = reindex(blocks, parent_id, { id, after });
  const own = places.find((p) => p.id === id)!;
  return [own, ...changed(blocks, places.filter((p) => p.id !== id))];
}

/** Deleting a block (spec 2 §4 "Delete"): the ids to remove and the siblings to renumber. */
export function deleteBlock(blocks: readonly BlockRef[], id: string): { removed: string[]; places: BlockPlace[] } | BlockOpError {
  const block = blocks.find((b) => b.id === id);
  if (!block) return "BLOCK_NOT_FOUND";
  const removed = subtreeIds(blocks, id);
  const rest = blocks.filter((b) => !removed.has(b.id));
  return { removed: [...removed], places: changed(rest, reindex(rest, block.parent_id)) };
}

/**
 * Moving a block to `toIndex` of the visual order, counted without the block and its
 * contents (spec 2 §4 "Sort"): it lands before the block now at `toIndex` (or last) and
 * takes the nearest section or group above as its parent. A section stays at the top level
 * and carries its contents; a group goes under the nearest section. In a form with sections,
 * a block cannot land above the first section.
 */
export function moveBlock(blocks: readonly BlockRef[], id: string, toIndex: number): BlockPlace[] | BlockOpError {
  const block = blocks.find((b) => b.id === id);
  if (!block) return "BLOCK_NOT_FOUND";
  const moving = subtreeIds(blocks, id);
  const others = visualOrder(blocks).filter((b) => !moving.has(b.id));
  const at = Math.max(0, Math.min(toIndex, others.length));
  const above = others.slice(0, at);
  const hasSections = blocks.some((b) => b.type === "section");

  const byId = new Map(blocks.map((b) => [b.id, b]));
  // Sections take the top level; groups the nearest section; other blocks any container.
  const takes = (container: BlockRef) =>
    block.type === "section" ? false : block.type === "group" ? container.type === "section" : isContainer(container.type);
  // Walk up from the block just above: the first container that takes the block is its
  // parent, and the block goes right after that container's child on the way.
  let parent_id: string | null = null;
  let after: string | null | "start" = "start";
  const prev = above.at(-1);
  if (prev && takes(prev)) {
    parent_id = prev.id;
  } else {
    let child = prev;
    while (child) {
      const parent = child.parent_id ? byId.get(child.parent_id) : undefined;
      if (!parent || takes(parent)) {
        parent_id = parent?.id ?? null;
        after = child.id;
        break;
      }
      child = parent;
    }
  }
  if (block.type !== "section" && parent_id === null && hasSections) return "BLOCK_OUTSIDE_SECTION";
  const moved = blocks.map((b) => (b.id === id ? { ...b, parent_id } : b));
  const places = [...reindex(moved, parent_id, { id, after })];
  if (block.parent_id !== parent_id) places.push(...reindex(moved.filter((b) => b.id !== id), block.parent_id));
  return changed(blocks, places);
}

/** Applies places to blocks (for optimistic updates and tests). */
export function applyPlaces<T extends BlockRef>(blocks: readonly T[], places: readonly BlockPlace[]): T[] {
  const byId = new Map(places.map((p) => [p.id, p]));
  return blocks.map((b) => {
    const p = byId.get(b.id);
    return p ? { ...b, parent_id: p.parent_id, local_index: p.local_index } : b;
  });
}

/** Fields no block shows: the ones the insert menu offers to place again (`available_field_ids`). */
export function availableFieldIds(fieldIds: readonly string[], blocks: readonly BlockRef[]): string[] {
  const used = new Set(blocks.map((b) => b.form_field_id).filter(Boolean));
  return fieldIds.filter((id) => !used.has(id));
}
