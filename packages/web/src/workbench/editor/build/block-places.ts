/**
 * Where blocks sit in the visual order, and how to put deleted blocks back where they were
 * (the inverse of a delete): recreate each in visual order after its previous sibling (or
 * in its parent), then sort it to its old visual index if that did not land it there.
 */
import { FieldDefinition, subtreeIds, visualOrder, type EditorDocument, type FormBlock } from "@fieldwork/core";
import { applyRequest, definitionOf, type EditorRequest } from "./editor-request";

export const orderOf = (doc: EditorDocument) => visualOrder(doc.blocks) as FormBlock[];

/** The block's index in the visual order without itself and its contents (moveBlock's index). */
export function sortIndexOf(doc: EditorDocument, id: string): number {
  return orderOf(doc).findIndex((b) => b.id === id);
}

/**
 * Where Move up / Move down send `id` (moveBlock's index), or null when it cannot go. A block
 * steps one place; a section steps over the whole section above or below it (one place up
 * would only land it back after that section, whose last block it would follow).
 */
export function stepIndexOf(doc: EditorDocument, id: string, step: 1 | -1): number | null {
  const block = doc.blocks.find((b) => b.id === id);
  if (!block) return null;
  const at = sortIndexOf(doc, id);
  if (block.type !== "section") return at + step >= 0 ? at + step : null;
  const moving = subtreeIds(doc.blocks, id);
  const others = orderOf(doc).filter((b) => !moving.has(b.id));
  const sections = others.filter((b) => b.type === "section" && b.parent_id === null);
  // The sections above (those before `at` in the order without this one) and below.
  const above = sections.filter((s) => others.indexOf(s) < at);
  const below = sections.filter((s) => others.indexOf(s) >= at);
  if (step === -1) {
    const prev = above.at(-1);
    return prev ? others.indexOf(prev) : null;
  }
  const next = below[0];
  return next ? others.indexOf(next) + subtreeIds(doc.blocks, next.id).size : null;
}

/** The block visually before or after `id` (keyboard focus). */
export function neighbourOf(doc: EditorDocument, id: string | null, step: 1 | -1): string | null {
  const order = orderOf(doc);
  if (!order.length) return null;
  const at = id ? order.findIndex((b) => b.id === id) : -1;
  if (at < 0) return (step === 1 ? order[0] : order.at(-1))!.id;
  return order[Math.max(0, Math.min(order.length - 1, at + step))]!.id;
}

const isContainer = (b: FormBlock) => b.type === "section" || b.type === "group";

/**
 * The requests that put back `id` and everything inside it as they are in `before`, into
 * `after` (the document once they are gone). With `withFields`, fields shown by these
 * blocks are recreated too (the inverse of deleting a field).
 */
export function restoreRequests(before: EditorDocument, after: EditorDocument, id: string, withFields = false): EditorRequest[] {
  const inside = subtreeIds(before.blocks, id);
  const order = orderOf(before);
  const requests: EditorRequest[] = [];
  let doc = after;
  const push = (request: EditorRequest) => {
    requests.push(request);
    doc = applyRequest(doc, request);
  };
  for (const [visualIndex, block] of order.entries()) {
    if (!inside.has(block.id)) continue;
    const siblings = before.blocks.filter((b) => b.parent_id === block.parent_id && b.local_index < block.local_index)
      .sort((a, b) => a.local_index - b.local_index);
    const prev = siblings.at(-1);
    const focus = block.type === "section" ? prev?.id ?? null : prev && !isContainer(prev) ? prev.id : block.parent_id;
    const field = block.form_field_id ? before.fields.find((f) => f.id === block.form_field_id) : undefined;
    if (block.type === "field") {
      if (!field) continue;
      if (withFields) {
        push({ kind: "create-field", field_id: field.id, block_id: block.id, field: FieldDefinition.parse(definitionOf(field)), focus_block_id: focus });
      } else {
        push({ kind: "create-field-block", block_id: block.id, field_id: field.id, focus_block_id: focus });
      }
    } else {
      push({
        kind: "create-block", block_id: block.id, type: block.type, focus_block_id: focus,
        content: { title_html: block.title_html, description_html: block.description_html, body_html: block.body_html, src: block.src },
      });
    }
    const landed = doc.blocks.find((b) => b.id === block.id)!;
    if (landed.parent_id !== block.parent_id || landed.local_index !== block.local_index) {
      push({ kind: "sort-block", block_id: block.id, to_index: visualIndex });
    }
    if (block.v_hidden === true || block.attributes?.contains_payment) {
      push({ kind: "update-block", block_id: block.id, patch: { ...(block.v_hidden === true ? { v_hidden: true } : {}), ...(block.attributes?.contains_payment ? { contains_payment: true } : {}) } });
    }
  }
  return requests;
}
