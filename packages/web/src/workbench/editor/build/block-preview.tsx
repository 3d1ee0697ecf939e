/** @jsxRuntime automatic */
/**
 * One block drawn as visitors see it, with the public form's own components (respondent/),
 * but alone: the canvas lists a container's contents as blocks of their own. What a
 * visitor would not see (an image without a source, an empty section) gets a quiet note.
 */
import type { FormBlock } from "@fieldwork/core";
import { BlockHeading, BlockNode } from "../../../respondent/block-node";
import { useFormModel } from "../../../respondent/form-model-context";

const Note = ({ children }: { children: string }) => (
  <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-muted">{children}</p>
);

export function BlockPreview({ block }: { block: FormBlock }) {
  const { index } = useFormModel();
  const leaf = { id: block.id, type: block.type, depth: 0, children: [] };
  switch (block.type) {
    case "section":
      return block.title_html || block.description_html
        ? <BlockHeading block={block} level={2} />
        : <p className="text-base text-muted italic">Untitled section</p>;
    case "group":
      return (
        <div className="space-y-1">
          <p className="text-base font-semibold text-fg" dangerouslySetInnerHTML={{ __html: block.title_html || "Group" }} />
          {block.description_html ? <div className="text-sm text-muted" dangerouslySetInnerHTML={{ __html: block.description_html }} /> : null}
        </div>
      );
    case "field": {
      const field = block.form_field_id ? index.fields.get(block.form_field_id) : undefined;
      if (!field) return <Note>This block shows no field.</Note>;
      if (field.type === "hidden") return <Note>{`Hidden field “${field.name}”: filled from the URL, not shown to visitors.`}</Note>;
      return <BlockNode node={leaf} locked />;
    }
    case "image": case "video": case "pdf":
      return block.src ? <BlockNode node={leaf} locked /> : <Note>{`${block.type === "pdf" ? "PDF" : block.type === "image" ? "Image" : "Video"}: no source yet.`}</Note>;
    case "html":
      return block.body_html ? <BlockNode node={leaf} locked /> : <Note>Empty text block.</Note>;
    default:
      return <BlockNode node={leaf} locked />;
  }
}
