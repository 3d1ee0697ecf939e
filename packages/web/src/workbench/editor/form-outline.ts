/**
 * A form's definition file as an outline (pure, tested alone): its sections in order, each
 * with its questions and content blocks, groups flattened. What the Build view shows until
 * the form editor exists.
 */
import type { BlockDefinition, FieldDefinition, FormDefinition } from "@fieldwork/core";

export type OutlineItem =
  | { kind: "field"; name: string; label: string; type: string; required: boolean }
  | { kind: "content"; label: string };

export interface OutlineSection {
  /** The section's title; null for blocks outside any section. */
  title: string | null;
  items: OutlineItem[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The text of owner HTML, for a one-line label (rendered as text, never as HTML). */
export function plainText(html: string | null | undefined): string {
  return (html ?? "").replace(/<[^>]*>/g, " ").replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name]!).replace(/\s+/g, " ").trim();
}

const clip = (text: string, length = 80) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

function itemsOf(block: BlockDefinition, fields: ReadonlyMap<string, FieldDefinition>): OutlineItem[] {
  switch (block.type) {
    case "section":
    case "group":
      return block.children.flatMap((child) => itemsOf(child, fields));
    case "field": {
      const field = fields.get(block.field);
      return field ? [{ kind: "field", name: field.name, label: plainText(field.label) || field.name, type: field.type, required: field.required }] : [];
    }
    case "header":
      return [{ kind: "content", label: `Heading: ${clip(plainText(block.title_html)) || "untitled"}` }];
    case "html":
      return [{ kind: "content", label: `Text: ${clip(plainText(block.body_html)) || "empty"}` }];
    case "image":
    case "video":
      return [{ kind: "content", label: block.type === "image" ? "Image" : "Video" }];
    case "pdf":
      return [{ kind: "content", label: "PDF" }];
    case "divider":
      return [{ kind: "content", label: "Divider" }];
  }
}

export function outlineOf(definition: Pick<FormDefinition, "fields" | "blocks">): OutlineSection[] {
  const fields = new Map(definition.fields.map((field) => [field.name, field]));
  const sections: OutlineSection[] = [];
  for (const block of definition.blocks) {
    if (block.type === "section") {
      sections.push({ title: plainText(block.title_html) || null, items: itemsOf(block, fields) });
      continue;
    }
    const last = sections.at(-1);
    if (last && last.title === null) last.items.push(...itemsOf(block, fields));
    else sections.push({ title: null, items: itemsOf(block, fields) });
  }
  return sections;
}
