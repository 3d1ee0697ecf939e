/**
 * What the insert menu offers: field types the capability table offers and can render,
 * the block types, and fields no block shows any more; filtered by a search on the name.
 */
import { FIELD_TYPE_CAPABILITIES, FIELD_TYPES, fieldTypeLabel, isOfferedFieldType, type EditorDocument, type FieldType } from "@fieldwork/core";
import type { CreatableBlockType } from "./editor-request";

export type InsertItem =
  | { kind: "field"; id: string; label: string; group: "Fields"; type: FieldType }
  | { kind: "block"; id: string; label: string; group: "Layout"; type: CreatableBlockType }
  | { kind: "existing"; id: string; label: string; group: "Unplaced fields"; field_id: string };

const BLOCK_LABELS: [CreatableBlockType, string][] = [
  ["section", "Section"], ["header", "Heading"], ["html", "Text block"], ["divider", "Divider"], ["group", "Group"],
  // "… block", like "Text block": the Image and Video field types (uploads) have the plain names.
  ["image", "Image block"], ["video", "Video block"], ["pdf", "PDF"],
];

export function insertItems(doc: EditorDocument, query: string): InsertItem[] {
  const fields: InsertItem[] = FIELD_TYPES.filter((t) => isOfferedFieldType(t) && FIELD_TYPE_CAPABILITIES[t].renderable)
    .map((type) => ({ kind: "field", id: `field:${type}`, label: fieldTypeLabel(type), group: "Fields", type }));
  const blocks: InsertItem[] = BLOCK_LABELS.map(([type, label]) => ({ kind: "block", id: `block:${type}`, label, group: "Layout", type }));
  const shown = new Set(doc.blocks.map((b) => b.form_field_id));
  const existing: InsertItem[] = doc.fields.filter((f) => !shown.has(f.id))
    .map((f) => ({ kind: "existing", id: `existing:${f.id}`, label: f.label ? `${f.label} (${f.name})` : f.name, group: "Unplaced fields", field_id: f.id }));
  const q = query.trim().toLowerCase();
  const all = [...fields, ...blocks, ...existing];
  if (!q) return all;
  return all.filter((item) => item.label.toLowerCase().includes(q) || ("type" in item && item.type.includes(q)));
}
